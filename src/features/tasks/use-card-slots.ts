import type { Virtualizer } from "@tanstack/react-virtual";
import { useLayoutEffect, useRef, useState } from "react";

/**
 * The React keys of the cards in view. A task still in view keeps its key, so its card stays as
 * it is (focus, an open field); a task coming into view takes the key of one that left, so its
 * card is the departed one's elements updated in place rather than built anew: a search
 * keystroke replaces every card in view, and building them was most of its time.
 */
export function useCardSlots(ids: readonly string[]): readonly string[] {
  const [shown, setShown] = useState(() => ({ ids, keys: slotKeys(new Map(), ids) }));
  if (sameIds(shown.ids, ids)) return shown.keys;
  const keys = slotKeys(new Map(shown.ids.map((id, at) => [id, shown.keys[at]!])), ids);
  setShown({ ids, keys });
  return keys;
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, at) => id === b[at]);
}

/** `ids`' keys, given those of the tasks shown before (task → key). */
export function slotKeys(before: ReadonlyMap<string, string>, ids: readonly string[]): string[] {
  const kept = new Set(ids.flatMap((id) => before.get(id) ?? []));
  const freed = [...before.values()].filter((key) => !kept.has(key));
  const taken = new Set(before.values());
  let next = 0;
  const fresh = () => {
    while (taken.has(`card-${next}`)) next += 1;
    taken.add(`card-${next}`);
    return `card-${next}`;
  };
  return ids.map((id) => before.get(id) ?? freed.shift() ?? fresh());
}

/**
 * A row's ref for the virtualiser: measures the row when it first shows a task, as the
 * virtualiser's own `measureElement` does when a row mounts. A kept row that shows another task
 * is measured again (its element reports no resize when the height is the same) and the
 * virtualiser forgets it for the task it showed before, which would otherwise stop observing the
 * element once that task came back elsewhere.
 */
export function useRowMeasuring(virtualizer: Virtualizer<Window, Element>) {
  const shown = useRef(new WeakMap<Element, string>());
  return (key: string) => (node: Element | null) => {
    if (!node) {
      virtualizer.measureElement(null);
      return;
    }
    if (shown.current.get(node) === key) return;
    shown.current.set(node, key);
    const cache = virtualizer.elementsCache;
    for (const [cached, element] of cache) if (element === node) cache.delete(cached);
    if (cache.get(key) !== undefined) cache.delete(key);
    virtualizer.measureElement(node);
  };
}

/**
 * A card's own state, as a card built for `taskId` starts it: a card kept for another task (see
 * useCardSlots) drops what it held for the one before.
 */
export function useTaskCardState<Value>(taskId: string, initial: Value): [Value, (value: Value) => void] {
  const [state, setState] = useState({ taskId, value: initial });
  if (state.taskId !== taskId) setState({ taskId, value: initial });
  const value = state.taskId === taskId ? state.value : initial;
  return [value, (next) => setState({ taskId, value: next })];
}

/**
 * The ref of a card's element: when the card is kept for another task, the focus inside it
 * leaves, as it leaves a card that is removed, so that a key meant for one task never acts on
 * the next.
 */
export function useFocusLeavesWithTask(taskId: string) {
  const card = useRef<HTMLDivElement>(null);
  const shown = useRef(taskId);
  useLayoutEffect(() => {
    if (shown.current === taskId) return;
    shown.current = taskId;
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && card.current?.contains(focused)) focused.blur();
  }, [taskId]);
  return card;
}
