import type { PremiumLimit } from "@contract/premium";
import { Sparkles } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { UsageMeter } from "@/components/ui/usage-meter";

interface ExtractionUsageCardProps {
  usage: PremiumLimit | undefined;
  isError: boolean;
}

/** The Extract screen's AI usage card: used / limit, a bar, the remaining count. */
export function ExtractionUsageCard({ usage, isError }: ExtractionUsageCardProps) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <h2 className="flex items-center gap-2 font-semibold leading-none">
          <Sparkles aria-hidden className="size-4 text-primary" />
          AI Usage
        </h2>
        <CardDescription>AI Analysis uses this month. Pattern extraction is free.</CardDescription>
      </CardHeader>
      <CardContent>
        {usage ? (
          <UsageMeter used={usage.current_usage} limit={usage.usage_limit} />
        ) : isError ? (
          <p className="text-sm text-muted-foreground">Could not load your AI usage.</p>
        ) : (
          <div className="space-y-2" aria-label="Loading AI usage">
            <Skeleton className="h-7 w-24" />
            <Skeleton className="h-2 w-full" />
            <Skeleton className="h-4 w-32" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
