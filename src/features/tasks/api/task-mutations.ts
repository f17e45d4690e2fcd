import {
  toWireStatus,
  type CreateTaskRequest,
  type Task,
  type TaskStatus,
  type UpdateTaskRequest,
} from "@contract/tasks";
import { useMutation, useMutationState, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { toast } from "@/components/ui/toaster";
import { errorMessage, httpStatus } from "@/lib/api-client";
import { keysStaleAfterTaskChange, queryKeys } from "@/lib/query-keys";
import { createTask, deleteTask, updateTask } from "./tasks-api";

/** spec §8: a failed create, update or delete is a destructive "Error" toast. */
const failureMessages = {
  create: "Failed to create task",
  update: "Failed to update task",
  delete: "Failed to delete task",
} as const;

function toastFailure(error: unknown, action: keyof typeof failureMessages): void {
  toast.error("Error", { description: errorMessage(error, failureMessages[action]) });
}

/**
 * spec §4: after any create, update or delete, tasks, stats, daily status and the all-tasks list
 * are refreshed. Returned so that mutations stay pending until the lists are fresh (TkDodo).
 */
function refreshAfterTaskChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(keysStaleAfterTaskChange.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Rewrites one task in every cached task list (the lists the Tasks screen shows). */
function updateCachedTask(queryClient: QueryClient, id: string, change: (task: Task) => Task): void {
  queryClient.setQueriesData<Task[]>({ queryKey: queryKeys.tasks.lists() }, (tasks) =>
    tasks?.map((task) => (task.id === id ? change(task) : task)),
  );
}

function removeCachedTask(queryClient: QueryClient, id: string): void {
  queryClient.setQueriesData<Task[]>({ queryKey: queryKeys.tasks.lists() }, (tasks) =>
    tasks?.filter((task) => task.id !== id),
  );
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CreateTaskRequest) => createTask(payload),
    onError: (error) => toastFailure(error, "create"),
    onSettled: () => refreshAfterTaskChange(queryClient),
  });
}

interface TaskUpdate {
  id: string;
  changes: UpdateTaskRequest;
}

/** The Edit dialog's save: waits for the server, then shows its answer. */
export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: TaskUpdate) => updateTask(id, changes),
    onSuccess: (updated) => {
      if (updated) updateCachedTask(queryClient, updated.id, () => updated);
    },
    onError: (error) => toastFailure(error, "update"),
    onSettled: () => refreshAfterTaskChange(queryClient),
  });
}

interface StatusChange {
  task: Task;
  status: TaskStatus;
}

/**
 * The card's toggle and status dropdown (spec §2): the card changes at once and changes back,
 * with the error toast, if the server refuses (issue 3).
 */
export function useChangeTaskStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ task, status }: StatusChange) => updateTask(task.id, { status: toWireStatus(status) }),
    onMutate: async ({ task, status }: StatusChange) => {
      // A list refetch already on its way would overwrite the optimistic status with the old one.
      await queryClient.cancelQueries({ queryKey: queryKeys.tasks.lists() });
      updateCachedTask(queryClient, task.id, (cached) => ({ ...cached, status }));
      return { previousStatus: task.status };
    },
    onError: (error, { task, status }, context) => {
      // Only undo this change: a later change of the same task has already replaced it.
      if (context) {
        updateCachedTask(queryClient, task.id, (cached) =>
          cached.status === status ? { ...cached, status: context.previousStatus } : cached,
        );
      }
      toastFailure(error, "update");
    },
    onSettled: () => refreshAfterTaskChange(queryClient),
  });
}

/** How long the "Task deleted" toast offers its Undo (sonner pauses it while hovered). */
export const UNDO_WINDOW_MS = 6_000;

const deleteTaskMutationKey = [...queryKeys.tasks.all, "delete"] as const;

/** Resolves true when the user clicks Undo, false when the toast closes any other way. */
function offerUndo(task: Task): Promise<boolean> {
  return new Promise((resolve) => {
    toast("Task deleted", {
      description: task.title,
      duration: UNDO_WINDOW_MS,
      action: { label: "Undo", onClick: () => resolve(true) },
      onDismiss: () => resolve(false),
      onAutoClose: () => resolve(false),
    });
  });
}

/**
 * Delete with undo (issue 3: a mis-click loses no data). The task leaves the list at once (see
 * `usePendingDeletionIds`), the toast offers Undo, and DELETE is sent only when the toast closes
 * without it. The pending mutation, not the cached list, hides the task, so a refetch during the
 * undo window cannot bring it back; the mutation lives in the QueryClient and so survives leaving
 * the screen. Closing the browser tab inside the window keeps the task.
 */
export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: deleteTaskMutationKey,
    mutationFn: async (task: Task): Promise<boolean> => {
      if (await offerUndo(task)) return false;
      try {
        await deleteTask(task.id);
      } catch (error) {
        // Already gone (deleted in another tab): what the user asked for has happened.
        if (httpStatus(error) !== 404) throw error;
      }
      return true;
    },
    onSuccess: (deleted, task) => {
      if (deleted) removeCachedTask(queryClient, task.id);
    },
    onError: (error) => toastFailure(error, "delete"),
    onSettled: (deleted) => (deleted === false ? undefined : refreshAfterTaskChange(queryClient)),
  });
}

/** Ids of tasks whose deletion is waiting for its undo window or its DELETE call. */
export function usePendingDeletionIds(): ReadonlySet<string> {
  const ids = useMutationState({
    filters: { mutationKey: deleteTaskMutationKey, status: "pending" },
    select: (mutation) => (mutation.state.variables as Task).id,
  });
  return useMemo(() => new Set(ids), [ids]);
}
