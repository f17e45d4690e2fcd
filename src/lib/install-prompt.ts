import { useSyncExternalStore } from "react";

/** Chromium's event offering to install the app (not in the DOM typings: not a standard yet). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

/**
 * "Install Tasklane" where the browser allows it: the browser offers the install once, early,
 * with `beforeinstallprompt`, so the offer is caught as the page starts (watchInstallOffer, from
 * main.tsx) and kept until a screen shows the button. Browsers without the event (Firefox,
 * Safari) never show it; an installed app gets no offer either.
 */
let offer: BeforeInstallPromptEvent | undefined;
const listeners = new Set<() => void>();

function setOffer(next: BeforeInstallPromptEvent | undefined): void {
  offer = next;
  for (const listener of listeners) listener();
}

export function watchInstallOffer(): void {
  window.addEventListener("beforeinstallprompt", (event) => {
    // The app shows its own button instead of the browser's banner.
    event.preventDefault();
    setOffer(event as BeforeInstallPromptEvent);
  });
  window.addEventListener("appinstalled", () => setOffer(undefined));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Installs the app (the browser asks the person to confirm), or undefined when it cannot be offered. */
export function useInstallOffer(): (() => Promise<void>) | undefined {
  const current = useSyncExternalStore(
    subscribe,
    () => offer,
    () => undefined,
  );
  if (!current) return undefined;
  return async () => {
    await current.prompt();
    await current.userChoice;
    // An offer can be used once, whatever the answer.
    setOffer(undefined);
  };
}
