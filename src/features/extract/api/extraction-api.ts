import {
  extractedTaskFromWire,
  type ExtractedTask,
  type ExtractionStrategy,
  type ExtractRequest,
} from "@contract/extract";
import { QUOTA_EXCEEDED_CODE } from "@contract/premium";
import { apiRoutes } from "@contract/routes";
import { toWireStatus, type CreateTaskRequest } from "@contract/tasks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient, httpStatus } from "@/lib/api-client";
import { refreshAiUsage } from "@/lib/premium-queries";
import { keysStaleAfterTaskChange } from "@/lib/query-keys";
import type { ExtractionResult } from "../extraction-store";

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
  /** Sent only when the user turned the override on (spec §3). */
  timezone?: string;
}

/** POST /api/v1/extract/text; the premium limit (and the user's count) are refetched after each one. */
export function useExtractTasks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ content, strategy, timezone }: ExtractVariables): Promise<ExtractedTask[]> => {
      const body: ExtractRequest = { content, strategy, ...(timezone ? { timezone } : {}) };
      const response = await apiClient.post<unknown>(apiRoutes.extractText.path, body);
      return readExtractedTasks(response.data);
    },
    // spec §4: after each extraction the premium limit is refetched. Failed AI calls are not
    // charged, but a refusal tells us the count moved elsewhere, so refresh either way. Not
    // awaited: the results should not wait for the usage figures.
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
 * spec §8 "AI limit reached": the server refuses an AI extraction with 403 once the month's uses
 * are spent (issue 4). Servers that send no code are read by the status alone for the AI method.
 */
export function isUsageLimitError(error: unknown, strategy: ExtractionStrategy): boolean {
  if (httpStatus(error) !== 403) return false;
  return errorCode(error) === QUOTA_EXCEEDED_CODE || strategy === "llm";
}

/** The create-task body of an extracted task (spec §3 payload, plus its status and source). */
function createTaskBody(task: ExtractedTask): CreateTaskRequest {
  return {
    title: task.title,
    ...(task.description ? { description: task.description } : {}),
    priority: task.priority,
    status: toWireStatus(task.status),
    ...(task.due_date ? { due_date: task.due_date } : {}),
    tags: task.tags,
    source: task.source,
  };
}

export interface AddAllOutcome {
  added: number;
  /** The results that could not be created, each with why. */
  failed: { result: ExtractionResult; error: unknown }[];
}

/**
 * "Add All Tasks to My List": POST /api/v1/tasks for each result, one after another so the
 * list keeps the order of the text. Failures do not stop the rest; lists, stats and the daily
 * status are refreshed when anything was created (spec §4).
 */
export function useAddExtractedTasks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (results: ExtractionResult[]): Promise<AddAllOutcome> => {
      const outcome: AddAllOutcome = { added: 0, failed: [] };
      for (const result of results) {
        try {
          await apiClient.post(apiRoutes.createTask.path, createTaskBody(result.task));
          outcome.added += 1;
        } catch (error) {
          outcome.failed.push({ result, error });
        }
      }
      return outcome;
    },
    onSuccess: async ({ added }) => {
      if (added === 0) return;
      await Promise.all(
        keysStaleAfterTaskChange.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
