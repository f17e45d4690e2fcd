import { announceUpdate } from "./pwa-update";

/**
 * Registers the Workbox service worker the build generates (production builds only, once the
 * page has loaded), with the browser's own API: no extra download on the landing page.
 * A new version never takes over silently: it installs, then waits until the person chooses
 * "Reload", which tells it to take over (Workbox's SKIP_WAITING message) and reloads once it has.
 */
export function registerServiceWorker(): void {
  const offerUpdate = (waiting: ServiceWorker) => {
    announceUpdate(() => {
      navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), {
        once: true,
      });
      waiting.postMessage({ type: "SKIP_WAITING" });
    });
  };
  navigator.serviceWorker
    .register("/sw.js", { scope: "/" })
    .then((registration) => {
      // Only an update when a version already controls the page; the first install is not one.
      if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
      registration.addEventListener("updatefound", () => {
        const installing = registration.installing;
        installing?.addEventListener("statechange", () => {
          if (installing.state === "installed" && navigator.serviceWorker.controller) offerUpdate(installing);
        });
      });
    })
    .catch((error: unknown) => console.warn("The service worker could not be registered", error));
}
