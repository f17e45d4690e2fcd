import { apiPaths } from "@contract/api-paths";
import { parseTaskResponseSchema, type ParseTaskResponse } from "@contract/quick-add";
import { queryOptions } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { queryKeys } from "../query-keys";

/** POST /api/v1/tasks/parse: the server reads the line, so every client reads it alike. */
export async function parseQuickAdd(text: string, signal?: AbortSignal): Promise<ParseTaskResponse> {
  const response = await apiClient.post<unknown>(apiPaths.parseTask, { text }, { signal });
  return parseTaskResponseSchema.parse(response.data);
}

export const quickAddQueries = {
  /** The reading of a line as it is typed (nothing is read for an empty line). */
  parse: (text: string) =>
    queryOptions({
      queryKey: queryKeys.quickAdd.parse(text),
      queryFn: ({ signal }) => parseQuickAdd(text, signal),
      enabled: text.length > 0,
      staleTime: 60_000,
    }),
};
