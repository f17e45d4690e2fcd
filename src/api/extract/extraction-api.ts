import {
  extractedTaskFromWire,
  type ExtractedTask,
  type ExtractionStrategy,
  type ExtractRequest,
} from "@contract/extract";
import { QUOTA_EXCEEDED_CODE } from "@contract/premium";
import { apiPaths } from "@contract/api-paths";
import { toWireStatus, type CreateTaskRequest } from "@contract/tasks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient, httpStatus } from "@/lib/api-client";
import { refreshAiUsage } from "@/api/premium/premium-queries";

/** Our server answers with the list; other servers may wrap it as `{ tasks: [...] }`. */
function readExtractedTasks(data: unknown): ExtractedTask[] {
  const list = Array.isArray(data)
    ? data
    : typeof data === "object" && data !== null && Array.isArray((data as { tasks?: unknown }).tasks)
      ? (data as { tasks: unknown[] }).tasks
      : [];
  return list.map(extractedTaskFromWire);
}

export interface ExtractVariables {
  content: string;
  strategy: ExtractionStrategy;
  /** Sent only when the user turned the override on. */
  timezone?: string;
}

/** POST /api/v1/extract/text; the premium limit (and the user's count) are refetched after each one. */
export function useExtractTasks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ content, strategy, timezone }: ExtractVariables): Promise<ExtractedTask[]> => {
      const body: ExtractRequest = { content, strategy, ...(timezone ? { timezone } : {}) };
      const response = await apiClient.post<unknown>(apiPaths.extractText, body);
      return readExtractedTasks(response.data);
    },
    // After each extraction the premium limit is refetched. Failed AI calls are not charged, but
    // a refusal tells us the count moved elsewhere, so refresh either way. Not awaited: the
    // results should not wait for the usage figures.
    onSettled: () => {
      void refreshAiUsage(queryClient);
    },
  });
}

function errorCode(error: unknown): string | undefined {
  const data = (error as { response?: { data?: unknown } } | null)?.response?.data;
  const code = typeof data === "object" && data !== null ? (data as { code?: unknown }).code : undefined;
  return typeof code === "string" ? code : undefined;
}

/**
 * "AI limit reached": the server refuses an AI extraction with 403 once the month's uses are
 * spent. Servers that send no code are read by the status alone for the AI method.
 */
export function isUsageLimitError(error: unknown, strategy: ExtractionStrategy): boolean {
  if (httpStatus(error) !== 403) return false;
  return errorCode(error) === QUOTA_EXCEEDED_CODE || strategy === "llm";
}

/** The create-task body of an extracted task: its fields, status and source (where it came from). */
export function createTaskBody(task: ExtractedTask): CreateTaskRequest {
  return {
    title: task.title,
    ...(task.description ? { description: task.description } : {}),
    priority: task.priority,
    status: toWireStatus(task.status),
    ...(task.due_date ? { due_date: task.due_date } : {}),
    tags: task.tags,
    source: task.source,
    // A proposed rule comes with its first due date; a rule without one could not be created.
    ...(task.recurrence && task.due_date ? { recurrence: task.recurrence } : {}),
  };
}
