import type { Db } from "../../db/database";
import { queryTemplate } from "../../db/query-template";
import type { UserRow } from "../../db/schema";
import { newId } from "../../lib/ids";
import { hashToken, newToken } from "../../lib/opaque-tokens";

/** Who signs in: the User-Agent it sent (null for none) and its address. */
export interface SessionClient {
  userAgent: string | null;
  ip: string;
}

export async function createSession(
  db: Db,
  userId: string,
  now: Date,
  ttlDays: number,
  client: SessionClient,
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
      user_agent: client.userAgent,
      ip: client.ip,
    })
    .execute();
  return { token, sessionId };
}

/** The user of a signed-in request: what every signed-in call needs of its user. */
export type SignedInUser = Pick<
  UserRow,
  "id" | "timezone" | "default_reminder_minutes" | "morning_hour" | "date_order"
>;

/** A session's last use is recorded at most this often (the list shows it to the minute). */
const LAST_USE_PRECISION_MS = 60_000;

/** Every signed-in request sends it: built and compiled once. */
const selectSessionUser = queryTemplate((db: Db, args: { tokenHash: string; now: string }) =>
  db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "users.id",
      "users.timezone",
      "users.default_reminder_minutes",
      "users.morning_hour",
      "users.date_order",
    ])
    .select(["sessions.id as session_id", "sessions.last_used_at"])
    .where("sessions.token_hash", "=", args.tokenHash)
    .where("sessions.revoked_at", "is", null)
    .where("sessions.expires_at", ">", args.now)
    .where("users.disabled_at", "is", null),
);

/**
 * The user behind a live token: unknown, revoked and expired tokens, and the sessions of a
 * disabled account, find nobody. Records the
 * session's use (a write a minute at most, not one per call).
 */
export async function findSessionUser(
  db: Db,
  token: string,
  now: Date,
): Promise<{ sessionId: string; user: SignedInUser } | undefined> {
  const [row] = await selectSessionUser(db, { tokenHash: hashToken(token), now: now.toISOString() });
  if (!row) return undefined;
  const { session_id: sessionId, last_used_at: lastUsedAt, ...user } = row;
  const staleBefore = new Date(now.getTime() - LAST_USE_PRECISION_MS).toISOString();
  if (lastUsedAt === null || lastUsedAt < staleBefore) {
    await db
      .updateTable("sessions")
      .set({ last_used_at: now.toISOString() })
      .where("id", "=", sessionId)
      .where((eb) => eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<", staleBefore)]))
      .execute();
  }
  return { sessionId, user };
}

/** The user's live sessions, most recently used first. */
export function selectLiveSessions(
  db: Db,
  userId: string,
  now: Date,
): Promise<
  {
    id: string;
    created_at: string;
    expires_at: string;
    last_used_at: string | null;
    user_agent: string | null;
    ip: string | null;
  }[]
> {
  return db
    .selectFrom("sessions")
    .select(["id", "created_at", "expires_at", "last_used_at", "user_agent", "ip"])
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .orderBy((eb) => eb.fn.coalesce("last_used_at", "created_at"), "desc")
    .orderBy("id")
    .execute();
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ revoked_at: now.toISOString() })
    .where("id", "=", sessionId)
    .where("revoked_at", "is", null)
    .execute();
}

/** One live session of the user; false when the user has no such session. */
export async function revokeSessionOfUser(
  db: Db,
  userId: string,
  sessionId: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("sessions")
    .set({ revoked_at: now.toISOString() })
    .where("id", "=", sessionId)
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
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
