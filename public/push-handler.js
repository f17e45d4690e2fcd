/* global self, clients -- the service worker's scope; Workbox's generated sw.js imports this file */
/**
 * Reminders by Web Push. The server pushes each reminder to every browser the user subscribed,
 * encrypted to the browser's keys; the browser wakes this worker with it even when no tab of
 * Tasklane is open.
 *
 * With a tab of the app in view, that tab shows the reminder itself (it shows a notification and
 * a toast when the bell hears of it): the worker only tells the open tabs to ask the bell now.
 * Otherwise the worker shows the notification, tagged with the reminder's id so the same
 * reminder is never shown twice. A click focuses a tab of the app (or opens one) on the page
 * the reminder leads to.
 */

const FALLBACK_REMINDER = { title: "Tasklane", body: "You have a reminder.", tag: "reminder", url: "/tasks" };

/** The pushed JSON, or the fallback when a push arrives without a readable payload. */
function readReminder(data) {
  try {
    const reminder = data ? data.json() : null;
    if (reminder && typeof reminder.body === "string") {
      return {
        title: typeof reminder.title === "string" ? reminder.title : FALLBACK_REMINDER.title,
        body: reminder.body,
        tag: typeof reminder.tag === "string" ? reminder.tag : FALLBACK_REMINDER.tag,
        // Only a path of the app: a push never sends the user elsewhere.
        url: typeof reminder.url === "string" && reminder.url.startsWith("/") ? reminder.url : "/tasks",
      };
    }
  } catch {
    // Not JSON: the fallback below still tells the user something is due.
  }
  return FALLBACK_REMINDER;
}

async function appWindows() {
  return clients.matchAll({ type: "window", includeUncontrolled: true });
}

async function handlePush(data) {
  const reminder = readReminder(data);
  const windows = await appWindows();
  const visible = windows.filter((client) => client.visibilityState === "visible");
  if (visible.length > 0) {
    for (const client of visible) client.postMessage({ type: "tasklane:reminder", tag: reminder.tag });
    return;
  }
  await self.registration.showNotification(reminder.title, {
    body: reminder.body,
    tag: reminder.tag,
    icon: "/pwa-192.png",
    badge: "/pwa-192.png",
    data: { url: reminder.url },
  });
}

async function handleClick(notification) {
  notification.close();
  const url = (notification.data && notification.data.url) || "/tasks";
  const windows = await appWindows();
  const open = windows[0];
  if (open) {
    await open.focus();
    if ("navigate" in open) await open.navigate(url);
    return;
  }
  await clients.openWindow(url);
}

self.addEventListener("push", (event) => {
  event.waitUntil(handlePush(event.data));
});

self.addEventListener("notificationclick", (event) => {
  event.waitUntil(handleClick(event.notification));
});
