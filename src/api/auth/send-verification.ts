import { apiPaths } from "@contract/api-paths";
import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { apiClient } from "@/lib/api-client";

/**
 * expires_in (minutes) and where the code went matter to the page; a server that omits them
 * still sent the code, by e-mail.
 */
const verificationAnswerSchema = z.object({
  expires_in: z.number().positive().optional().catch(undefined),
  delivery: z.enum(["email", "server_log"]).optional().catch(undefined),
});

/** POST /auth/send-verification. */
export function useSendVerificationCode() {
  return useMutation({
    mutationFn: async (email: string) => {
      const response = await apiClient.post<unknown>(apiPaths.sendVerification, { email });
      return verificationAnswerSchema.parse(response.data ?? {});
    },
  });
}
