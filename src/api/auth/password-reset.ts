import { apiPaths } from "@contract/api-paths";
import type { ResetPasswordRequest } from "@contract/auth";
import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { apiClient } from "@/lib/api-client";

/** The answer is the same for every address; only the message and the code's lifetime matter here. */
const forgotAnswerSchema = z.object({
  message: z.string().optional().catch(undefined),
  expires_in: z.number().positive().optional().catch(undefined),
});

/** POST /auth/forgot-password: mails a reset code if the address has an account. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: async (email: string) => {
      const response = await apiClient.post<unknown>(apiPaths.forgotPassword, { email });
      return forgotAnswerSchema.parse(response.data ?? {});
    },
  });
}

/** POST /auth/reset-password: sets the new password and signs the account out everywhere. */
export function useResetPassword() {
  return useMutation({
    mutationFn: async (request: ResetPasswordRequest) => {
      await apiClient.post<unknown>(apiPaths.resetPassword, request);
    },
  });
}
