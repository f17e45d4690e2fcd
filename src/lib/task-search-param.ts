import { useCallback } from "react";
import { useSearchParams } from "react-router-dom";

/** The task search lives in the URL of /tasks (`?q=`), so the header box and the screen share it. */
export const TASKS_PATH = "/tasks";
const SEARCH_PARAM = "q";

/** The parameter of /tasks that opens one task's Edit dialog (`/tasks?task=<id>`): links to a task. */
export const TASK_PARAM = "task";

/** /tasks with the task `id` open in its Edit dialog. */
export function taskPath(id: string): string {
  return `${TASKS_PATH}?${new URLSearchParams({ [TASK_PARAM]: id }).toString()}`;
}

/** /tasks showing the tasks that match `text` (all tasks when blank). */
export function tasksSearchPath(text: string): string {
  const query = text.trim();
  return query ? `${TASKS_PATH}?${new URLSearchParams({ [SEARCH_PARAM]: query }).toString()}` : TASKS_PATH;
}

/**
 * The search text of the current URL and a setter that rewrites `?q=` in place (a replace, not a
 * new history entry per keystroke), keeping the other parameters.
 */
export function useTaskSearchParam(): [string, (text: string) => void] {
  const [params, setParams] = useSearchParams();
  const setSearch = useCallback(
    (text: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (text) next.set(SEARCH_PARAM, text);
          else next.delete(SEARCH_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [params.get(SEARCH_PARAM) ?? "", setSearch];
}
