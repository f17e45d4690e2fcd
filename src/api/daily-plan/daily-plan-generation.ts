import { DAILY_GENERATION_TIMEOUT_MS, DAILY_POLL_INTERVAL_MS } from "@contract/daily";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useDailyPlanGenerationStore } from "@/stores/daily-plan-generation-store";
import { refreshAiUsage } from "../premium/premium-queries";
import { queryKeys } from "../query-keys";
import { fetchGenerationProgress, startDailyGeneration } from "./daily-plan-queries";

/**
 * Starts a daily-plan generation and polls it every 1.5 s: on completed the result is shown and
 * the daily status refetched; on failed the error is logged and polling stops; after 2 minutes a
 * warning is logged and polling stops. Failures are only logged, not toasted: the user can simply
 * try again.
 */
export function useDailyPlanGeneration() {
  const queryClient = useQueryClient();
  const { requestId, startedAt, result, begin, end } = useDailyPlanGenerationStore();

  const start = useMutation({
    mutationFn: startDailyGeneration,
    onSuccess: (id) => begin(id, Date.now()),
    onError: (error) => console.error("Could not start the daily plan generation", error),
  });

  const progress = useQuery({
    queryKey: queryKeys.daily.generation(requestId ?? "none"),
    queryFn: ({ signal }) => fetchGenerationProgress(requestId!, signal),
    enabled: requestId !== null,
    refetchInterval: DAILY_POLL_INTERVAL_MS,
    refetchIntervalInBackground: true,
    retry: false,
    gcTime: 0,
  });

  useEffect(() => {
    if (!requestId || !progress.data) return;
    if (progress.data.status === "completed") {
      end(progress.data.result);
      void queryClient.invalidateQueries({ queryKey: queryKeys.daily.status() });
      // A completed plan was charged one AI use: the usage figures (dashboard's AI Usage card,
      // the shell's badge) must move with it.
      void refreshAiUsage(queryClient);
    } else if (progress.data.status === "failed") {
      console.error("Daily plan generation failed:", progress.data.error ?? "unknown error");
      end();
    }
  }, [requestId, progress.data, end, queryClient]);

  useEffect(() => {
    if (!progress.error) return;
    console.error("Polling the daily plan generation failed", progress.error);
  }, [progress.error]);

  useEffect(() => {
    if (!requestId || startedAt === null) return;
    const remaining = Math.max(0, startedAt + DAILY_GENERATION_TIMEOUT_MS - Date.now());
    const timer = setTimeout(() => {
      console.warn("Daily plan generation timed out after 2 minutes; stopped polling");
      end();
    }, remaining);
    return () => clearTimeout(timer);
  }, [requestId, startedAt, end]);

  return {
    generate: () => start.mutate(),
    isGenerating: start.isPending || requestId !== null,
    result,
  };
}
