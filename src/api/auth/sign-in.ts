import { authResponseFromWire } from "@contract/auth-answers";
import { useSessionStore } from "@/stores/session-store";

/**
 * A successful login or register makes the session authenticated. What the tab held for a
 * previous account is dropped by the session change itself (see `resetAccountStateOnAccountChange`).
 */
export function startSession(answer: unknown): void {
  const { token, user } = authResponseFromWire(answer);
  useSessionStore.getState().signIn(token, user);
}
