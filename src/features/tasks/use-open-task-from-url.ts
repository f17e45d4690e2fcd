import type { Task } from "@contract/tasks";
import { useEffect } from "react";
import { useSearchParams } from "react-router-dom";
import { TASK_PARAM } from "@/lib/task-search-param";

/**
 * A link to one task (`/tasks?task=<id>`, from the bell or a reminder e-mail) opens its Edit
 * dialog once the list has loaded; the parameter is then dropped, so closing the dialog and
 * reloading does not open it again. A task that no longer exists just shows the list.
 */
export function useOpenTaskFromUrl(tasks: readonly Task[] | undefined, open: (task: Task) => void): void {
  const [params, setParams] = useSearchParams();
  const wanted = params.get(TASK_PARAM);
  useEffect(() => {
    if (!wanted || !tasks) return;
    const task = tasks.find((candidate) => candidate.id === wanted);
    if (task) open(task);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(TASK_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [wanted, tasks, open, setParams]);
}
