import type { CalendarFeed } from "@contract/calendar";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "../query-keys";
import { taskChange } from "../tasks/task-mutations";
import { downloadExport, importFile, rotateCalendarFeed } from "./transfer-queries";

export function useExportTasks() {
  return useMutation({
    mutationFn: downloadExport,
    meta: { errorTitle: "Export failed", errorMessage: "Please try again" },
  });
}

/** An import creates tasks: a task change. */
export function useImportTasks() {
  return useMutation({ mutationFn: importFile, meta: taskChange("Please try again", "Import failed") });
}

/** A new feed address: the old one stops working, so the answer replaces it at once. */
export function useRotateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateCalendarFeed,
    onSuccess: (fresh) => queryClient.setQueryData<CalendarFeed>(queryKeys.calendarFeed.address(), fresh),
    meta: { errorMessage: "Please try again" },
  });
}
