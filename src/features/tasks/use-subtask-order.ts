import { compareSubtasks, type Task } from "@contract/tasks";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useUpdateTask } from "@/api/tasks/task-mutations";
import { taskQueries } from "@/api/tasks/task-queries";

const NONE: readonly Task[] = [];

/** `items` with the one at `from` moved to `to` (the others close up around it). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const result = [...items];
  const [item] = result.splice(from, 1);
  if (item !== undefined) result.splice(to, 0, item);
  return result;
}

export interface SubtaskOrder {
  /** The parent's subtasks in their order (as moved, while the move is being saved). */
  subtasks: readonly Task[];
  /** Moves the subtask at `from` to `to`; what to announce, or undefined when nothing moves. */
  move(from: number, to: number): string | undefined;
}

/**
 * A task's direct subtasks in their order, from the current tasks (which hold every subtask of
 * an open parent, completed ones too, so a place counted here is the server's place). A move
 * shows at once and is saved as the subtask's new `position`; the list the server answers
 * replaces it when the change settles, and an error puts it back with a toast.
 */
export function useSubtaskOrder(parentId: string): SubtaskOrder {
  const select = useCallback(
    (tasks: readonly Task[]) => tasks.filter((task) => task.parent_id === parentId).sort(compareSubtasks),
    [parentId],
  );
  const { data: loaded = NONE } = useQuery({ ...taskQueries.current(), select });
  const [pending, setPending] = useState<readonly Task[] | null>(null);
  const updateTask = useUpdateTask();
  const subtasks = pending ?? loaded;
  const move = (from: number, to: number): string | undefined => {
    const task = subtasks[from];
    if (!task || to < 0 || to >= subtasks.length || from === to) return undefined;
    setPending(moved(subtasks, from, to));
    updateTask.mutate({ id: task.id, changes: { position: to } }, { onSettled: () => setPending(null) });
    return `"${task.title}" moved to place ${to + 1} of ${subtasks.length}.`;
  };
  return { subtasks, move };
}
