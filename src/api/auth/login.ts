import { apiPaths } from "@contract/api-paths";
import type { LoginRequest } from "@contract/auth";
import { useMutation } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { startSession } from "./sign-in";

/** POST /auth/login: token and user; the session becomes authenticated. */
export function useLogin() {
  return useMutation({
    mutationFn: async (credentials: LoginRequest) => {
      const response = await apiClient.post<unknown>(apiPaths.login, credentials);
      return response.data;
    },
    onSuccess: startSession,
  });
}
