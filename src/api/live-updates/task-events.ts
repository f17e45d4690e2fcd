import { apiPaths } from "@contract/api-paths";
import { eventTicketSchema } from "@contract/integrations";
import type { QueryClient } from "@tanstack/react-query";
import { env } from "@/config/env";
import { apiClient } from "@/lib/api-client";
import { staleAfterTaskChange } from "../query-keys";

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
