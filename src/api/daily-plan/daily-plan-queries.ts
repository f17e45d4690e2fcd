import {
  dailyStatusFromWire,
  generationProgressFromWire,
  type DailyStatus,
  type GenerationProgress,
} from "@contract/daily";
import { apiPaths, pathFor } from "@contract/api-paths";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { queryKeys } from "../query-keys";

async function fetchDailyStatus(signal?: AbortSignal): Promise<DailyStatus> {
  const response = await apiClient.get<unknown>(apiPaths.dailyStatus, { signal });
  return dailyStatusFromWire(response.data);
}

export async function startDailyGeneration(): Promise<string> {
  const response = await apiClient.post<{ request_id?: unknown }>(apiPaths.generateDaily);
  const id = response.data?.request_id;
  if (typeof id !== "string" && typeof id !== "number")
    throw new Error("The server did not return a request id");
  return String(id);
}

export async function fetchGenerationProgress(
  requestId: string,
  signal?: AbortSignal,
): Promise<GenerationProgress> {
  const response = await apiClient.get<unknown>(pathFor(apiPaths.generationStatus, { id: requestId }), {
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

/** GET /api/v1/tasks/daily/status: the cached plan, its age, and whether AI may generate one. */
export function useDailyStatus() {
  return useQuery(dailyQueries.status());
}
