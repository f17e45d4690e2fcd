import { authResponseFromWireSchema } from "@contract/auth";
import type { QueryClient } from "@tanstack/react-query";
import { useSessionStore } from "@/stores/session-store";

/**
 * spec §4: a successful login or register makes the session authenticated. Cached server
 * state is dropped first so nothing of a previous account can show for a moment.
 */
export function startSession(queryClient: QueryClient, answer: unknown): void {
  const { token, user } = authResponseFromWireSchema.parse(answer);
  queryClient.clear();
  useSessionStore.getState().signIn(token, user);
}
