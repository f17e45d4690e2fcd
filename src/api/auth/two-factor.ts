import { apiPaths } from "@contract/api-paths";
import type { TwoFactorVerifyRequest } from "@contract/account-security";
import { useMutation } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { startSession } from "./sign-in";

/** The challenge of a login answer that asks for a second factor; null for one that signed in. */
export function twoFactorChallengeOf(answer: unknown): string | null {
  if (typeof answer !== "object" || answer === null) return null;
  const { two_factor_required: required, challenge } = answer as Record<string, unknown>;
  return required === true && typeof challenge === "string" ? challenge : null;
}

/** POST /auth/2fa/verify: the challenge and a code give the session. */
export function useVerifyTwoFactor() {
  return useMutation({
    mutationFn: async (request: TwoFactorVerifyRequest) =>
      (await apiClient.post<unknown>(apiPaths.twoFactorVerify, request)).data,
    onSuccess: startSession,
  });
}
