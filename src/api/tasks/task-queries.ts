import { apiPaths, pathFor } from "@contract/api-paths";
import {
  taskFiltersToQuery,
  readTaskFromWire,
  type CreateTaskRequest,
  type Task,
  type TaskFilters,
  type UpdateTaskRequest,
} from "@contract/tasks";
import { queryOptions } from "@tanstack/react-query";
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
async function fetchTasks(filters: TaskFilters, signal?: AbortSignal): Promise<Task[]> {
  try {
    const response = await apiClient.get<unknown>(apiPaths.listTasks, {
      params: taskFiltersToQuery(filters),
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

/**
 * The task list, one cache entry per filter. The Tasks screen shows it; the dashboard derives its
 * statistics from the unfiltered one (`select: computeTaskStats`), so both share one request.
 */
export const taskQueries = {
  list: (filters: TaskFilters = {}) =>
    queryOptions({
      queryKey: queryKeys.tasks.list(filters),
      queryFn: ({ signal }) => fetchTasks(filters, signal),
      retry: shouldRetryTaskLoad,
      // Tasks also change outside this tab (inbound e-mail, another device): a screen that shows
      // the list shows what is cached at once and asks the server again every time it mounts.
      staleTime: 0,
    }),
};
