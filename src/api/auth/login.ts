import { apiPaths } from "@contract/api-paths";
import type { LoginRequest } from "@contract/auth";
import { useMutation } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { startSession } from "./sign-in";
import { twoFactorChallengeOf } from "./two-factor";

/**
 * POST /auth/login: token and user, and the session becomes authenticated; or, for an account
 * with two-factor sign-in, the challenge that the code step sends back (the mutation's data).
 */
export function useLogin() {
  return useMutation({
    mutationFn: async (credentials: LoginRequest) => {
      const response = await apiClient.post<unknown>(apiPaths.login, credentials);
      const challenge = twoFactorChallengeOf(response.data);
      if (challenge === null) startSession(response.data);
      return challenge;
    },
  });
}
