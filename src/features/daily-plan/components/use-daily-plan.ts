import { useSessionStore } from "@/stores/session-store";
import { useDailyStatus } from "@/api/daily-plan/daily-plan-queries";
import { useDailyPlanGeneration } from "@/api/daily-plan/daily-plan-generation";
import { emptyStateOf, reportToShow } from "../lib/daily-plan-view";

/** What the card and the page both show: status, report, and the generate control's state. */
export function useDailyPlan() {
  const status = useDailyStatus();
  const generation = useDailyPlanGeneration();
  const timeZone = useSessionStore((state) => state.user?.timezone);
  const report = reportToShow(status.data, generation.result);
  return {
    status,
    generation,
    timeZone,
    report,
    emptyState: status.data ? emptyStateOf(status.data) : undefined,
    // The button only when can_use_llm; disabled while loading or fetching.
    showGenerate: status.data?.can_use_llm === true,
    generateDisabled: status.isLoading || status.isFetching || generation.isGenerating,
  };
}
