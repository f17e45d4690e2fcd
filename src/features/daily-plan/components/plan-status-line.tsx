import { Loader2 } from "lucide-react";
import type { ReactNode } from "react";
import type { DailyReport, DailyStatus } from "@contract/daily";
import { Badge } from "@/components/ui/badge";
import { cachedBadge, isReportEmpty, messages } from "../lib/daily-plan-view";
import { GenerateButton } from "./generate-button";
import type { useDailyPlan } from "./use-daily-plan";

/** The cache badges of a shown report: "Cached Nh ago" and, when stale, "Not up-to-date". */
export function CacheBadges({ status }: { status: DailyStatus | undefined }) {
  if (!status?.cached_report) return null;
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {status.cache_age_hours !== null && (
        <Badge variant="secondary">{cachedBadge(status.cache_age_hours)}</Badge>
      )}
      {!status.cache_is_valid && <Badge variant="warning">{messages.notUpToDate}</Badge>}
    </div>
  );
}

export function OutdatedHint({ status }: { status: DailyStatus | undefined }) {
  if (!status?.cached_report || status.cache_is_valid) return null;
  return <p className="text-sm text-amber-700 dark:text-amber-300">{messages.outdatedHint}</p>;
}

/** The running-generation state: "AI is analyzing your tasks..." with the 30-60 s hint. */
export function GeneratingState() {
  return (
    <div role="status" className="flex flex-col items-center gap-2 py-6 text-center">
      <Loader2 className="size-6 animate-spin text-primary" aria-hidden />
      <p className="font-medium">{messages.generating}</p>
      <p className="text-sm text-muted-foreground">{messages.generatingHint}</p>
    </div>
  );
}

export function LoadingState() {
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-muted-foreground">
      <Loader2 className="size-4 animate-spin" aria-hidden />
      {messages.loading}
    </div>
  );
}

type DailyPlan = ReturnType<typeof useDailyPlan>;

/**
 * The plan's states, shared by the dashboard card and the Daily Plan page: generating, loading,
 * failed, a report (drawn by `children`), or the empty state.
 */
export function PlanBody({
  plan,
  children,
}: {
  plan: DailyPlan;
  children: (report: DailyReport) => ReactNode;
}) {
  const { status, generation, report, emptyState } = plan;
  if (generation.isGenerating) return <GeneratingState />;
  if (status.isLoading) return <LoadingState />;
  if (status.isError) {
    return (
      <p className="text-sm text-muted-foreground">The daily plan could not be loaded. Please try again.</p>
    );
  }
  if (report && !isReportEmpty(report)) return children(report);
  return (
    <p className="py-4 text-center text-sm text-muted-foreground">
      {report ? messages.noTasks : emptyState?.text}
    </p>
  );
}

/** The generate control, only when can_use_llm. */
export function PlanGenerateButton({ plan }: { plan: DailyPlan }) {
  if (!plan.showGenerate) return null;
  return (
    <GenerateButton
      hasReport={plan.report !== null}
      disabled={plan.generateDisabled}
      onGenerate={plan.generation.generate}
    />
  );
}
