import { useMutation } from "@tanstack/react-query";
import { queryKeys } from "../query-keys";
import { createAppPassword, revokeAppPassword } from "./caldav-queries";

/** POST /api/v1/app-passwords: the answer holds the password, shown once. */
export function useCreateAppPassword() {
  return useMutation({
    mutationFn: createAppPassword,
    meta: {
      invalidates: [queryKeys.caldav.appPasswords()],
      errorMessage: "Failed to create the app password",
    },
  });
}

export function useRevokeAppPassword() {
  return useMutation({
    mutationFn: revokeAppPassword,
    meta: {
      invalidates: [queryKeys.caldav.appPasswords()],
      errorMessage: "Failed to revoke the app password",
    },
  });
}
