import { apiPaths } from "@contract/api-paths";
import {
  calendarEventListSchema,
  calendarListSchema,
  type CalendarEventJson,
  type CalendarJson,
} from "@contract/planning";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { queryKeys } from "../query-keys";

export type Calendar = CalendarJson;
export type CalendarEvent = CalendarEventJson;

/** GET /api/v1/calendars: the subscriptions and uploaded files, with their last sync and error. */
async function fetchCalendars(signal?: AbortSignal): Promise<Calendar[]> {
  const response = await apiClient.get<unknown>(apiPaths.listCalendars, { signal });
  return calendarListSchema.parse(response.data);
}

/** GET /api/v1/calendar/events: every occurrence in [from, to), expanded by the server, in UTC. */
async function fetchEvents(from: string, to: string, signal?: AbortSignal): Promise<CalendarEvent[]> {
  const response = await apiClient.get<unknown>(apiPaths.calendarEvents, { params: { from, to }, signal });
  return calendarEventListSchema.parse(response.data);
}

export const calendarQueries = {
  list: () =>
    queryOptions({
      queryKey: queryKeys.calendars.list(),
      queryFn: ({ signal }) => fetchCalendars(signal),
    }),
  /**
   * The events of a window (a day or a week). Moving to the next week keeps showing this one's
   * until the next has arrived, rather than an empty grid.
   */
  events: (from: string, to: string) =>
    queryOptions({
      queryKey: queryKeys.calendars.events(from, to),
      queryFn: ({ signal }) => fetchEvents(from, to, signal),
      placeholderData: keepPreviousData,
    }),
};
