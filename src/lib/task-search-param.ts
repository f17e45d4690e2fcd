import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { useReplaceSearchParams } from "./search-params";

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
 * How long typing must pause before the URL follows the box. Rewriting the URL re-renders
 * everything that reads the location (the route table, the layouts, the header, the screen) and
 * Chromium's history.replaceState alone takes milliseconds: done after every keystroke, that work
 * lands on the main thread just as the next keystroke arrives and delays it.
 */
export const SEARCH_URL_DELAY_MS = 400;

/**
 * Every mounted box (the header's and the screen's, both on /tasks) hears what the other was
 * typed and what it wrote to the URL, so that both show the text at once while the URL waits.
 */
type BoxEvent = { typed: string } | { sent: string };
const boxes = new Set<(event: BoxEvent) => void>();

interface BoxState {
  /** What the box shows. */
  text: string;
  /** The URL's text when the box last looked. */
  url: string;
  /** What the boxes wrote to the URL, oldest first, until the URL is seen to hold it. */
  sent: string[];
}

function nextState(box: BoxState, event: BoxEvent): BoxState {
  return "typed" in event ? { ...box, text: event.typed } : { ...box, sent: [...box.sent, event.sent] };
}

/**
 * The search text and its setter. The URL (`?q=`, replaced in place, not a new history entry per
 * keystroke) holds it, but a box shows what was typed at once from its own state and the URL
 * follows once typing pauses (SEARCH_URL_DELAY_MS): rewriting the URL re-renders everything that
 * reads the location, which must not stand between a keystroke and the filtered list on screen.
 * A change of the URL made elsewhere (back and forward, a link) is taken over by the box. The third
 * value writes a waiting change at once: the boxes call it when they lose focus.
 */
export function useTaskSearchParam(): [string, (text: string) => void, () => void] {
  const [params] = useSearchParams();
  const urlText = params.get(SEARCH_PARAM) ?? "";
  const [box, setBox] = useState<BoxState>({ text: urlText, url: urlText, sent: [] });
  let shown = box.text;
  if (urlText !== box.url) {
    // The URL changed since the last render: to a text a box sent, or by someone else.
    const at = box.sent.indexOf(urlText);
    const next =
      at >= 0
        ? { ...box, url: urlText, sent: box.sent.slice(at + 1) }
        : { text: urlText, url: urlText, sent: [] };
    setBox(next);
    shown = next.text;
  }

  // This box's part in the exchange between boxes.
  const hear = useCallback((event: BoxEvent) => setBox((current) => nextState(current, event)), [setBox]);
  useEffect(() => {
    boxes.add(hear);
    return () => {
      boxes.delete(hear);
    };
  }, [hear]);
  const tell = useCallback((event: BoxEvent) => {
    for (const other of boxes) other(event);
  }, []);

  const pendingWrite = useRef<PendingWrite | undefined>(undefined);
  const cancelWrite = useCallback(() => {
    if (!pendingWrite.current) return;
    cancelAnimationFrame(pendingWrite.current.frame);
    clearTimeout(pendingWrite.current.timer);
    pendingWrite.current = undefined;
  }, []);
  // Leaving the page drops a write still waiting (it would land on the next page's URL); the
  // boxes write it when they lose focus (settleSearch), which comes first when a link is clicked.
  useEffect(() => cancelWrite, [cancelWrite]);

  // The latest URL and the box's text, for the write: after back or forward the box shows the
  // URL's text, and the write must not undo that. (A chip clicked while the write waits is kept:
  // replaceParams starts from the latest URL.)
  const replaceParams = useReplaceSearchParams();
  const latest = useRef({ urlText, shown });
  useEffect(() => {
    latest.current = { urlText, shown };
  }, [urlText, shown]);

  const setSearch = useCallback(
    (text: string) => {
      // Every box shows it (this one too: it hears itself).
      tell({ typed: text });
      cancelWrite();
      const write = () => {
        pendingWrite.current = undefined;
        if (text === latest.current.urlText || text !== latest.current.shown) return;
        tell({ sent: text });
        replaceParams({ [SEARCH_PARAM]: text });
      };
      // The wait starts once the frame that shows the keystroke has run.
      const pending: PendingWrite = {
        write,
        frame: requestAnimationFrame(() => {
          pending.timer = setTimeout(write, SEARCH_URL_DELAY_MS);
        }),
      };
      pendingWrite.current = pending;
    },
    [cancelWrite, tell, replaceParams],
  );

  // The box lost focus (a link or a chip is being clicked, Tab moved on): the URL follows now.
  const settleSearch = useCallback(() => {
    const pending = pendingWrite.current;
    if (!pending) return;
    cancelWrite();
    pending.write();
  }, [cancelWrite]);
  return [shown, setSearch, settleSearch];
}

/** A write of the URL waiting for typing to pause. */
interface PendingWrite {
  write(): void;
  frame: number;
  timer?: ReturnType<typeof setTimeout>;
}
