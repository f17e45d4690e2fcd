import { useQuery } from "@tanstack/react-query";
import { NotificationBell } from "@/components/layout/notification-bell";
import { toast } from "@/components/ui/toaster";
import { useMarkNotificationsRead } from "@/api/notifications/notification-mutations";
import { useNotifications } from "@/api/notifications/notification-queries";
import { useAnswerInvitation } from "@/api/sharing/sharing-mutations";
import { sharingQueries } from "@/api/sharing/sharing-queries";
import { useUpdateTask } from "@/api/tasks/task-mutations";
import { snoozedUntil } from "@/lib/reminders";
import { formatDate } from "@/lib/date-format";
import { useSessionStore } from "@/stores/session-store";
import { useReminderAlerts } from "./reminder-alerts";

/**
 * The header's bell with its data: polled, refreshed when opened, read when followed; a reminder
 * can be snoozed from it, and one arriving while the app is open is announced; invitations to
 * shared projects are answered from it.
 */
export function NotificationCenter() {
  const { data, refetch } = useNotifications();
  const invitations = useQuery(sharingQueries.invitations());
  const { mutate: answerInvitation } = useAnswerInvitation();
  const { mutate: markRead } = useMarkNotificationsRead();
  const { mutate: updateTask } = useUpdateTask();
  const user = useSessionStore((state) => state.user);
  useReminderAlerts(data?.items, user?.id ?? "");
  return (
    <NotificationBell
      items={data?.items}
      unread={data?.unread ?? 0}
      onOpenChange={(open) => {
        if (open) void Promise.all([refetch(), invitations.refetch()]);
      }}
      invitations={invitations.data}
      onAnswerInvitation={(invitation, accept) =>
        answerInvitation(
          { id: invitation.id, accept },
          {
            onSuccess: () =>
              toast.success(accept ? `You joined "${invitation.project_name}"` : "Invitation declined"),
          },
        )
      }
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
