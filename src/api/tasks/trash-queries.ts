import { apiPaths } from "@contract/api-paths";
import { taskFromWire, type Task, type UpdateTaskRequest } from "@contract/tasks";
import { trashListSchema } from "@contract/trash";
import { queryOptions } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { queryKeys } from "../query-keys";

/** A task in the trash, read as the screens read tasks. */
export interface TrashedTask {
  task: Task;
  subtaskCount: number;
  deletedAt: string;
  purgeAt: string;
}

/** GET /api/v1/tasks/trash: what the user deleted in the last 30 days, newest first. */
async function fetchTrash(signal?: AbortSignal): Promise<TrashedTask[]> {
  const response = await apiClient.get<unknown>(apiPaths.listTrash, { signal });
  return trashListSchema.parse(response.data).map((entry) => ({
    task: taskFromWire(entry.task),
    subtaskCount: entry.subtask_count,
    deletedAt: entry.deleted_at,
    purgeAt: entry.purge_at,
  }));
}

export const trashQueries = {
  list: () =>
    queryOptions({ queryKey: queryKeys.tasks.trash(), queryFn: ({ signal }) => fetchTrash(signal) }),
};

/** POST /api/v1/tasks/trash: deletes the tasks, each with its subtasks, in one change. */
export async function trashTasks(ids: readonly string[]): Promise<void> {
  await apiClient.post(apiPaths.trashTasks, { ids });
}

/** POST /api/v1/tasks/trash/restore: brings deleted tasks back with their subtasks. */
export async function restoreTasks(ids: readonly string[]): Promise<void> {
  await apiClient.post(apiPaths.restoreTasks, { ids });
}

/** DELETE /api/v1/tasks/trash: deletes what is in the trash for good. */
export async function emptyTrash(): Promise<void> {
  await apiClient.delete(apiPaths.emptyTrash);
}

/** One task's changes in a batch; status in its wire spelling (toWireStatus). */
export interface BatchEntry {
  id: string;
  changes: UpdateTaskRequest;
}

/** POST /api/v1/tasks/batch: each task's own changes, all in one change. */
export async function updateTaskBatch(updates: readonly BatchEntry[]): Promise<void> {
  await apiClient.post(apiPaths.batchUpdateTasks, { updates });
}
