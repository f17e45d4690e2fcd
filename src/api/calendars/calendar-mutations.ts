import { apiPaths, pathFor } from "@contract/api-paths";
import { calendarJsonSchema, type SubscribeCalendarRequest } from "@contract/planning";
import { useMutation } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import type { AppMutationMeta } from "@/lib/query-client";
import { queryKeys } from "../query-keys";
import type { Calendar } from "./calendar-queries";

/** Any change of the calendars changes the list and the events shown. */
function calendarChange(errorTitle: string): AppMutationMeta {
  return { invalidates: [queryKeys.calendars.all], errorTitle, errorMessage: "Please try again" };
}

/** POST /api/v1/calendars: answered after the first fetch, which may have failed (its error says why). */
export function useSubscribeCalendar() {
  return useMutation({
    mutationFn: async (request: SubscribeCalendarRequest): Promise<Calendar> =>
      calendarJsonSchema.parse((await apiClient.post<unknown>(apiPaths.subscribeCalendar, request)).data),
    meta: calendarChange("Could not add the calendar"),
  });
}

/** POST /api/v1/calendars/import: the .ics file itself is the body, as text/calendar. */
export function useImportCalendar() {
  return useMutation({
    mutationFn: async ({ file, name }: { file: Blob; name?: string }): Promise<Calendar> => {
      const response = await apiClient.post<unknown>(apiPaths.importCalendar, file, {
        headers: { "Content-Type": "text/calendar" },
        params: name ? { name } : undefined,
      });
      return calendarJsonSchema.parse(response.data);
    },
    meta: calendarChange("Could not import the calendar"),
  });
}

/** POST /api/v1/calendars/:id/sync: a failure is recorded on the calendar, not thrown. */
export function useSyncCalendar() {
  return useMutation({
    mutationFn: async (id: string): Promise<Calendar> =>
      calendarJsonSchema.parse((await apiClient.post<unknown>(pathFor(apiPaths.syncCalendar, { id }))).data),
    meta: calendarChange("Could not sync the calendar"),
  });
}

export function useDeleteCalendar() {
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await apiClient.delete(pathFor(apiPaths.deleteCalendar, { id }));
    },
    meta: calendarChange("Could not delete the calendar"),
  });
}
