import { TASK_MAX_DEPTH, type Task, type TaskStatus } from "@contract/tasks";
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from "react";
import {
  toggledStatus,
  useChangeTaskStatus,
  useCreateTask,
  useDeleteTask,
  useMoveTask,
} from "@/api/tasks/task-mutations";
import { toast } from "@/components/ui/toaster";
import type { TaskCardActions } from "./components/task-card";
import { descendantsOf, fitsUnder, openDescendantsOf, type TaskIndex } from "./task-tree";

/** Completing a repeating task says when it comes back (the server has made the next one). */
async function announceNextOccurrence(task: Task, timeZone: string): Promise<void> {
  if (!task.recurrence || !task.due_date) return;
  // The rule reader (ical.js) loads only when a repeating task is completed.
  const { nextDueDay } = await import("@/lib/recurrence");
  const next = nextDueDay(task.recurrence, task.due_date, timeZone);
  if (next) toast.success("Task completed", { description: `Next: ${next}` });
}

export const TOO_DEEP_MESSAGE = `Subtasks go at most ${TASK_MAX_DEPTH} levels deep`;

/** Completing a parent with open subtasks: the question asked before anything changes. */
export interface CompleteQuestion {
  task: Task;
  openSubtasks: readonly Task[];
}

/**
 * What a task card does: toggle, change the status, delete with Undo, add a subtask, move it in
 * the tree or to another project; editing and moving to a project are the screen's (it opens its
 * dialogs). Stable functions, so a change to one task re-renders one card: they read the tree
 * through a ref.
 */
export function useTaskCardActions(
  onEdit: (task: Task) => void,
  timeZone: string,
  index: TaskIndex,
  onMoveToProject: (task: Task) => void,
) {
  const { mutate: changeStatusTo } = useChangeTaskStatus();
  const { mutate: deleteWithUndo } = useDeleteTask();
  const { mutate: createTask } = useCreateTask();
  const { mutate: moveTask } = useMoveTask();
  const tree = useRef(index);
  useLayoutEffect(() => {
    tree.current = index;
  }, [index]);
  const [question, setQuestion] = useState<CompleteQuestion | null>(null);

  /** Puts a completed task, and the subtasks completed with it, back as they were. */
  const undoCompletion = useCallback(
    (task: Task, subtasks: readonly Task[]) => {
      for (const each of [task, ...subtasks])
        changeStatusTo({ task: { ...each, status: "completed" }, status: each.status });
    },
    [changeStatusTo],
  );
  const applyStatus = useCallback(
    (task: Task, status: TaskStatus, subtaskIds?: readonly string[]) => {
      const subtasks = (subtaskIds ?? []).flatMap((id) => tree.current.byId.get(id) ?? []);
      changeStatusTo(
        { task, status, subtaskIds },
        {
          onSuccess: () => {
            if (status !== "completed") return;
            // A repeating task's next occurrence is already made: its toast says when, not Undo.
            if (task.recurrence && task.due_date) return void announceNextOccurrence(task, timeZone);
            toast.success("Task completed", {
              description: task.title,
              action: { label: "Undo", onClick: () => undoCompletion(task, subtasks) },
            });
          },
        },
      );
    },
    [changeStatusTo, timeZone, undoCompletion],
  );
  const onStatusChange = useCallback(
    (task: Task, status: TaskStatus) => {
      if (status === task.status) return;
      const openSubtasks = status === "completed" ? openDescendantsOf(tree.current, task.id) : [];
      if (openSubtasks.length > 0) setQuestion({ task, openSubtasks });
      else applyStatus(task, status);
    },
    [applyStatus],
  );
  /** The answer: true completes the open subtasks too, false only the task, null changes nothing. */
  const answerQuestion = useCallback(
    (withSubtasks: boolean | null) => {
      setQuestion((asked) => {
        if (asked && withSubtasks !== null) {
          applyStatus(
            asked.task,
            "completed",
            withSubtasks ? asked.openSubtasks.map((task) => task.id) : undefined,
          );
        }
        return null;
      });
    },
    [applyStatus],
  );
  const onToggle = useCallback((task: Task) => onStatusChange(task, toggledStatus(task)), [onStatusChange]);
  const onDelete = useCallback(
    (task: Task) => deleteWithUndo({ task, subtaskCount: descendantsOf(tree.current, task.id).length }),
    [deleteWithUndo],
  );
  const onAddSubtask = useCallback(
    (parent: Task, title: string) => createTask({ title, parent_id: parent.id }),
    [createTask],
  );
  /** Indent (a new parent) or outdent (null, or the grandparent); refused beyond the depth limit. */
  const onReparent = useCallback(
    (task: Task, parentId: string | null): boolean => {
      if (parentId !== null && !fitsUnder(tree.current, task.id, parentId)) {
        toast.error("Cannot indent", { description: TOO_DEEP_MESSAGE });
        return false;
      }
      moveTask({ task, parentId });
      return true;
    },
    [moveTask],
  );

  const actions: TaskCardActions = useMemo(
    () => ({ onToggle, onStatusChange, onEdit, onDelete, onAddSubtask, onReparent, onMoveToProject }),
    [onToggle, onStatusChange, onEdit, onDelete, onAddSubtask, onReparent, onMoveToProject],
  );
  return { actions, question, answerQuestion };
}
