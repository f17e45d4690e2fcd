import { calendarFeedSchema, type CalendarFeed } from "@contract/calendar";
import { apiPaths } from "@contract/api-paths";
import { importResultSchema, type ExportFormat, type ImportResult } from "@contract/transfer";
import { queryOptions } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { queryKeys } from "../query-keys";

/** The private address of the user's calendar feed (Settings). */
export const calendarFeedQueries = {
  address: () =>
    queryOptions({
      queryKey: queryKeys.calendarFeed.address(),
      queryFn: async ({ signal }): Promise<CalendarFeed> =>
        calendarFeedSchema.parse((await apiClient.get<unknown>(apiPaths.calendarFeed, { signal })).data),
    }),
};

export async function rotateCalendarFeed(): Promise<CalendarFeed> {
  return calendarFeedSchema.parse((await apiClient.post<unknown>(apiPaths.rotateCalendarFeed)).data);
}

export async function importFile(file: File): Promise<ImportResult> {
  const form = new FormData();
  form.append("file", file);
  // The browser sets the multipart boundary itself.
  const response = await apiClient.post<unknown>(apiPaths.importTasks, form, {
    headers: { "Content-Type": undefined },
  });
  return importResultSchema.parse(response.data);
}

/** Downloads the export through the API client (the bearer token is not in a link). */
export async function downloadExport(format: ExportFormat): Promise<void> {
  const response = await apiClient.get<Blob>(apiPaths.exportTasks, {
    params: { format },
    responseType: "blob",
  });
  const disposition = String(response.headers["content-disposition"] ?? "");
  const filename =
    /filename="([^"]+)"/.exec(disposition)?.[1] ?? `tasklane-tasks.${format === "todotxt" ? "txt" : format}`;
  const url = URL.createObjectURL(response.data);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
