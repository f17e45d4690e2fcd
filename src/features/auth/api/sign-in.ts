import { authResponseFromWireSchema } from "@contract/auth";
import { useSessionStore } from "@/stores/session-store";

/**
 * A successful login or register makes the session authenticated. What the tab held for a
 * previous account is dropped by the session change itself (see `resetAccountStateOnAccountChange`).
 */
export function startSession(answer: unknown): void {
  const { token, user } = authResponseFromWireSchema.parse(answer);
  useSessionStore.getState().signIn(token, user);
}
