import { apiRoutes, type RegisterRequest } from "@contract/index";
import { useMutation } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { startSession } from "./sign-in";

/** POST /auth/register: token and user; the session becomes authenticated. */
export function useRegister() {
  return useMutation({
    mutationFn: async (registration: RegisterRequest) => {
      const response = await apiClient.post<unknown>(apiRoutes.register.path, registration);
      return response.data;
    },
    onSuccess: startSession,
  });
}
