import { toWireStatus, type Task } from "@contract/tasks";
import { useCallback } from "react";
import { useBatchUpdateTasks, useTrashTasks } from "@/api/tasks/bulk-mutations";
import { useRestoreTasks } from "@/api/tasks/task-mutations";
import type { BatchEntry } from "@/api/tasks/trash-queries";
import { toast } from "@/components/ui/toaster";
import { allDayDueDate } from "@/lib/due-dates";
import { useTaskSelection } from "./task-selection";
import type { TaskIndex } from "./task-tree";

const tasksWord = (count: number) => `${count} ${count === 1 ? "task" : "tasks"}`;

/** The selected tasks that are still there, without those below another selected one (they go with it). */
function topMostSelected(index: TaskIndex, ids: ReadonlySet<string>): Task[] {
  const selected = [...ids].flatMap((id) => index.byId.get(id) ?? []);
  const below = (task: Task): boolean => {
    for (let parent = task.parent_id; parent !== null; parent = index.byId.get(parent)?.parent_id ?? null)
      if (ids.has(parent)) return true;
    return false;
  };
  return selected.filter((task) => !below(task));
}

/** Where a moved task was: under its parent, else at the top of its project (parents first). */
function placeOf(task: Task): BatchEntry {
  return {
    id: task.id,
    changes: task.parent_id ? { parent_id: task.parent_id } : { project_id: task.project_id },
  };
}

/**
 * The bulk bar's actions on the selection: complete, move to a project, reschedule, delete. Each
 * is one call, toasted with one Undo that puts the whole batch back; the selection clears.
 */
export function useBulkActions(index: TaskIndex, timeZone: string) {
  const { mutate: update } = useBatchUpdateTasks();
  const { mutate: trash } = useTrashTasks();
  const { mutate: restore } = useRestoreTasks();

  const run = useCallback(
    (
      pick: (ids: ReadonlySet<string>) => Task[],
      change: (task: Task) => BatchEntry["changes"],
      undo: (task: Task) => BatchEntry,
      done: (count: number) => string,
    ) => {
      const tasks = pick(useTaskSelection.getState().ids);
      if (tasks.length === 0) return;
      const before = tasks
        .map(undo)
        .sort((a, b) => Number("project_id" in b.changes) - Number("project_id" in a.changes));
      update(
        tasks.map((task) => ({ id: task.id, changes: change(task) })),
        {
          onSuccess: () => {
            useTaskSelection.getState().clear();
            toast.success(done(tasks.length), { action: { label: "Undo", onClick: () => update(before) } });
          },
        },
      );
    },
    [update],
  );
  const selected = useCallback(
    (ids: ReadonlySet<string>) => [...ids].flatMap((id) => index.byId.get(id) ?? []),
    [index],
  );

  const complete = () =>
    run(
      (ids) => selected(ids).filter((task) => task.status !== "completed"),
      () => ({ status: "completed" }),
      (task) => ({ id: task.id, changes: { status: toWireStatus(task.status) } }),
      (count) => `${tasksWord(count)} completed`,
    );
  const moveTo = (projectId: string, projectName: string) =>
    run(
      (ids) => topMostSelected(index, ids).filter((task) => task.project_id !== projectId),
      () => ({ project_id: projectId }),
      placeOf,
      (count) => `${tasksWord(count)} moved to ${projectName}`,
    );
  const reschedule = (day: string) =>
    run(
      selected,
      () => ({ due_date: allDayDueDate(day, timeZone) }),
      (task) => ({ id: task.id, changes: { due_date: task.due_date } }),
      (count) => `${tasksWord(count)} rescheduled`,
    );
  const remove = () => {
    const ids = topMostSelected(index, useTaskSelection.getState().ids).map((task) => task.id);
    if (ids.length === 0) return;
    trash(ids, {
      onSuccess: () => {
        useTaskSelection.getState().clear();
        toast(`${tasksWord(ids.length)} deleted`, { action: { label: "Undo", onClick: () => restore(ids) } });
      },
    });
  };
  return { complete, moveTo, reschedule, remove };
}
