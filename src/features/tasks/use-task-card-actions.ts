import type { Task, TaskStatus } from "@contract/tasks";
import { useCallback } from "react";
import { toggledStatus, useChangeTaskStatus, useDeleteTask } from "@/api/tasks/task-mutations";
import { toast } from "@/components/ui/toaster";
import type { TaskCardActions } from "./components/task-card";

/** Completing a repeating task says when it comes back (the server has made the next one). */
async function announceNextOccurrence(task: Task, timeZone: string): Promise<void> {
  if (!task.recurrence || !task.due_date) return;
  // The rule reader (rrule) loads only when a repeating task is completed.
  const { nextDueDay } = await import("@/lib/recurrence");
  const next = nextDueDay(task.recurrence, task.due_date, timeZone);
  if (next) toast.success("Task completed", { description: `Next: ${next}` });
}

/**
 * What a task card does: toggle, change the status, delete with Undo; editing is the screen's
 * (it opens its dialog). Stable functions, so a change to one task re-renders one card.
 */
export function useTaskCardActions(onEdit: (task: Task) => void, timeZone: string): TaskCardActions {
  const { mutate: changeStatusTo } = useChangeTaskStatus();
  const { mutate: deleteWithUndo } = useDeleteTask();
  const onStatusChange = useCallback(
    (task: Task, status: TaskStatus) => {
      if (status === task.status) return;
      changeStatusTo(
        { task, status },
        {
          onSuccess: () => (status === "completed" ? void announceNextOccurrence(task, timeZone) : undefined),
        },
      );
    },
    [changeStatusTo, timeZone],
  );
  const onToggle = useCallback((task: Task) => onStatusChange(task, toggledStatus(task)), [onStatusChange]);
  const onDelete = useCallback((task: Task) => deleteWithUndo(task), [deleteWithUndo]);
  return { onToggle, onStatusChange, onEdit, onDelete };
}
