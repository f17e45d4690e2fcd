import {
  apiRoutes,
  userFromWire,
  type ChangePasswordRequest,
  type ProfileRequest,
  type User,
} from "@contract/index";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { useSessionStore } from "@/stores/session-store";

/**
 * The settings calls of spec §7 each answer the user; the session store takes the server's user
 * so the shell (name, initials, timezone everywhere) shows what the server now holds.
 */
function useUserMutation<Variables>(
  send: (variables: Variables) => Promise<{ data: unknown }>,
  onSaved?: () => void,
) {
  const setUser = useSessionStore((state) => state.setUser);
  return useMutation({
    mutationFn: async (variables: Variables): Promise<User> => userFromWire((await send(variables)).data),
    onSuccess: (user) => {
      setUser(user);
      onSaved?.();
    },
  });
}

/** PUT /auth/profile: only the names given are sent (spec §5). */
export function useUpdateProfile() {
  return useUserMutation((names: ProfileRequest) => apiClient.put<unknown>(apiRoutes.profile.path, names));
}

/** POST /auth/change-password. */
export function useChangePassword() {
  return useUserMutation((passwords: ChangePasswordRequest) =>
    apiClient.post<unknown>(apiRoutes.changePassword.path, passwords),
  );
}

/** POST /auth/timezone. */
export function useUpdateTimezone() {
  const queryClient = useQueryClient();
  return useUserMutation(
    (timezone: string) => apiClient.post<unknown>(apiRoutes.timezone.path, { timezone }),
    // The server reads "today" and the monthly reset in the user's zone (ARCHITECTURE.md), so the
    // daily status and the premium reset date may have moved.
    () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.daily.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.premium.all });
    },
  );
}
