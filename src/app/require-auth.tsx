import type { User } from "@contract/auth";
import { useMemo, type ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { useCurrentUser } from "@/api/current-user/current-user";
import type { AuthRedirectState } from "@/features/auth/auth-redirect";
import { useSessionStore } from "@/stores/session-store";
import { useSignedIn } from "@/features/auth/use-signed-in";
import { PageLoading } from "./routes/page-loading";

/**
 * The guard of every signed-in route: "Loading..." until the persisted session has
 * been restored; without a session (or without a token) off to /login, remembering the origin;
 * with a token but no user, the user is fetched (a failure logs out). A stored user shows at once
 * and is read again in the background, so settings changed on another device arrive.
 */
export function RequireAuth({ children }: { children: (user: User) => ReactNode }) {
  const location = useLocation();
  const hydrated = useSessionStore((state) => state.hydrated);
  const signedIn = useSignedIn();
  const user = useSessionStore((state) => state.user);
  useCurrentUser({ enabled: hydrated && signedIn });
  // <Navigate> navigates again whenever its state changes identity: keep it stable per location.
  const redirectState = useMemo<AuthRedirectState>(() => ({ from: location }), [location]);

  if (!hydrated) return <PageLoading label="Loading..." showLabel />;
  if (!signedIn) return <Navigate to="/login" replace state={redirectState} />;
  if (!user) return <PageLoading label="Loading..." showLabel />;
  return children(user);
}
