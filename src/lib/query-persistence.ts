import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import { onlineManager, type QueryClient } from "@tanstack/react-query";
import { persistQueryClient } from "@tanstack/react-query-persist-client";
import { del, get, set } from "idb-keyval";
import { getSessionToken, useSessionStore } from "@/stores/session-store";

const CACHE_KEY = "tasklane-query-cache";
/** How long what was loaded last stays readable offline. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * What the signed-in screens last loaded (tasks, dashboard, daily plan) is kept in IndexedDB, so
 * the app opened without a connection still shows it, under the offline banner. Only successful
 * reads are kept, only while someone is signed in: logging out (or a rejected session) deletes it.
 *
 * Offline writes are refused, not queued: mutations always go out ("always" network mode instead
 * of waiting paused), fail at once, and say "You are offline" (lib/error-message.ts).
 */
export function persistQueries(queryClient: QueryClient): void {
  if (typeof indexedDB === "undefined" || typeof navigator === "undefined") return;
  const persister = createAsyncStoragePersister({
    storage: { getItem: get<string>, setItem: set, removeItem: del },
    key: CACHE_KEY,
    // Soon after a load or a change (a second before, a screen left quickly was never kept, and
    // the next visit waited for the network), but not for every one of a quick series of changes.
    throttleTime: 200,
  });
  // Queries wait for the connection instead of failing: the cached data stays on screen.
  onlineManager.setOnline(navigator.onLine);
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({
    ...defaults,
    queries: { ...defaults.queries, gcTime: MAX_AGE_MS },
    mutations: { ...defaults.mutations, networkMode: "always" },
  });

  if (!getSessionToken()) {
    void persister.removeClient();
  }
  const [, restored] = persistQueryClient({
    queryClient,
    persister,
    maxAge: MAX_AGE_MS,
    dehydrateOptions: { shouldDehydrateQuery: (query) => query.state.status === "success" },
  });
  // What was kept is shown at once but never taken as current: every query fetches again as soon
  // as it is used (at once when online; when the connection returns otherwise).
  // Marking them stale only: a fetch already waiting for the connection is kept, not cancelled
  // (cancelling would also drop the data just restored into it).
  void restored.then(async () => {
    await queryClient.invalidateQueries({ refetchType: "none" });
    if (onlineManager.isOnline()) {
      await queryClient.refetchQueries({ type: "active" }, { cancelRefetch: false });
    }
  });
  useSessionStore.subscribe((state, previous) => {
    if (previous.token && !state.token) {
      queryClient.clear();
      void persister.removeClient();
    }
  });
}
