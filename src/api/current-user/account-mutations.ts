import { apiPaths } from "@contract/api-paths";
import { userFromWire } from "@contract/auth-answers";
import type { ChangePasswordRequest, ProfileRequest, SettingsRequest, User } from "@contract/auth";
import { useMutation } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import type { AppMutationMeta } from "@/lib/query-client";
import { useSessionStore } from "@/stores/session-store";
import { queryKeys } from "../query-keys";

/** A settings save that fails is toasted under its own title, "Please try again" without a message. */
const FALLBACK = "Please try again";

/**
 * The settings calls each answer the user; the session store takes the server's user so the
 * shell (name, initials, timezone everywhere) shows what the server now holds.
 */
function useUserMutation<Variables>(
  send: (variables: Variables) => Promise<{ data: unknown }>,
  meta: AppMutationMeta,
) {
  const setUser = useSessionStore((state) => state.setUser);
  return useMutation({
    mutationFn: async (variables: Variables): Promise<User> => userFromWire((await send(variables)).data),
    onSuccess: (user) => setUser(user),
    meta,
  });
}

/** PUT /auth/profile: only the names given are sent. */
export function useUpdateProfile() {
  return useUserMutation((names: ProfileRequest) => apiClient.put<unknown>(apiPaths.profile, names), {
    errorTitle: "Failed to update profile",
    errorMessage: FALLBACK,
  });
}

/** POST /auth/change-password. */
export function useChangePassword() {
  return useUserMutation(
    (passwords: ChangePasswordRequest) => apiClient.post<unknown>(apiPaths.changePassword, passwords),
    { errorTitle: "Failed to change password", errorMessage: FALLBACK },
  );
}

/**
 * POST /auth/timezone. The server reads "today" and the monthly reset in the user's zone, so the
 * daily status and the premium reset date may have moved.
 */
export function useUpdateTimezone() {
  return useUserMutation((timezone: string) => apiClient.post<unknown>(apiPaths.timezone, { timezone }), {
    errorTitle: "Failed to update timezone",
    errorMessage: FALLBACK,
    invalidates: [queryKeys.daily.all, queryKeys.premium.all],
  });
}

/**
 * PUT /auth/settings: the reminder settings (the default title), the planning ones (working
 * hours, capacity, default duration), the daily goal and the weekly e-mail.
 */
export function useUpdateSettings(errorTitle = "Failed to update reminders") {
  return useUserMutation((settings: SettingsRequest) => apiClient.put<unknown>(apiPaths.settings, settings), {
    errorTitle,
    errorMessage: FALLBACK,
  });
}
