import { apiPaths } from "@contract/api-paths";
import { eventTicketSchema } from "@contract/integrations";
import { liveSharingEventSchema } from "@contract/sharing";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { env } from "@/config/env";
import { apiClient } from "@/lib/api-client";
import { queryKeys, staleAfterTaskChange } from "../query-keys";

/**
 * The address of the server's task-event stream. EventSource cannot send the bearer token, so
 * each connection takes a one-use ticket first (POST /api/v1/events/ticket).
 */
export async function openTaskEventsUrl(): Promise<string> {
  const { ticket } = eventTicketSchema.parse((await apiClient.post<unknown>(apiPaths.eventTicket)).data);
  return `${env.apiUrl}${apiPaths.eventStream}?ticket=${encodeURIComponent(ticket)}`;
}

/** A task changed elsewhere: refetch what a task change makes stale, as this tab's own changes do. */
export function refreshAfterTaskChange(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    staleAfterTaskChange.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ).then(() => undefined);
}

/**
 * Another member changed a shared project's comments or members (the stream's `event: sharing`):
 * a task's comments and the project's activity are read again; a change of members refreshes the
 * members, invitations and bell, and what the tasks show (a role changes what may be edited, a
 * member who left or was removed loses the project's tasks). Data that is not such an event is
 * ignored.
 */
export function refreshAfterSharingChange(queryClient: QueryClient, data: unknown): Promise<void> {
  let json: unknown;
  try {
    json = typeof data === "string" ? JSON.parse(data) : undefined;
  } catch {
    return Promise.resolve();
  }
  const parsed = liveSharingEventSchema.safeParse(json);
  if (!parsed.success) return Promise.resolve();
  const event = parsed.data;
  const stale: QueryKey[] =
    event.type === "comments"
      ? [queryKeys.sharing.comments(event.task_id ?? ""), queryKeys.sharing.activity(event.project_id)]
      : [
          queryKeys.sharing.members(event.project_id),
          queryKeys.sharing.invitations(),
          queryKeys.notifications.all,
          ...staleAfterTaskChange,
        ];
  return Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(
    () => undefined,
  );
}
