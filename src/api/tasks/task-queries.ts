import { apiPaths, pathFor } from "@contract/api-paths";
import {
  taskFiltersToQuery,
  taskPageCursor,
  taskStatsSchema,
  readTaskFromWire,
  type CreateTaskRequest,
  type Task,
  type TaskFilters,
  type TaskStats,
  type UpdateTaskRequest,
} from "@contract/tasks";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { apiClient, httpStatus } from "@/lib/api-client";
import { queryKeys } from "../query-keys";

/** A failed task-list load is retried up to 3 times, except on 404 (which means "no tasks"). */
const TASK_LOAD_RETRIES = 3;

function shouldRetryTaskLoad(failureCount: number, error: unknown): boolean {
  return httpStatus(error) !== 404 && failureCount < TASK_LOAD_RETRIES;
}

/**
 * GET /api/v1/tasks. Items are read tolerantly (missing fields take their defaults); an item no
 * reader can make sense of (no id) is left out rather than hiding the whole list. A 404 means
 * "no tasks".
 */
async function fetchTasks(
  filters: TaskFilters,
  signal?: AbortSignal,
  page: Record<string, string> = {},
): Promise<Task[]> {
  try {
    const response = await apiClient.get<unknown>(apiPaths.listTasks, {
      params: { ...taskFiltersToQuery(filters), ...page },
      signal,
    });
    if (!Array.isArray(response.data)) throw new Error("The server did not answer with a list of tasks");
    return response.data.flatMap((item) => readTaskFromWire(item) ?? []);
  } catch (error) {
    if (httpStatus(error) === 404) return [];
    throw error;
  }
}

/**
 * POST /api/v1/tasks. The answer's shape is left open to the server, so an unreadable answer is
 * not a failure: the task was created and the list is refetched anyway.
 */
export async function createTask(payload: CreateTaskRequest): Promise<Task | undefined> {
  const response = await apiClient.post<unknown>(apiPaths.createTask, payload);
  return readTaskFromWire(response.data);
}

/** PUT is partial; status must already be in its wire spelling (toWireStatus). */
export async function updateTask(id: string, payload: UpdateTaskRequest): Promise<Task | undefined> {
  const response = await apiClient.put<unknown>(pathFor(apiPaths.updateTask, { id }), payload);
  return readTaskFromWire(response.data);
}

export async function deleteTask(id: string): Promise<void> {
  await apiClient.delete(pathFor(apiPaths.deleteTask, { id }));
}

/** GET /api/v1/tasks/stats: the counts of all the user's tasks, counted by the server. */
async function fetchTaskStats(signal?: AbortSignal): Promise<TaskStats> {
  const response = await apiClient.get<unknown>(apiPaths.taskStats, { signal });
  return taskStatsSchema.parse(response.data);
}

/**
 * Every task but the completed ones: what the screens show whole (open work, and the cancelled
 * tasks, which are few), with every subtask of those, completed ones too (a parent's progress
 * counts them). The completed history grows for as long as the app is used, so it comes a page at
 * a time (taskQueries.completed) where a view shows it.
 */
export const CURRENT_TASKS: TaskFilters = {
  status: ["pending", "inprogress", "cancelled"],
  with_subtasks: true,
};

/** Completed tasks per page of the history. */
export const COMPLETED_PAGE_SIZE = 50;

/**
 * The task lists, one cache entry per filter; the completed history a page at a time, newest
 * completion first; the statistics. Tasks also change outside this tab (inbound e-mail, another
 * device): a screen that shows them shows what is cached at once and asks the server again every
 * time it mounts (staleTime 0).
 */
export const taskQueries = {
  list: (filters: TaskFilters = {}) =>
    queryOptions({
      queryKey: queryKeys.tasks.list(filters),
      queryFn: ({ signal }) => fetchTasks(filters, signal),
      retry: shouldRetryTaskLoad,
      staleTime: 0,
    }),
  current: () => taskQueries.list(CURRENT_TASKS),
  completed: (scope: { search: string; projectId?: string }) =>
    infiniteQueryOptions({
      queryKey: queryKeys.tasks.completed(scope),
      queryFn: ({ pageParam, signal }) =>
        fetchTasks({ status: ["completed"], search: scope.search, project_id: scope.projectId }, signal, {
          order: "completed_at",
          limit: String(COMPLETED_PAGE_SIZE),
          ...(pageParam === undefined ? {} : { after: pageParam }),
        }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page: Task[]) => {
        const last = page.at(-1);
        return page.length < COMPLETED_PAGE_SIZE || !last ? undefined : taskPageCursor(last);
      },
      retry: shouldRetryTaskLoad,
      staleTime: 0,
    }),
  stats: () =>
    queryOptions({
      queryKey: queryKeys.tasks.stats(),
      queryFn: ({ signal }) => fetchTaskStats(signal),
      retry: shouldRetryTaskLoad,
      staleTime: 0,
    }),
};
