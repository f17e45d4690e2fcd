import { useSyncExternalStore } from "react";

/**
 * Whether a new version of the app is waiting (its service worker installed) and how to switch
 * to it. Kept apart from the registration, which loads after the page, so the prompt that reads
 * it costs the first download next to nothing.
 */
let applyUpdate: (() => void) | undefined;
const listeners = new Set<() => void>();

export function announceUpdate(apply: () => void): void {
  applyUpdate = apply;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The function that reloads into the new version, once one is waiting. */
export function useWaitingUpdate(): (() => void) | undefined {
  return useSyncExternalStore(
    subscribe,
    () => applyUpdate,
    () => undefined,
  );
}
