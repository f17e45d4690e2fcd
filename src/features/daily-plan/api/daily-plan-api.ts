import {
  dailyStatusFromWire,
  generationProgressFromWire,
  type DailyStatus,
  type GenerationProgress,
} from "@contract/daily";
import { apiRoutes, pathFor } from "@contract/routes";
import { toWireStatus, type TaskStatus } from "@contract/tasks";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/toaster";
import { apiClient, errorMessage } from "@/lib/api-client";
import { keysStaleAfterTaskChange, queryKeys } from "@/lib/query-keys";

async function fetchDailyStatus(signal?: AbortSignal): Promise<DailyStatus> {
  const response = await apiClient.get<unknown>(apiRoutes.dailyStatus.path, { signal });
  return dailyStatusFromWire(response.data);
}

export async function startDailyGeneration(): Promise<string> {
  const response = await apiClient.post<{ request_id?: unknown }>(apiRoutes.generateDaily.path);
  const id = response.data?.request_id;
  if (typeof id !== "string" && typeof id !== "number")
    throw new Error("The server did not return a request id");
  return String(id);
}

export async function fetchGenerationProgress(
  requestId: string,
  signal?: AbortSignal,
): Promise<GenerationProgress> {
  const response = await apiClient.get<unknown>(pathFor(apiRoutes.generationStatus.path, { id: requestId }), {
    signal,
  });
  return generationProgressFromWire(response.data);
}

export const dailyQueries = {
  status: () =>
    queryOptions({
      queryKey: queryKeys.daily.status(),
      queryFn: ({ signal }) => fetchDailyStatus(signal),
    }),
};

/** GET /api/v1/tasks/daily/status */
export function useDailyStatus() {
  return useQuery(dailyQueries.status());
}

/** Ticks a task off (or back) from the plan; refreshes what a task change makes stale (spec §4). */
export function useSetTaskStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: TaskStatus }) =>
      apiClient.put(pathFor(apiRoutes.updateTask.path, { id }), { status: toWireStatus(status) }),
    onError: (error) => {
      toast.error("Error", { description: errorMessage(error, "Failed to update task") });
    },
    onSettled: () =>
      Promise.all(keysStaleAfterTaskChange.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
