import { apiRoutes, type RegisterRequest } from "@contract/index";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { startSession } from "./sign-in";

/** POST /auth/register (spec §7): token and user; the session becomes authenticated. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (registration: RegisterRequest) => {
      const response = await apiClient.post<unknown>(apiRoutes.register.path, registration);
      return response.data;
    },
    onSuccess: (answer) => startSession(queryClient, answer),
  });
}
