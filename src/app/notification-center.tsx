import { NotificationBell } from "@/components/layout/notification-bell";
import { useMarkNotificationsRead } from "@/api/notifications/notification-mutations";
import { useNotifications } from "@/api/notifications/notification-queries";

/** The header's bell with its data: polled, refreshed when opened, read when followed. */
export function NotificationCenter() {
  const { data, refetch } = useNotifications();
  const { mutate: markRead } = useMarkNotificationsRead();
  return (
    <NotificationBell
      items={data?.items}
      unread={data?.unread ?? 0}
      onOpenChange={(open) => {
        if (open) void refetch();
      }}
      onRead={(id) => markRead({ ids: [id] })}
      onMarkAllRead={() => markRead({ all: true })}
    />
  );
}
