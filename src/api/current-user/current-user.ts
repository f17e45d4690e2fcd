import { apiPaths } from "@contract/api-paths";
import { userFromWire } from "@contract/auth-answers";
import type { User } from "@contract/auth";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, httpStatus } from "@/lib/api-client";
import { queryKeys } from "../query-keys";
import { useSessionStore } from "@/stores/session-store";

async function fetchCurrentUser(): Promise<User> {
  const hadUser = useSessionStore.getState().user !== null;
  try {
    const response = await apiClient.get<unknown>(apiPaths.me);
    const user = userFromWire(response.data);
    useSessionStore.getState().setUser(user);
    return user;
  } catch (error) {
    // A failed fetch of the current user logs the user out, whatever the status. A refresh of a
    // user already loaded that never reached the server (offline) keeps the session instead.
    if (!hadUser || httpStatus(error) !== undefined) useSessionStore.getState().clear();
    throw error;
  }
}

/**
 * GET /auth/me. The copy of the user kept in browser storage may be days old (another device may
 * have changed the timezone since), so the user is read again at every start and whenever the tab
 * comes back into view. Not retried: a failure is a logout.
 */
const currentUserQuery = queryOptions({
  queryKey: queryKeys.auth.me(),
  queryFn: fetchCurrentUser,
  retry: false,
  staleTime: 0,
  refetchOnWindowFocus: true,
});

/** The guard's read of the current user: loads it for a stored token, then keeps it current. */
export function useCurrentUser({ enabled }: { enabled: boolean }) {
  return useQuery({ ...currentUserQuery, enabled });
}

/**
 * The current user once a read of it made since the calling screen opened has answered, or null
 * until then: a screen that offers to change a setting compares with this, never with the copy
 * kept in browser storage. `user` also carries the changes saved on this screen since;
 * `lastRead` is the server's answer itself, which changes only when a read brings news.
 */
export function useFreshCurrentUser(): { user: User; lastRead: User } | null {
  const signedIn = useSessionStore((state) => Boolean(state.token));
  const user = useSessionStore((state) => state.user);
  const read = useQuery({ ...currentUserQuery, enabled: signedIn, refetchOnMount: "always" });
  return read.isFetchedAfterMount && read.data && user ? { user, lastRead: read.data } : null;
}
