import { apiPaths } from "@contract/api-paths";
import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { apiClient } from "@/lib/api-client";
import { useSessionStore } from "@/stores/session-store";

/**
 * "Log out" clears the session and goes to /login. The token is revoked on the server (POST
 * /auth/logout) best effort: the user is signed out at once, whatever the server says.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const { token, clear } = useSessionStore.getState();
    if (token) {
      // The header is set here because the session is cleared before the request interceptor runs.
      apiClient
        .post(apiPaths.logout, undefined, { headers: { Authorization: `Bearer ${token}` } })
        .catch((error: unknown) => console.warn("Could not revoke the session on the server", error));
    }
    // Clearing the session also drops what the tab held for the account (account-state).
    clear();
    // The guard answers the cleared session with its own redirect to /login, remembering this
    // page for a return after sign-in; a deliberate log-out remembers nothing, so this
    // navigation is queued after the guard's and replaces it.
    setTimeout(() => void navigate("/login", { replace: true }), 0);
  }, [navigate]);
}
