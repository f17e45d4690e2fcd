import { usagePercentage, type PremiumLimit } from "@contract/premium";
import { Sparkles } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";

interface ExtractionUsageCardProps {
  usage: PremiumLimit | undefined;
  isError: boolean;
}

/** spec §2: the AI usage card of the Extract screen: used / limit, a bar, the remaining count. */
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
          <UsageFigures usage={usage} />
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

function UsageFigures({ usage }: { usage: PremiumLimit }) {
  const { current_usage: used, usage_limit: limit } = usage;
  // spec §9: the bar is capped at 100 %; usage past the limit still reads as used / limit.
  const percent = usagePercentage(used, limit);
  const remaining = Math.max(0, limit - used);
  return (
    <div className="space-y-2">
      <p className="text-2xl font-semibold tabular-nums">
        {used} / {limit}
        <span className="ml-2 text-sm font-normal text-muted-foreground">used</span>
      </p>
      <Progress
        value={percent}
        aria-label="AI usage this month"
        aria-valuetext={`${used} of ${limit} used`}
      />
      <p className="text-sm text-muted-foreground">
        <span className="font-medium text-foreground tabular-nums">{remaining}</span> remaining
      </p>
    </div>
  );
}
