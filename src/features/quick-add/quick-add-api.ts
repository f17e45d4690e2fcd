import { apiPaths } from "@contract/api-paths";
import { parseTaskResponseSchema, type ParseTaskResponse } from "@contract/quick-add";
import type { CreateTaskRequest } from "@contract/tasks";
import { apiClient } from "@/lib/api-client";

/** POST /api/v1/tasks/parse: the server reads the line, so every client reads it alike. */
export async function parseQuickAdd(text: string, signal?: AbortSignal): Promise<ParseTaskResponse> {
  const response = await apiClient.post<unknown>(apiPaths.parseTask, { text }, { signal });
  return parseTaskResponseSchema.parse(response.data);
}

/** The task a reading makes (the priority defaults on the server when none was named). */
export function taskFromReading(reading: ParseTaskResponse): CreateTaskRequest {
  return {
    title: reading.title,
    due_date: reading.due_date,
    tags: reading.tags,
    ...(reading.priority ? { priority: reading.priority } : {}),
    ...(reading.recurrence && reading.due_date ? { recurrence: reading.recurrence } : {}),
    ...(reading.duration_minutes !== null ? { duration_minutes: reading.duration_minutes } : {}),
  };
}

/** The text with one recognised part wrapped in quotes: the server then keeps it as words. */
export function keepAsText(text: string, span: { start: number; end: number }): string {
  return `${text.slice(0, span.start)}"${text.slice(span.start, span.end)}"${text.slice(span.end)}`;
}
