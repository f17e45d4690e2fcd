import type { PersistedClient } from "@tanstack/react-query-persist-client";
import { get } from "idb-keyval";

/** Where the queries are cached in IndexedDB (src/lib/query-persistence.ts). */
export const CACHED_QUERIES_KEY = "tasklane-query-cache";

let early: Promise<PersistedClient | undefined> | undefined;

/**
 * Starts reading (and parsing) the cached queries, before the modules that restore it have
 * arrived: a signed-in screen's modules take a while to download, and the main thread idles
 * meanwhile, so the IndexedDB read and the parse of what was cached happen then instead of between
 * the modules' arrival and the first render. Small on purpose: it is part of the first script.
 * The same reading and parsing as the persister's own restore (idb-keyval, JSON).
 */
export function startReadingCachedQueries(): void {
  if (early || typeof indexedDB === "undefined") return;
  early = get<string>(CACHED_QUERIES_KEY).then((text) =>
    text ? (JSON.parse(text) as PersistedClient) : undefined,
  );
  // Whoever takes the read sees a failure; until then it is not an unhandled rejection.
  early.catch(() => undefined);
}

/** The read started early, once (undefined when none was started or it was already taken). */
export function takeCachedQueriesRead(): Promise<PersistedClient | undefined> | undefined {
  const read = early;
  early = undefined;
  return read;
}
