import { apiPaths } from "@contract/api-paths";
import { pushKeySchema } from "@contract/push";
import { apiClient } from "@/lib/api-client";

/**
 * Reminders by Web Push for this browser: subscribing asks the browser's push service for an
 * address (which needs that service to be reachable) and gives it to the server; the server then
 * pushes each reminder there, and the service worker (public/push-handler.js) shows it.
 */

/** The browser's service worker, when one controls this app (production builds). */
async function workerRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!("serviceWorker" in navigator) || typeof PushManager === "undefined") return undefined;
  return navigator.serviceWorker.getRegistration("/");
}

/** Subscribes this browser; false when it cannot take pushes (no service worker or no push service). */
export async function subscribeToPush(): Promise<boolean> {
  const registration = await workerRegistration();
  if (!registration) return false;
  try {
    const { public_key } = pushKeySchema.parse((await apiClient.get<unknown>(apiPaths.pushKey)).data);
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: public_key }));
    await apiClient.post(apiPaths.pushSubscribe, subscription.toJSON());
    return true;
  } catch (error) {
    // The push service cannot be reached (or refused): reminders still show while a tab is open.
    console.warn("This browser could not subscribe to push", error);
    return false;
  }
}

/** Ends this browser's subscription, on the server and in the browser. */
export async function unsubscribeFromPush(): Promise<void> {
  const registration = await workerRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await apiClient.delete(apiPaths.pushUnsubscribe, { data: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}
