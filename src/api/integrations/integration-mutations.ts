import { useMutation } from "@tanstack/react-query";
import type { AppMutationMeta } from "@/lib/query-client";
import { queryKeys } from "../query-keys";
import {
  createApiToken,
  createWebhook,
  deleteWebhook,
  revokeAllApiTokens,
  revokeApiToken,
} from "./integration-queries";

/**
 * A token change refreshes every integration (a revoked token takes its webhooks with it, and the
 * sign-ins list shows the tokens); a failure is toasted under `errorTitle` with the server's
 * message, "Please try again" without one.
 */
function tokenChange(errorTitle: string): AppMutationMeta {
  return { invalidates: [queryKeys.integrations.all], errorTitle, errorMessage: "Please try again" };
}

/** POST /api/v1/tokens: the answer holds the token, shown once. */
export function useCreateApiToken() {
  return useMutation({ mutationFn: createApiToken, meta: tokenChange("Could not create the token") });
}

export function useRevokeApiToken() {
  return useMutation({ mutationFn: revokeApiToken, meta: tokenChange("Could not revoke the token") });
}

/** DELETE /api/v1/tokens: every token at once (Settings → Sign-ins). */
export function useRevokeAllApiTokens() {
  return useMutation({ mutationFn: revokeAllApiTokens, meta: tokenChange("Could not revoke the tokens") });
}

/**
 * POST /api/v1/webhooks: the answer holds the signing secret, shown once. A refusal (say, a
 * private address) is not toasted: the form shows it under the address.
 */
export function useCreateWebhook() {
  return useMutation({
    mutationFn: createWebhook,
    meta: { invalidates: [queryKeys.integrations.webhooks()] },
  });
}

export function useDeleteWebhook() {
  return useMutation({
    mutationFn: deleteWebhook,
    meta: {
      invalidates: [queryKeys.integrations.webhooks()],
      errorTitle: "Could not delete the webhook",
      errorMessage: "Please try again",
    },
  });
}
