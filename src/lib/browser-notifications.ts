/**
 * Whether this browser shows reminders as notifications: the person's choice in Settings (off by
 * default), kept per account in this browser, and the browser's own permission.
 */
const preferenceKey = (userId: string) => `tasklane.browser-notifications.${userId}`;

export function notificationsSupported(): boolean {
  return typeof window !== "undefined" && "Notification" in window;
}

export function browserNotificationsChosen(userId: string): boolean {
  try {
    return localStorage.getItem(preferenceKey(userId)) === "on";
  } catch {
    // Storage switched off: nothing was chosen.
    return false;
  }
}

export function chooseBrowserNotifications(userId: string, on: boolean): void {
  try {
    if (on) localStorage.setItem(preferenceKey(userId), "on");
    else localStorage.removeItem(preferenceKey(userId));
  } catch {
    // Storage switched off: the choice cannot be kept.
  }
}

/** Chosen and allowed: a reminder may be shown as a notification now. */
export function mayShowBrowserNotifications(userId: string): boolean {
  return (
    notificationsSupported() && Notification.permission === "granted" && browserNotificationsChosen(userId)
  );
}
