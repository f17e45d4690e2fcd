import { apiRoutes } from "@contract/index";
import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { apiClient } from "@/lib/api-client";

/** Only expires_in (minutes, spec §3) matters to the page; a server that omits it still sent the code. */
const verificationAnswerSchema = z.object({
  expires_in: z.number().positive().optional().catch(undefined),
});

/** POST /auth/send-verification (spec §7). */
export function useSendVerificationCode() {
  return useMutation({
    mutationFn: async (email: string) => {
      const response = await apiClient.post<unknown>(apiRoutes.sendVerification.path, { email });
      return verificationAnswerSchema.parse(response.data ?? {});
    },
  });
}
