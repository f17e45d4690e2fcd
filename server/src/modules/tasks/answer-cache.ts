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
  /** In least recently used order: a hit is moved to the end. */
  readonly #entries = new Map<string, Entry>();
  /** Per user: the version of the answers kept, and their keys. */
  readonly #users = new Map<string, { version: number; keys: Set<string> }>();
  #bytes = 0;

  get(userId: string, version: number, variant: string): CachedAnswer | undefined {
    const key = keyOf(userId, version, variant);
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  set(userId: string, version: number, variant: string, answer: CachedAnswer): void {
    if (answer.body.length > MAX_ANSWER_BYTES) return;
    let user = this.#users.get(userId);
    if (user && user.version > version) return;
    if (user && user.version < version) {
      for (const key of [...user.keys]) this.#remove(key);
      user = undefined;
    }
    if (!user) {
      user = { version, keys: new Set() };
      this.#users.set(userId, user);
    }
    const key = keyOf(userId, version, variant);
    this.#remove(key);
    this.#entries.set(key, { ...answer, userId });
    user.keys.add(key);
    this.#bytes += answer.body.length;
    for (const [oldest] of this.#entries) {
      if (this.#bytes <= MAX_BYTES && this.#entries.size <= MAX_ENTRIES) break;
      this.#remove(oldest);
    }
  }

  #remove(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.body.length;
    const user = this.#users.get(entry.userId);
    user?.keys.delete(key);
    if (user?.keys.size === 0) this.#users.delete(entry.userId);
  }
}

function keyOf(userId: string, version: number, variant: string): string {
  return `${userId}\n${version}\n${variant}`;
}
