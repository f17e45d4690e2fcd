import type { Task } from "@contract/tasks";
import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router-dom";
import { useReplaceSearchParams } from "@/lib/search-params";
import { TASK_PARAM } from "@/lib/task-search-param";

interface TaskListState {
  data: readonly Task[] | undefined;
  isFetching: boolean;
  refetch(): Promise<unknown>;
}

/**
 * A link to one task (`/tasks?task=<id>`, from the bell or a reminder e-mail) opens its Edit
 * dialog once the list holds it; the parameter is then dropped, so closing the dialog and
 * reloading does not open it again. A cached list may predate the task: then the list is fetched
 * once more; a task that is still not there (deleted) just shows the list.
 */
export function useOpenTaskFromUrl(list: TaskListState, open: (task: Task) => void): void {
  const [params] = useSearchParams();
  const replaceParams = useReplaceSearchParams();
  const wanted = params.get(TASK_PARAM);
  const refreshedFor = useRef<string | null>(null);
  const { data: tasks, isFetching, refetch } = list;
  useEffect(() => {
    if (!wanted || !tasks) return;
    const task = tasks.find((candidate) => candidate.id === wanted);
    if (task) {
      open(task);
    } else if (isFetching) {
      return;
    } else if (refreshedFor.current !== wanted) {
      refreshedFor.current = wanted;
      void refetch();
      return;
    }
    replaceParams({ [TASK_PARAM]: "" });
  }, [wanted, tasks, isFetching, refetch, open, replaceParams]);
}
