import type { Task, TaskStatus } from "@contract/tasks";
import { useCallback } from "react";
import { toggledStatus, useChangeTaskStatus, useDeleteTask } from "@/api/tasks/task-mutations";
import type { TaskCardActions } from "./components/task-card";

/**
 * What a task card does: toggle, change the status, delete with Undo; editing is the screen's
 * (it opens its dialog). Stable functions, so a change to one task re-renders one card.
 */
export function useTaskCardActions(onEdit: (task: Task) => void): TaskCardActions {
  const { mutate: changeStatusTo } = useChangeTaskStatus();
  const { mutate: deleteWithUndo } = useDeleteTask();
  const onToggle = useCallback(
    (task: Task) => changeStatusTo({ task, status: toggledStatus(task) }),
    [changeStatusTo],
  );
  const onStatusChange = useCallback(
    (task: Task, status: TaskStatus) => {
      if (status !== task.status) changeStatusTo({ task, status });
    },
    [changeStatusTo],
  );
  const onDelete = useCallback((task: Task) => deleteWithUndo(task), [deleteWithUndo]);
  return { onToggle, onStatusChange, onEdit, onDelete };
}
