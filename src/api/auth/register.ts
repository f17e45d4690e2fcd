import { apiPaths } from "@contract/api-paths";
import type { RegisterRequest } from "@contract/auth";
import { useMutation } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { startSession } from "./sign-in";

/** POST /auth/register: token and user; the session becomes authenticated. */
export function useRegister() {
  return useMutation({
    mutationFn: async (registration: RegisterRequest) => {
      const response = await apiClient.post<unknown>(apiPaths.register, registration);
      return response.data;
    },
    onSuccess: startSession,
  });
}
