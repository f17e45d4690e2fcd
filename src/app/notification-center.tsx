import { NotificationBell } from "@/components/layout/notification-bell";
import { toast } from "@/components/ui/toaster";
import { useMarkNotificationsRead } from "@/api/notifications/notification-mutations";
import { useNotifications } from "@/api/notifications/notification-queries";
import { useUpdateTask } from "@/api/tasks/task-mutations";
import { snoozedUntil } from "@/lib/reminders";
import { formatDate } from "@/lib/date-format";
import { useSessionStore } from "@/stores/session-store";
import { useReminderAlerts } from "./reminder-alerts";

/**
 * The header's bell with its data: polled, refreshed when opened, read when followed; a reminder
 * can be snoozed from it, and one arriving while the app is open is announced.
 */
export function NotificationCenter() {
  const { data, refetch } = useNotifications();
  const { mutate: markRead } = useMarkNotificationsRead();
  const { mutate: updateTask } = useUpdateTask();
  const user = useSessionStore((state) => state.user);
  useReminderAlerts(data?.items, user?.id ?? "");
  return (
    <NotificationBell
      items={data?.items}
      unread={data?.unread ?? 0}
      onOpenChange={(open) => {
        if (open) void refetch();
      }}
      onRead={(id) => markRead({ ids: [id] })}
      onMarkAllRead={() => markRead({ all: true })}
      onSnooze={(notification, choice) => {
        if (!notification.task_id) return;
        const remindAt = snoozedUntil(choice, user?.timezone);
        updateTask(
          { id: notification.task_id, changes: { remind_at: remindAt } },
          {
            onSuccess: () => {
              if (notification.read_at === null) markRead({ ids: [notification.id] });
              toast.success("Reminder snoozed", {
                description: `It rings again ${formatDate(remindAt, user?.timezone, "weekdayTime")}.`,
              });
            },
          },
        );
      }}
    />
  );
}
