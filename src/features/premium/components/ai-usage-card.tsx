import { Sparkles } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { UsageMeter } from "@/components/ui/usage-meter";
import { formatDate } from "@/lib/date-format";
import { useSessionStore } from "@/stores/session-store";
import { usePremiumLimit, usePremiumResetDate } from "@/api/premium/premium-queries";

/**
 * The monthly AI usage (GET /premium/limit), for any screen that shows it (dashboard, premium);
 * the reset date is added when the server tells it.
 */
export function AiUsageCard({ className }: { className?: string }) {
  const limit = usePremiumLimit();
  const resetDate = usePremiumResetDate();
  const timeZone = useSessionStore((state) => state.user?.timezone);
  const resetsOn = resetDate.data ? formatDate(resetDate.data.reset_date, timeZone, "date") : "";

  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Sparkles aria-hidden className="size-4 text-primary" />
          AI Usage
        </CardTitle>
        <CardDescription>
          {resetsOn ? `Monthly usage · resets on ${resetsOn}` : "Monthly usage"}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {limit.data ? (
          <UsageMeter used={limit.data.current_usage} limit={limit.data.usage_limit} />
        ) : limit.isError ? (
          <p className="text-sm text-muted-foreground">Could not load your AI usage.</p>
        ) : (
          <div className="space-y-2" aria-label="Loading AI usage">
            <Skeleton className="h-7 w-24" />
            <Skeleton className="h-2 w-full" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
