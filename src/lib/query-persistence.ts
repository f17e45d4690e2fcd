import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import {
  onlineManager,
  type Query,
  type QueryCacheNotifyEvent,
  type QueryClient,
} from "@tanstack/react-query";
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  type PersistedClient,
  type Persister,
} from "@tanstack/react-query-persist-client";
import { del, get, set } from "idb-keyval";
import { CACHED_QUERIES_KEY, takeCachedQueriesRead } from "@/lib/cached-queries";
import { getSessionToken, useSessionStore } from "@/stores/session-store";

/** How long what was loaded last stays readable offline. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** An answer equal to what is cached is still written when what is cached is older than this. */
const REFRESH_CACHED_AFTER_MS = 60 * 60 * 1000;

/** Only successful reads are cached. */
const isCached = (query: Query) => query.state.status === "success";

/**
 * Whether a query-cache event changes what is cached. Only the arrival of a query with data, the
 * removal of one that had data, and new data do: a query arriving without data (a screen's first render
 * adds queries that have not fetched yet, and writing then would serialise the whole cache
 * while the screen is being built), a fetch starting, an invalidation (every cached query is
 * invalidated once restored), a failed refetch (the data stays) or an observer coming and going
 * does not. New data means a new reference: a refetch answering the data already held keeps its
 * reference (structural sharing), so an unchanged list is not serialised and written again —
 * unless what is cached is over an hour old, so that it does not expire (MAX_AGE_MS) while it is
 * still being confirmed.
 */
export function changesWhatIsCached(
  event: QueryCacheNotifyEvent,
  cachedData: WeakMap<Query, unknown>,
  cachedAt: number,
): boolean {
  if (event.type === "added") return isCached(event.query);
  // A removed query that ever had data may be in what was written last.
  if (event.type === "removed") return event.query.state.data !== undefined;
  if (event.type !== "updated") return false;
  const { action, query } = event;
  if (action.type !== "success" && action.type !== "setState") return false;
  return (
    !cachedData.has(query) ||
    cachedData.get(query) !== query.state.data ||
    Date.now() - cachedAt > REFRESH_CACHED_AFTER_MS
  );
}

/** Writes the query cache (throttled by the persister) whenever what is cached changes. */
function cacheChanges(
  queryClient: QueryClient,
  persister: Persister,
  restoredFrom: PersistedClient | undefined,
) {
  const dehydrateOptions = { shouldDehydrateQuery: isCached };
  const cachedData = new WeakMap<Query, unknown>();
  let cachedAt = restoredFrom?.timestamp ?? 0;
  const note = () => {
    cachedAt = Date.now();
    for (const query of queryClient.getQueryCache().getAll()) {
      if (dehydrateOptions.shouldDehydrateQuery(query)) cachedData.set(query, query.state.data);
      else cachedData.delete(query);
    }
  };
  // The queries whose data is the one just restored are cached as they are.
  const restoredAt = new Map(
    (restoredFrom?.clientState.queries ?? []).map((query) => [query.queryHash, query.state.dataUpdatedAt]),
  );
  for (const query of queryClient.getQueryCache().getAll()) {
    if (restoredAt.get(query.queryHash) === query.state.dataUpdatedAt)
      cachedData.set(query, query.state.data);
  }
  queryClient.getQueryCache().subscribe((event) => {
    if (!changesWhatIsCached(event, cachedData, cachedAt)) return;
    note();
    void persistQueryClientSave({ queryClient, persister, dehydrateOptions });
  });
}

/**
 * What the signed-in screens last loaded (tasks, dashboard, daily plan) is cached in IndexedDB, so
 * the app opened without a connection still shows it, under the offline banner. Only successful
 * reads are cached, only while someone is signed in: logging out (or a rejected session) deletes it.
 *
 * Offline writes are refused, not queued: mutations always go out ("always" network mode instead
 * of waiting paused), fail at once, and say "You are offline" (lib/error-message.ts).
 */
export function persistQueries(queryClient: QueryClient): void {
  if (typeof indexedDB === "undefined" || typeof navigator === "undefined") return;
  const persister = createAsyncStoragePersister({
    storage: { getItem: get<string>, setItem: set, removeItem: del },
    key: CACHED_QUERIES_KEY,
    // Soon after a load or a change (a second before, a screen left quickly was never cached, and
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

  // The read src/main.tsx may have started while this module was downloading (lib/cached-queries).
  const readEarly = takeCachedQueriesRead();
  const signedIn = Boolean(getSessionToken());
  if (!signedIn) {
    void persister.removeClient();
  }
  // What was restored (if anything), as read: the persister reads it once, for the restore.
  let restoredFrom: PersistedClient | undefined;
  const reading: Persister = {
    ...persister,
    restoreClient: async () =>
      (restoredFrom = await (signedIn && readEarly ? readEarly : persister.restoreClient())),
  };
  // As persistQueryClient does, except that only a change of what is cached is written (above).
  // (A restore that fails leaves the visit uncached, as persistQueryClient does.)
  const restored = persistQueryClientRestore({ queryClient, persister: reading, maxAge: MAX_AGE_MS }).then(
    () => cacheChanges(queryClient, persister, restoredFrom),
  );
  // What was cached is shown at once but never taken as current: every query fetches again as soon
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
