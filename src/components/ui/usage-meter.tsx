import { usagePercentage } from "@contract/premium";
import { Progress } from "@/components/ui/progress";
import { cn } from "@/lib/cn";

interface UsageMeterProps {
  used: number;
  limit: number;
  /** Only the bar, for a narrow place that shows the figures itself (the sidebar's badge). */
  barOnly?: boolean;
  className?: string;
}

/**
 * The monthly AI usage: "used / limit", a bar capped at 100 % (usage past the limit still reads
 * as used / limit) and what is left, never below zero.
 */
export function UsageMeter({ used, limit, barOnly = false, className }: UsageMeterProps) {
  const percent = usagePercentage(used, limit);
  const bar = (
    <Progress
      value={percent}
      aria-label="AI usage this month"
      aria-valuetext={`${used} of ${limit} used`}
      className={barOnly ? className : undefined}
    />
  );
  if (barOnly) return bar;
  const remaining = Math.max(0, limit - used);
  return (
    <div className={cn("space-y-2", className)}>
      <div className="flex items-baseline justify-between gap-2">
        <p className="text-2xl font-semibold tabular-nums">
          {used} / {limit}
        </p>
        <p className="text-sm text-muted-foreground tabular-nums">{percent}% used</p>
      </div>
      {bar}
      <p className="text-sm text-muted-foreground">
        <span className="font-medium text-foreground tabular-nums">{remaining}</span> remaining
      </p>
    </div>
  );
}
