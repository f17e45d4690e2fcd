import { usagePercentage, type PremiumLimit } from "@contract/premium";
import { Sparkles } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { formatLocalDate } from "@/lib/time-zones";
import { useSessionStore } from "@/stores/session-store";
import { usePremiumLimit, usePremiumResetDate } from "@/lib/premium-queries";

/** "used / limit", a bar capped at 100 % (spec §9) and what is left, from two numbers. */
export function AiUsageMeter({ usage, className }: { usage: PremiumLimit; className?: string }) {
  const { current_usage: used, usage_limit: limit } = usage;
  const percent = usagePercentage(used, limit);
  const remaining = Math.max(0, limit - used);
  return (
    <div className={cn("space-y-2", className)}>
      <div className="flex items-baseline justify-between gap-2">
        <p className="text-2xl font-semibold tabular-nums">
          {used} / {limit}
        </p>
        <p className="text-sm text-muted-foreground tabular-nums">{percent}% used</p>
      </div>
      <Progress value={percent} aria-label="AI usage" aria-valuetext={`${used} of ${limit} AI uses`} />
      <p className="text-sm text-muted-foreground">
        <span className="font-medium text-foreground tabular-nums">{remaining}</span> remaining this month
      </p>
    </div>
  );
}

/**
 * The monthly AI usage (GET /premium/limit), for any screen that shows it (dashboard, premium);
 * the reset date is added when the server tells it.
 */
export function AiUsageCard({ className }: { className?: string }) {
  const limit = usePremiumLimit();
  const resetDate = usePremiumResetDate();
  const timeZone = useSessionStore((state) => state.user?.timezone);
  const resetsOn = resetDate.data ? formatLocalDate(resetDate.data.reset_date, timeZone, "PP") : "";

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
          <AiUsageMeter usage={limit.data} />
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
