import { apiRoutes } from "@contract/routes";
import { computeTaskStats, taskFromWireSchema, type Task, type TaskStats } from "@contract/tasks";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, httpStatus } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/**
 * spec §7: the dashboard lists all tasks with an empty filter and computes its own statistics.
 * Read as tolerantly as the Tasks screen reads them; a 404 means no tasks.
 */
async function fetchAllTasks(signal: AbortSignal): Promise<Task[]> {
  try {
    const response = await apiClient.get<unknown>(apiRoutes.listTasks.path, { signal });
    if (!Array.isArray(response.data)) throw new Error("The server did not answer with a list of tasks");
    return response.data.flatMap((item) => {
      const parsed = taskFromWireSchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    });
  } catch (error) {
    if (httpStatus(error) === 404) return [];
    throw error;
  }
}

/** Module-level so that React Query memoises the computed statistics between renders. */
function toStats(tasks: Task[]): TaskStats {
  return computeTaskStats(tasks);
}

const dashboardQueries = {
  allTasks: () =>
    queryOptions({
      queryKey: queryKeys.tasks.allForStats(),
      queryFn: ({ signal }) => fetchAllTasks(signal),
      retry: (failureCount, error) => httpStatus(error) !== 404 && failureCount < 3,
    }),
};

/** The statistics of spec §3 over the user's full task list. */
export function useTaskStats() {
  return useQuery({ ...dashboardQueries.allTasks(), select: toStats });
}
