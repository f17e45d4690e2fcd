import type { DailyReport, DailyStatus } from "@contract/daily";
import {
  toWireStatus,
  type CreateTaskRequest,
  type Task,
  type TaskStatus,
  type UpdateTaskRequest,
} from "@contract/tasks";
import {
  useMutation,
  useMutationState,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from "@tanstack/react-query";
import { useMemo } from "react";
import { toast } from "@/components/ui/toaster";
import { httpStatus } from "@/lib/error-message";
import type { AppMutationMeta } from "@/lib/query-client";
import { queryKeys, staleAfterTaskChange } from "../query-keys";
import { createTask, deleteTask, updateTask } from "./task-queries";
import { restoreTasks } from "./trash-queries";

/**
 * After any create, update or delete, what a task change makes stale (`staleAfterTaskChange`) is
 * refetched (the completed pages and the statistics are task lists too). A failed change is a destructive "Error" toast with the server's message or the
 * fallback.
 */
export function taskChange(fallback: string, errorTitle?: string): AppMutationMeta {
  return { invalidates: staleAfterTaskChange, errorMessage: fallback, errorTitle };
}

/** Rewrites every cached page of the completed history. */
function changeCompletedPages(queryClient: QueryClient, change: (tasks: Task[]) => Task[]): void {
  queryClient.setQueriesData<InfiniteData<Task[]>>({ queryKey: queryKeys.tasks.completedPages() }, (data) =>
    data ? { ...data, pages: data.pages.map(change) } : data,
  );
}

/** Rewrites one task wherever it is cached: every task list and the daily plan's report. */
function updateCachedTask(queryClient: QueryClient, id: string, change: (task: Task) => Task): void {
  const changeIn = <T extends Task>(tasks: T[]): T[] =>
    tasks.map((task) => (task.id === id ? { ...task, ...change(task) } : task));
  queryClient.setQueriesData<Task[]>({ queryKey: queryKeys.tasks.lists() }, (tasks) =>
    tasks ? changeIn(tasks) : tasks,
  );
  changeCompletedPages(queryClient, changeIn);
  queryClient.setQueryData<DailyStatus>(queryKeys.daily.status(), (status) => {
    const report: DailyReport | null | undefined = status?.cached_report;
    if (!status || !report) return status;
    return {
      ...status,
      cached_report: {
        ...report,
        llm_prioritized_tasks: changeIn(report.llm_prioritized_tasks),
        remaining_tasks: changeIn(report.remaining_tasks),
      },
    };
  });
}

/** The task's id and those of every task below it in `tasks`. */
function subtreeIdsIn(tasks: readonly Task[], id: string): Set<string> {
  const ids = new Set([id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const task of tasks) {
      if (task.parent_id !== null && ids.has(task.parent_id) && !ids.has(task.id)) {
        ids.add(task.id);
        grew = true;
      }
    }
  }
  return ids;
}

/** Removes a task, and its subtasks with it, from every cached list. */
function removeCachedTask(queryClient: QueryClient, id: string): void {
  queryClient.setQueriesData<Task[]>({ queryKey: queryKeys.tasks.lists() }, (tasks) => {
    if (!tasks) return tasks;
    const gone = subtreeIdsIn(tasks, id);
    return tasks.filter((task) => !gone.has(task.id));
  });
  changeCompletedPages(queryClient, (tasks) => tasks.filter((task) => task.id !== id));
}

/** POST /api/v1/tasks: the Create dialog and the Extract screen's "Add All". */
export function useCreateTask() {
  return useMutation({
    mutationFn: (payload: CreateTaskRequest) => createTask(payload),
    meta: taskChange("Failed to create task"),
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
    meta: taskChange("Failed to update task"),
  });
}

export interface StatusChange {
  task: Task;
  status: TaskStatus;
  /**
   * Completing a parent: the ids of its open subtasks (every level) to complete with it, sent as
   * `complete_subtasks`. Absent or empty: only this task changes.
   */
  subtaskIds?: readonly string[];
}

/**
 * A task's toggle or status dropdown, on the Tasks screen and the daily plan alike: the task
 * changes at once and changes back, with the error toast, if the server refuses.
 */
export function useChangeTaskStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ task, status, subtaskIds }: StatusChange) =>
      updateTask(task.id, {
        status: toWireStatus(status),
        ...(subtaskIds?.length && status === "completed" ? { complete_subtasks: true } : {}),
      }),
    onMutate: async ({ task, status, subtaskIds }: StatusChange) => {
      // A refetch already on its way would overwrite the optimistic status with the old one.
      await Promise.all([
        queryClient.cancelQueries({ queryKey: queryKeys.tasks.lists() }),
        queryClient.cancelQueries({ queryKey: queryKeys.tasks.completedPages() }),
        queryClient.cancelQueries({ queryKey: queryKeys.daily.status() }),
      ]);
      updateCachedTask(queryClient, task.id, (cached) => ({ ...cached, status }));
      if (status === "completed") {
        // The refetch when it settles brings the server's own answer for them.
        for (const id of subtaskIds ?? [])
          updateCachedTask(queryClient, id, (cached) => ({ ...cached, status }));
      }
      return { previousStatus: task.status };
    },
    onError: (_error, { task, status }, context) => {
      // Only undo this change: a later change of the same task has already replaced it.
      if (!context) return;
      updateCachedTask(queryClient, task.id, (cached) =>
        cached.status === status ? { ...cached, status: context.previousStatus } : cached,
      );
    },
    meta: taskChange("Failed to update task"),
  });
}

export interface ScheduleChange {
  task: Task;
  /** ISO, or null to take the task off the calendar. */
  scheduled_start: string | null;
  duration_minutes?: number | null;
}

/**
 * A task placed, moved or resized on the calendar: the block is where it was dropped at once and
 * goes back, with the error toast, if the server refuses.
 */
export function useScheduleTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ task, ...changes }: ScheduleChange) => updateTask(task.id, changes),
    onMutate: async ({ task, ...changes }: ScheduleChange) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.tasks.lists() });
      updateCachedTask(queryClient, task.id, (cached) => ({ ...cached, ...changes }));
      return {
        previous: { scheduled_start: task.scheduled_start, duration_minutes: task.duration_minutes },
      };
    },
    onError: (_error, { task }, context) => {
      if (context) updateCachedTask(queryClient, task.id, (cached) => ({ ...cached, ...context.previous }));
    },
    meta: taskChange("Failed to schedule task"),
  });
}

export interface TaskMove {
  task: Task;
  /** A new parent (null: top level) */
  parentId?: string | null;
  /** Another project (the task's subtree goes with it) */
  projectId?: string;
}

/**
 * Moving a task in the tree (indent, outdent, "Move to project…"): it moves at once in every
 * cached list and moves back, with the server's message (say, too deep), if the server refuses.
 */
export function useMoveTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ task, parentId, projectId }: TaskMove) =>
      updateTask(task.id, {
        ...(parentId !== undefined ? { parent_id: parentId } : {}),
        ...(projectId !== undefined ? { project_id: projectId } : {}),
      }),
    onMutate: async ({ task, parentId, projectId }: TaskMove) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.tasks.lists() });
      updateCachedTask(queryClient, task.id, (cached) => ({
        ...cached,
        ...(parentId !== undefined ? { parent_id: parentId } : {}),
        ...(projectId !== undefined ? { project_id: projectId, parent_id: parentId ?? null } : {}),
      }));
      return { previous: task };
    },
    onError: (_error, { task }, context) => {
      if (context)
        updateCachedTask(queryClient, task.id, (cached) => ({
          ...cached,
          parent_id: context.previous.parent_id,
          project_id: context.previous.project_id,
        }));
    },
    meta: taskChange("Failed to move task"),
  });
}

/** The completion toggle: not completed → completed, otherwise → pending. */
export function toggledStatus(task: Task): TaskStatus {
  return task.status === "completed" ? "pending" : "completed";
}

/** How long the "Task deleted" toast offers its Undo (sonner pauses it while hovered). */
export const UNDO_WINDOW_MS = 6_000;

const deleteTaskMutationKey = [...queryKeys.tasks.all, "delete"] as const;

/** What a delete takes: the task, and how many subtasks (every level) go with it. */
export interface TaskDeletion {
  task: Task;
  subtaskCount?: number;
}

function deletedDescription({ task, subtaskCount = 0 }: TaskDeletion): string {
  if (subtaskCount === 0) return task.title;
  return `${task.title}, with ${subtaskCount} ${subtaskCount === 1 ? "subtask" : "subtasks"}`;
}

/** Brings deleted tasks back from the server's trash, each with its subtasks. */
export function useRestoreTasks() {
  return useMutation({
    mutationFn: (ids: readonly string[]) => restoreTasks(ids),
    meta: taskChange("Failed to restore tasks"),
  });
}

/**
 * Delete with Undo, so that a mis-click loses no data. DELETE is sent at once: the server keeps
 * the task in its trash for 30 days, so a reload, a closed tab or several toasts paused under the
 * pointer change nothing, and the toast's Undo restores it with its subtasks. While the call is
 * on its way the pending mutation (`usePendingDeletionIds`) keeps the task hidden, whatever a
 * refetch brings; once it is done the task leaves every cached list.
 */
export function useDeleteTask() {
  const queryClient = useQueryClient();
  const { mutate: restore } = useRestoreTasks();
  return useMutation({
    mutationKey: deleteTaskMutationKey,
    mutationFn: async ({ task }: TaskDeletion): Promise<void> => {
      try {
        await deleteTask(task.id);
      } catch (error) {
        // Already gone (deleted in another tab): what the user asked for has happened.
        if (httpStatus(error) !== 404) throw error;
      }
    },
    onSuccess: (_nothing, deletion) => {
      removeCachedTask(queryClient, deletion.task.id);
      toast("Task deleted", {
        description: deletedDescription(deletion),
        duration: UNDO_WINDOW_MS,
        action: { label: "Undo", onClick: () => restore([deletion.task.id]) },
      });
    },
    meta: taskChange("Failed to delete task"),
  });
}

/** Ids of tasks whose DELETE call is on its way. */
export function usePendingDeletionIds(): ReadonlySet<string> {
  const ids = useMutationState({
    filters: { mutationKey: deleteTaskMutationKey, status: "pending" },
    select: (mutation) => (mutation.state.variables as TaskDeletion).task.id,
  });
  return useMemo(() => new Set(ids), [ids]);
}

/** One change applied to several tasks at once (the weekly review's bulk actions). */
export function useUpdateTasks() {
  return useMutation({
    mutationFn: ({ ids, changes }: { ids: readonly string[]; changes: UpdateTaskRequest }) =>
      Promise.all(ids.map((id) => updateTask(id, changes))),
    meta: taskChange("Failed to update tasks"),
  });
}
