import type { QueryClient } from "@tanstack/react-query";
import { useDailyPlanGenerationStore } from "@/stores/daily-plan-generation-store";
import { useDayPlanStore } from "@/stores/day-plan-store";
import { useExtractionStore } from "@/stores/extraction-store";
import { useSessionStore } from "@/stores/session-store";

/**
 * Everything the tab holds for one account: the server data cached by the query client and the
 * client-side stores (the Extract screen's text and results, the daily plan's generation, the day plan under review). A new
 * per-user store is added here, and nowhere else.
 */
export function resetAccountState(queryClient: QueryClient): void {
  queryClient.clear();
  useExtractionStore.getState().reset();
  useDailyPlanGenerationStore.getState().reset();
  useDayPlanStore.getState().reset();
}

interface SessionSnapshot {
  token: string | null;
  user: { id: string } | null;
}

/**
 * A sign-in, a sign-out (by the user, a 401 or a failed /auth/me) or another account in the same
 * tab. Loading the user of a restored token is none of these: that keeps what the tab holds.
 */
export function accountChanged(session: SessionSnapshot, previous: SessionSnapshot): boolean {
  if (session.token !== previous.token) return true;
  return previous.user !== null && session.user?.id !== previous.user.id;
}

/**
 * Resets the account's state whenever the account changes, before anything renders, so that no
 * screen can show a previous account's data even for a moment. Returns the unsubscribe.
 */
export function resetAccountStateOnAccountChange(queryClient: QueryClient): () => void {
  return useSessionStore.subscribe((session, previous) => {
    if (accountChanged(session, previous)) resetAccountState(queryClient);
  });
}
