import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";

export const SHORTCUTS: readonly { keys: string; action: string }[] = [
  { keys: "q", action: "Quick add a task" },
  { keys: "/", action: "Search tasks" },
  { keys: "j / k", action: "Next / previous task" },
  { keys: "x", action: "Mark the task done (or not done)" },
  { keys: "e", action: "Edit the task" },
  { keys: "Delete", action: "Delete the task (with undo)" },
  { keys: "g d", action: "Go to Dashboard" },
  { keys: "g t", action: "Go to Tasks" },
  { keys: "g e", action: "Go to Extract" },
  { keys: "g p", action: "Go to Daily Plan" },
  { keys: "?", action: "Show these shortcuts" },
];

const ShortcutsDialog = lazy(() =>
  import("./shortcuts-dialog").then((module) => ({ default: module.ShortcutsDialog })),
);

const GO_TO: Record<string, string> = { d: "/dashboard", t: "/tasks", e: "/extract", p: "/daily" };
/** After "g", the second key must follow within this time. */
const SEQUENCE_MS = 1500;

/** Shortcuts never fire while the user types in a field, or inside an open dialog. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) ||
    target.closest('[role="dialog"], [role="alertdialog"], [role="listbox"], [role="menu"]') !== null
  );
}

/** The task cards' done checkboxes, in list order: each card is found from its checkbox. */
function taskCheckboxes(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('main [role="checkbox"][aria-label^="Mark "]')];
}

/**
 * What j / k focus: the task's card where the list has one (Tab / Shift-Tab then indent and
 * outdent it), else its checkbox (the daily plan).
 */
function focusTarget(box: HTMLElement): HTMLElement {
  return box.closest<HTMLElement>("[data-task-card]") ?? box;
}

function currentCheckbox(): HTMLElement | undefined {
  const active = document.activeElement;
  return taskCheckboxes().find((box) => box.parentElement?.contains(active));
}

/** Focus an element that may only appear once the route has rendered. */
function focusWhenThere(selector: string, attempts = 20): void {
  const element = document.querySelector<HTMLElement>(selector);
  if (element) element.focus();
  else if (attempts > 0) setTimeout(() => focusWhenThere(selector, attempts - 1), 100);
}

const TASK_SEARCH = 'input[type="search"][aria-label="Search tasks"]';

/**
 * "/": the header's task search, on every screen; where the header hides it (a phone), the Tasks
 * screen's own. Never another search box of a screen (Settings' timezone search).
 */
function focusTaskSearch(onTasks: boolean, goToTasks: () => void): void {
  const boxes = [...document.querySelectorAll<HTMLInputElement>(TASK_SEARCH)];
  // jsdom has no layout: there every box counts as shown.
  const shown = boxes.find((box) => box.checkVisibility?.() ?? true);
  if (shown) shown.focus();
  else if (!onTasks) {
    goToTasks();
    focusWhenThere(`main ${TASK_SEARCH}`);
  }
}

/** The signed-in app's keyboard shortcuts, and the "?" dialog that lists them. */
export function KeyboardShortcuts() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  /** Asked for once: the dialog stays mounted (it animates its closing). */
  const [wanted, setWanted] = useState(false);
  const pendingG = useRef(0);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target)) return;
      const key = event.key;
      if (pendingG.current > Date.now() && GO_TO[key]) {
        pendingG.current = 0;
        event.preventDefault();
        void navigate(GO_TO[key]);
        return;
      }
      pendingG.current = 0;
      const boxes = taskCheckboxes();
      const current = currentCheckbox();
      const card = current?.parentElement;
      const act = (run: () => void) => {
        event.preventDefault();
        run();
      };
      if (key === "?")
        act(() => {
          setWanted(true);
          setOpen(true);
        });
      else if (key === "g") pendingG.current = Date.now() + SEQUENCE_MS;
      else if (key === "q")
        act(() => {
          if (!document.querySelector("[data-quick-add]")) void navigate("/tasks");
          focusWhenThere("[data-quick-add]");
        });
      else if (key === "/")
        act(() => focusTaskSearch(window.location.pathname === "/tasks", () => void navigate("/tasks")));
      else if ((key === "j" || key === "k") && boxes.length > 0)
        act(() => {
          const index = current ? boxes.indexOf(current) : -1;
          const next = key === "j" ? Math.min(index + 1, boxes.length - 1) : Math.max(index - 1, 0);
          const box = boxes[next];
          if (box) focusTarget(box).focus();
        });
      else if (key === "x" && current) act(() => current.click());
      else if (key === "e" && card)
        // A viewer's card opens the task to read.
        act(() =>
          card
            .querySelector<HTMLElement>('button[aria-label^="Edit "], button[aria-label^="View "]')
            ?.click(),
        );
      else if (key === "Delete" && card && current)
        act(() => {
          // Focus moves on to the next task before this one leaves the list.
          const index = boxes.indexOf(current);
          (boxes[index + 1] ?? boxes[index - 1])?.focus();
          card.querySelector<HTMLElement>('button[aria-label^="Delete "]')?.click();
        });
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [navigate]);

  // The list's dialog downloads the first time it is asked for ("?"), not with every screen.
  return wanted ? (
    <Suspense fallback={null}>
      <ShortcutsDialog open={open} onOpenChange={setOpen} />
    </Suspense>
  ) : null;
}
