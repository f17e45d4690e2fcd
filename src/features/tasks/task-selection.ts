import { create } from "zustand";

/**
 * The tasks selected for a bulk action on the Tasks screen (list or board), and the anchor a
 * Shift-click or Shift+arrow extends the selection from. One selection at a time: the screen
 * clears it when it closes.
 */
interface TaskSelection {
  ids: ReadonlySet<string>;
  anchor: string | null;
  toggle(id: string): void;
  /** Selects every card from the anchor to `id`, in `order` (the cards as shown). */
  extendTo(id: string, order: readonly string[]): void;
  set(ids: Iterable<string>): void;
  clear(): void;
}

export const useTaskSelection = create<TaskSelection>()((set) => ({
  ids: new Set(),
  anchor: null,
  toggle: (id) =>
    set((state) => {
      const ids = new Set(state.ids);
      if (ids.has(id)) ids.delete(id);
      else ids.add(id);
      return { ids, anchor: id };
    }),
  extendTo: (id, order) =>
    set((state) => {
      const from = state.anchor === null ? -1 : order.indexOf(state.anchor);
      const to = order.indexOf(id);
      if (from === -1 || to === -1) return { ids: new Set([...state.ids, id]), anchor: id };
      const range = order.slice(Math.min(from, to), Math.max(from, to) + 1);
      return { ids: new Set([...state.ids, ...range]) };
    }),
  set: (ids) => set({ ids: new Set(ids) }),
  clear: () => set({ ids: new Set(), anchor: null }),
}));

/**
 * The task cards on the screen that can be selected, in the order shown (list rows, or the
 * board's columns): a viewer's cards of a shared project are read-only and never selected.
 */
export function shownCardIds(): string[] {
  return [...document.querySelectorAll<HTMLElement>("[data-task-card]:not([data-read-only])")].flatMap(
    (card) => card.dataset.taskCard ?? [],
  );
}

function focusCard(id: string): void {
  document.querySelector<HTMLElement>(`[data-task-card="${CSS.escape(id)}"]`)?.focus();
}

/**
 * The selection's keys on a focused card: Space selects or unselects it, Shift+Down / Shift+Up
 * extend the selection to the next or previous card (and focus it), Escape clears it. True when
 * the key was one of them.
 */
export function selectionKey(event: Pick<KeyboardEvent, "key" | "shiftKey" | "target">): boolean {
  const card = event.target instanceof HTMLElement ? event.target : null;
  const id = card?.dataset.taskCard;
  const selection = useTaskSelection.getState();
  if (event.key === "Escape" && selection.ids.size > 0) {
    selection.clear();
    return true;
  }
  if (!id || card?.dataset.readOnly !== undefined) return false;
  if (event.key === " ") {
    selection.toggle(id);
    return true;
  }
  if (event.shiftKey && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
    const order = shownCardIds();
    const next = order[order.indexOf(id) + (event.key === "ArrowDown" ? 1 : -1)];
    if (!next) return true;
    if (!selection.ids.has(id)) selection.toggle(id);
    selection.extendTo(next, order);
    focusCard(next);
    return true;
  }
  return false;
}
