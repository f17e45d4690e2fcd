import { notificationListFromWire, type NotificationList } from "@contract/notifications";
import { apiPaths } from "@contract/api-paths";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { queryKeys } from "../query-keys";

/** How often the bell asks for news while the app is open (and on every return to the tab). */
export const NOTIFICATIONS_REFETCH_MS = 30_000;

async function fetchNotifications(signal?: AbortSignal): Promise<NotificationList> {
  const response = await apiClient.get<unknown>(apiPaths.listNotifications, { signal });
  return notificationListFromWire(response.data);
}

export const notificationQueries = {
  list: () =>
    queryOptions({
      queryKey: queryKeys.notifications.list(),
      queryFn: ({ signal }) => fetchNotifications(signal),
      refetchInterval: NOTIFICATIONS_REFETCH_MS,
      refetchOnWindowFocus: "always",
    }),
};

/** GET /api/v1/notifications: the bell's newest 20 and the unread count, kept fresh by polling. */
export function useNotifications() {
  return useQuery(notificationQueries.list());
}
