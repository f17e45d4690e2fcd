import { apiRoutes, type LoginRequest } from "@contract/index";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { startSession } from "./sign-in";

/** POST /auth/login (spec §7): token and user; the session becomes authenticated. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: LoginRequest) => {
      const response = await apiClient.post<unknown>(apiRoutes.login.path, credentials);
      return response.data;
    },
    onSuccess: (answer) => startSession(queryClient, answer),
  });
}
