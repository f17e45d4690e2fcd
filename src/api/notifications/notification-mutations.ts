import {
  notificationListFromWire,
  type MarkNotificationsReadRequest,
  type NotificationList,
} from "@contract/notifications";
import { apiPaths } from "@contract/api-paths";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { queryKeys } from "../query-keys";

async function markRead(request: MarkNotificationsReadRequest): Promise<NotificationList> {
  const response = await apiClient.post<unknown>(apiPaths.markNotificationsRead, request);
  return notificationListFromWire(response.data);
}

/**
 * POST /api/v1/notifications/read, `{ ids }` or `{ all: true }`. The server answers the list as it
 * now stands, which replaces the cached one.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: (list) => queryClient.setQueryData(queryKeys.notifications.list(), list),
    meta: { errorTitle: "Could not mark as read", errorMessage: "Please try again" },
  });
}
