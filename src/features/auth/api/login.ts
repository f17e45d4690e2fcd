import { apiRoutes, type LoginRequest } from "@contract/index";
import { useMutation } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { startSession } from "./sign-in";

/** POST /auth/login: token and user; the session becomes authenticated. */
export function useLogin() {
  return useMutation({
    mutationFn: async (credentials: LoginRequest) => {
      const response = await apiClient.post<unknown>(apiRoutes.login.path, credentials);
      return response.data;
    },
    onSuccess: startSession,
  });
}
