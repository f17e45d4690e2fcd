import { useMutation } from "@tanstack/react-query";
import { taskChange } from "./task-mutations";
import { trashTasks, updateTaskBatch, type BatchEntry } from "./trash-queries";

/** Several tasks changed in one call, each its own way (a bulk action, or its Undo). */
export function useBatchUpdateTasks() {
  return useMutation({
    mutationFn: (updates: readonly BatchEntry[]) => updateTaskBatch(updates),
    meta: taskChange("Failed to update tasks"),
  });
}

/** Several tasks deleted, with their subtasks, into the server's trash in one call. */
export function useTrashTasks() {
  return useMutation({
    mutationFn: (ids: readonly string[]) => trashTasks(ids),
    meta: taskChange("Failed to delete tasks"),
  });
}
