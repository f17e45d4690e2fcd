/**
 * The serialised answers of the task reads (the list, per query, and the statistics), kept per
 * user and per version of the user's task data. The version is the counter on the user row that
 * every create, update and delete moves on in its own transaction — from this instance, another
 * instance, the e-mail intake or an import — and every request reads it from the database with
 * its session, so an answer kept here is only ever reused for the very data it was made from: a
 * change anywhere makes the next request miss. Nothing here is needed for correctness; it spares
 * the database and the serialiser the same work for an unchanged list (a second tab, another
 * device, a client without the browser's own cache).
 *
 * Bounded by size: the least recently used answers go first, and a user's answers of an older
 * version are dropped as soon as a newer one is kept.
 */

import { LRUCache } from "lru-cache";

/** Bytes kept at most (a 10,000-task list is about 3.5 MB). */
const MAX_BYTES = 16 * 1024 * 1024;
/** Answers kept at most (most are small: the statistics, filtered lists). */
const MAX_ENTRIES = 20_000;
/** An answer bigger than this (bytes) is never kept: it would push out everyone else's. */
const MAX_ANSWER_BYTES = MAX_BYTES / 4;

export interface CachedAnswer {
  /** UTF-8, ready to send: no encoding of the same text on every request. */
  body: Buffer;
  /** For answers that also change with the clock (the statistics): when it was made (ISO). */
  madeAt?: string;
  /** …and until when it holds (ISO; null: as long as the version does). */
  holdsUntil?: string | null;
  /** What else the route needs to answer (the statistics' overdue count for its ETag). */
  extra?: number;
  /** The answer's ETag, made once with it (a hash per request otherwise). */
  etag?: string;
}

interface Entry extends CachedAnswer {
  userId: string;
}

export class AnswerCache {
  /** The answers, least recently used first out (lru-cache: by count and by bytes). */
  readonly #entries = new LRUCache<string, Entry>({
    max: MAX_ENTRIES,
    maxSize: MAX_BYTES,
    maxEntrySize: MAX_ANSWER_BYTES,
    sizeCalculation: (entry) => Math.max(1, entry.body.length),
    dispose: (entry, key) => this.#forget(entry.userId, key),
  });
  /** Per user: the version of the answers kept, and their keys. */
  readonly #users = new Map<string, { version: number; keys: Set<string> }>();

  get(userId: string, version: number, variant: string): CachedAnswer | undefined {
    return this.#entries.get(keyOf(userId, version, variant));
  }

  set(userId: string, version: number, variant: string, answer: CachedAnswer): void {
    if (answer.body.length > MAX_ANSWER_BYTES) return;
    let user = this.#users.get(userId);
    if (user && user.version > version) return;
    if (user && user.version < version) {
      for (const key of [...user.keys]) this.#entries.delete(key);
      user = undefined;
    }
    const key = keyOf(userId, version, variant);
    // Set first: replacing or pushing out answers runs #forget, which may drop the user's record.
    this.#entries.set(key, { ...answer, userId });
    user = this.#users.get(userId) ?? { version, keys: new Set<string>() };
    user.keys.add(key);
    this.#users.set(userId, user);
  }

  /** An answer has left the cache (replaced, dropped or pushed out). */
  #forget(userId: string, key: string): void {
    const user = this.#users.get(userId);
    user?.keys.delete(key);
    if (user?.keys.size === 0) this.#users.delete(userId);
  }
}

function keyOf(userId: string, version: number, variant: string): string {
  return `${userId}\n${version}\n${variant}`;
}
