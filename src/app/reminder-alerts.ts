import type { NotificationJson } from "@contract/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router-dom";
import { queryKeys } from "@/api/query-keys";
import { toast } from "@/components/ui/toaster";
import { mayShowBrowserNotifications } from "@/lib/browser-notifications";
import { taskPath, TASKS_PATH } from "@/lib/task-search-param";

/**
 * While the app is open, a reminder that arrives in the bell is also a toast and, when the person
 * turned browser notifications on in Settings, a notification of the browser (tagged with the
 * reminder's id, so a push of the same reminder does not show it a second time). Only reminders
 * that arrive while the tab watches: what the bell held when the app opened is not announced again.
 * A push the service worker receives while this tab is in view makes the bell ask at once.
 */
export function useReminderAlerts(items: readonly NotificationJson[] | undefined, userId: string) {
  const seen = useRef<Set<string> | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!items) return;
    if (seen.current === null) {
      seen.current = new Set(items.map((item) => item.id));
      return;
    }
    const arrived = items.filter((item) => !seen.current!.has(item.id));
    for (const item of arrived) seen.current.add(item.id);
    for (const item of arrived.reverse()) {
      if (item.kind !== "reminder" || item.read_at !== null) continue;
      const path = item.task_id ? taskPath(item.task_id) : TASKS_PATH;
      toast(item.text, { action: { label: "Open", onClick: () => void navigate(path) } });
      if (mayShowBrowserNotifications(userId)) {
        const notification = new Notification("Tasklane", { body: item.text, tag: item.id });
        notification.onclick = () => {
          window.focus();
          void navigate(path);
          notification.close();
        };
      }
    }
  }, [items, userId, navigate]);

  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    const onMessage = (event: MessageEvent<unknown>) => {
      const data = event.data as { type?: unknown } | null;
      if (data?.type === "tasklane:reminder") {
        void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.list() });
      }
    };
    navigator.serviceWorker.addEventListener("message", onMessage);
    return () => navigator.serviceWorker.removeEventListener("message", onMessage);
  }, [queryClient]);
}
