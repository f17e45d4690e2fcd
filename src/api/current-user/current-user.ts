import { apiPaths } from "@contract/api-paths";
import { userFromWire } from "@contract/auth-answers";
import { useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { queryKeys } from "../query-keys";
import { useSessionStore } from "@/stores/session-store";

async function fetchCurrentUser() {
  try {
    const response = await apiClient.get<unknown>(apiPaths.me);
    const user = userFromWire(response.data);
    useSessionStore.getState().setUser(user);
    return user;
  } catch (error) {
    // A failed fetch of the current user logs the user out, whatever the status.
    useSessionStore.getState().clear();
    throw error;
  }
}

/**
 * GET /auth/me: loads the user when a token exists without one (a reload that lost the stored
 * user). Not retried: the first failure is a logout.
 */
export function useCurrentUser({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: queryKeys.auth.me(),
    queryFn: fetchCurrentUser,
    enabled,
    retry: false,
    staleTime: Infinity,
  });
}
