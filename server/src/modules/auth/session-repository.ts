import { hash, randomBytes } from "node:crypto";
import { isPostgres, sqliteContentStamp, type Db } from "../../db/database";
import { MAX_LIST_VALUES, preparedListQuery, preparedQuery } from "../../db/prepared-query";
import type { UserRow } from "../../db/schema";
import { newId } from "../../lib/ids";

/** Opaque bearer tokens: 256 random bits, only their SHA-256 is stored. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Every signed-in request runs it: the one-shot hash, without a Hash object per call. */
export function hashToken(token: string): string {
  return hash("sha256", token, "hex");
}

export async function createSession(
  db: Db,
  userId: string,
  now: Date,
  ttlDays: number,
): Promise<{ token: string; sessionId: string }> {
  const token = newToken();
  const sessionId = newId();
  await db
    .insertInto("sessions")
    .values({
      id: sessionId,
      user_id: userId,
      token_hash: hashToken(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttlDays * 86_400_000).toISOString(),
      revoked_at: null,
    })
    .execute();
  return { token, sessionId };
}

/**
 * What every signed-in call needs of its user, read with the session on every request: a few
 * columns, since each one more costs every request (the row's 18 columns took about twice as long
 * on SQLite). A call that needs more of the user reads it (`currentUserRow` in authenticate.ts).
 * Named rather than `users.*`: on PostgreSQL the lookup runs as a named prepared statement, whose
 * shape a migration adding a column must not change.
 */
const SIGNED_IN_COLUMNS = [
  "users.id",
  "users.timezone",
  "users.tasks_version",
  "users.default_reminder_minutes",
] as const;

/** The user of a signed-in request, as the session lookup reads it. */
export type SignedInUser = Pick<UserRow, "id" | "timezone" | "tasks_version" | "default_reminder_minutes">;

// Every signed-in request runs it: prepared once.
const sessionUserQuery = preparedQuery((db: Db, tokenHash: string, nowIso: string) =>
  db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(SIGNED_IN_COLUMNS)
    .select(["sessions.id as session_id", "sessions.expires_at as session_expires_at"])
    .where("sessions.token_hash", "=", tokenHash)
    .where("sessions.revoked_at", "is", null)
    .where("sessions.expires_at", ">", nowIso),
);

/** The same lookup for several tokens at once (PostgreSQL: one round trip). */
const sessionUsersQuery = preparedListQuery((db: Db, tokenHashes: string[], nowIso: string) =>
  db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(SIGNED_IN_COLUMNS)
    .select([
      "sessions.id as session_id",
      "sessions.token_hash as session_token_hash",
      "sessions.expires_at as session_expires_at",
    ])
    .where("sessions.token_hash", "in", tokenHashes)
    .where("sessions.revoked_at", "is", null)
    .where("sessions.expires_at", ">", nowIso),
);

type SessionUser = { sessionId: string; user: SignedInUser };

/** A looked-up row: the user's columns and the session's id. */
function sessionUserOf(row: SignedInUser & { session_id: string }): SessionUser {
  const { id, timezone, tasks_version, default_reminder_minutes } = row;
  return { sessionId: row.session_id, user: { id, timezone, tasks_version, default_reminder_minutes } };
}

interface WaitingLookup {
  tokenHash: string;
  nowIso: string;
  resolve(found: SessionUser | undefined): void;
  reject(error: unknown): void;
}

/** More lookups than this wait for the next query. */
const MAX_LOOKUPS_PER_QUERY = MAX_LIST_VALUES;
/** Lookup queries on their way at once; the lookups that arrive meanwhile wait for one to return. */
const MAX_QUERIES_IN_FLIGHT = 2;

/**
 * PostgreSQL: session lookups are answered together, one query for many (one round trip and one
 * statement instead of one each). The lookups that arrive in one turn of the event loop (the
 * requests read together from the sockets) go in one query, run on the next turn (setImmediate).
 * Two such queries may be on their way at once (one being answered while the next one's lookups
 * arrive, on another connection of the pool); the lookups that arrive while two are, wait for one
 * to return and go in the next — under load the batches grow to the requests in flight, without
 * load a lookup waits for nobody. With one query at a time a lookup that just missed one waited
 * for its whole round trip before its own was sent (stats on PostgreSQL: 2–10 % more req/s with
 * two, no gain with four). A lookup is only ever answered by a query sent after it arrived, so it
 * sees every revocation made before it.
 * Each lookup keeps its own time (a session expired at its `now` is not found). SQLite answers a
 * lookup by key in microseconds without a round trip, so it keeps one query per lookup.
 */
class SessionLookupBatch {
  readonly #db: Db;
  #waiting: WaitingLookup[] = [];
  #scheduled = false;
  #inFlight = 0;

  constructor(db: Db) {
    this.#db = db;
  }

  find(tokenHash: string, nowIso: string): Promise<SessionUser | undefined> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ tokenHash, nowIso, resolve, reject });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled || this.#inFlight >= MAX_QUERIES_IN_FLIGHT) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#flush();
    });
  }

  #flush(): void {
    const waiting = this.#waiting;
    this.#waiting = [];
    for (let start = 0; start < waiting.length; start += MAX_LOOKUPS_PER_QUERY) {
      this.#inFlight += 1;
      void this.#answer(waiting.slice(start, start + MAX_LOOKUPS_PER_QUERY)).finally(() => {
        this.#inFlight -= 1;
        if (this.#waiting.length > 0) this.#schedule();
      });
    }
  }

  async #answer(lookups: WaitingLookup[]): Promise<void> {
    try {
      // The earliest time asked about finds every session live at any of them; each lookup
      // then keeps only a session live at its own time.
      const earliest = lookups.reduce(
        (min, lookup) => (lookup.nowIso < min ? lookup.nowIso : min),
        lookups[0]!.nowIso,
      );
      const rows = await sessionUsersQuery(
        this.#db,
        [...new Set(lookups.map((lookup) => lookup.tokenHash))],
        earliest,
      );
      const byHash = new Map(rows.map((row) => [row.session_token_hash, row]));
      for (const lookup of lookups) {
        const row = byHash.get(lookup.tokenHash);
        if (!row || !(row.session_expires_at > lookup.nowIso)) lookup.resolve(undefined);
        else {
          lookup.resolve(sessionUserOf(row));
        }
      }
    } catch (error) {
      for (const lookup of lookups) lookup.reject(error);
    }
  }
}

/** More sessions than this kept (KeptLookups) and the next one found starts afresh. */
const MAX_KEPT_LOOKUPS = 10_000;

/**
 * SQLite: the sessions found, kept for as long as nothing has changed in the database (its content
 * stamp, sqliteContentStamp: any change committed by this process or another moves it), so that a
 * token looked up again finds its user without a query while nothing was written — the lookup of
 * every request of a reading screen (the list, the statistics). Answered only while the stamp is
 * the one the session was found at, and while the session is live at the lookup's own time: so
 * always what the query would answer then. A revoked or expired token, another instance's change
 * of the user's tasks, are seen at once (tested). Tokens that found nobody are not kept.
 */
class KeptLookups {
  #stamp: string | undefined;
  readonly #found = new Map<string, { expiresAt: string; session: SessionUser }>();

  find(stamp: string, tokenHash: string, nowIso: string): SessionUser | undefined {
    if (stamp !== this.#stamp) return undefined;
    const kept = this.#found.get(tokenHash);
    return kept && kept.expiresAt > nowIso ? kept.session : undefined;
  }

  /** `stamp` was read before the query that found the session (a change after it moves it). */
  keep(stamp: string, tokenHash: string, expiresAt: string, session: SessionUser): void {
    if (stamp !== this.#stamp || this.#found.size >= MAX_KEPT_LOOKUPS) {
      this.#found.clear();
      this.#stamp = stamp;
    }
    Object.freeze(session.user);
    this.#found.set(tokenHash, { expiresAt, session: Object.freeze(session) });
  }
}

const lookupBatches = new WeakMap<Db, SessionLookupBatch>();
const keptLookups = new WeakMap<Db, KeptLookups>();

/** The user behind a live token: unknown, revoked and expired tokens find nobody. */
export async function findSessionUser(db: Db, token: string, now: Date): Promise<SessionUser | undefined> {
  const tokenHash = hashToken(token);
  const nowIso = now.toISOString();
  if (isPostgres(db) && !db.isTransaction) {
    let batch = lookupBatches.get(db);
    if (!batch) {
      batch = new SessionLookupBatch(db);
      lookupBatches.set(db, batch);
    }
    return batch.find(tokenHash, nowIso);
  }
  const stamp = sqliteContentStamp(db);
  if (stamp === undefined) return (await lookUp(db, tokenHash, nowIso))?.session;
  const kept = keptLookupsOf(db);
  const keptSession = kept.find(stamp, tokenHash, nowIso);
  if (keptSession) return keptSession;
  const found = await lookUp(db, tokenHash, nowIso);
  if (found) kept.keep(stamp, tokenHash, found.expiresAt, found.session);
  return found?.session;
}

async function lookUp(
  db: Db,
  tokenHash: string,
  nowIso: string,
): Promise<{ session: SessionUser; expiresAt: string } | undefined> {
  const [row] = await sessionUserQuery(db, tokenHash, nowIso);
  return row && { session: sessionUserOf(row), expiresAt: row.session_expires_at };
}

function keptLookupsOf(db: Db): KeptLookups {
  let kept = keptLookups.get(db);
  if (!kept) keptLookups.set(db, (kept = new KeptLookups()));
  return kept;
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ revoked_at: now.toISOString() })
    .where("id", "=", sessionId)
    .where("revoked_at", "is", null)
    .execute();
}

/** Every session of the user except one (a password change keeps the current session). */
export async function revokeOtherSessions(
  db: Db,
  userId: string,
  keepSessionId: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ revoked_at: now.toISOString() })
    .where("user_id", "=", userId)
    .where("id", "!=", keepSessionId)
    .where("revoked_at", "is", null)
    .execute();
}

/** Every session of the user: after a password reset nobody stays signed in with the old one. */
export async function revokeAllSessions(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ revoked_at: now.toISOString() })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .execute();
}
