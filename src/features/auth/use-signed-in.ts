import { useSessionStore } from "@/stores/session-store";

/** Signed in means authenticated and holding a token; either missing is signed out. */
export function useSignedIn(): boolean {
  return useSessionStore((state) => state.isAuthenticated && Boolean(state.token));
}
