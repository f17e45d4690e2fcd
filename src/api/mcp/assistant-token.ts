import { apiPaths } from "@contract/api-paths";
import { apiTokenCreatedSchema, type ApiTokenCreated, type ApiTokenScope } from "@contract/integrations";
import { useMutation } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { queryKeys } from "../query-keys";

/** An assistant's token lasts a year; it can be revoked at any time with the other API tokens. */
const ASSISTANT_TOKEN_DAYS = 365;

/** An assistant reads, or reads and writes: it never manages integrations. */
export type AssistantScope = Extract<ApiTokenScope, "read" | "write">;

const NAMES: Record<AssistantScope, string> = {
  read: "AI assistant (read only)",
  write: "AI assistant (read and write)",
};

/** POST /api/v1/tokens with the assistant preset: a named token of the chosen scope, shown once. */
export function useCreateAssistantToken() {
  return useMutation({
    mutationFn: async (scope: AssistantScope): Promise<ApiTokenCreated> => {
      const body = { name: NAMES[scope], scope, expires_in_days: ASSISTANT_TOKEN_DAYS };
      return apiTokenCreatedSchema.parse((await apiClient.post<unknown>(apiPaths.createApiToken, body)).data);
    },
    meta: {
      invalidates: [queryKeys.integrations.tokens()],
      errorTitle: "Could not create the token",
      errorMessage: "Please try again",
    },
  });
}
