import { useCallback, useEffect, useRef, useState } from "react";
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
 * The search text and its setter. The URL (`?q=`, replaced in place, not a new history entry per
 * keystroke) holds it, but a box shows what was typed at once from its own state and the URL
 * follows after the next frame: rewriting the URL re-renders everything that reads the location
 * (the route table, the layouts, the header), which must not stand between a keystroke and the
 * filtered list on screen. Quick keystrokes share one URL update. A change of the URL made
 * elsewhere (the other search box, back and forward, a link) is taken over by the box.
 */
export function useTaskSearchParam(): [string, (text: string) => void] {
  const [params, setParams] = useSearchParams();
  const urlText = params.get(SEARCH_PARAM) ?? "";
  // `sent`: what this box wrote to the URL, oldest first, until the URL is seen to hold it.
  const [box, setBox] = useState({ text: urlText, url: urlText, sent: [] as string[] });
  let shown = box.text;
  if (urlText !== box.url) {
    // The URL changed since the last render: to a text this box sent, or by someone else.
    const at = box.sent.indexOf(urlText);
    const next =
      at >= 0
        ? { ...box, url: urlText, sent: box.sent.slice(at + 1) }
        : { text: urlText, url: urlText, sent: [] };
    setBox(next);
    shown = next.text;
  }

  const pendingWrite = useRef<{ frame: number; timer?: ReturnType<typeof setTimeout> } | undefined>(
    undefined,
  );
  const cancelWrite = useCallback(() => {
    if (!pendingWrite.current) return;
    cancelAnimationFrame(pendingWrite.current.frame);
    clearTimeout(pendingWrite.current.timer);
    pendingWrite.current = undefined;
  }, []);
  // Leaving the page drops a write still waiting (it would land on the next page's URL).
  useEffect(() => cancelWrite, [cancelWrite]);

  const setSearch = useCallback(
    (text: string) => {
      setBox((current) => ({ ...current, text }));
      cancelWrite();
      const write = () => {
        pendingWrite.current = undefined;
        setBox((current) => ({ ...current, sent: [...current.sent, text] }));
        setParams(
          (current) => {
            const updated = new URLSearchParams(current);
            if (text) updated.set(SEARCH_PARAM, text);
            else updated.delete(SEARCH_PARAM);
            return updated;
          },
          { replace: true },
        );
      };
      // After the frame that shows the keystroke: a timer queued from requestAnimationFrame runs
      // once that frame is painted.
      const pending: { frame: number; timer?: ReturnType<typeof setTimeout> } = {
        frame: requestAnimationFrame(() => {
          pending.timer = setTimeout(write, 0);
        }),
      };
      pendingWrite.current = pending;
    },
    [setParams, cancelWrite],
  );
  return [shown, setSearch];
}
