import type { Db } from "../../db/database";
import type { UserRow } from "../../db/schema";
import { newId } from "../../lib/ids";
import { hashToken, newToken } from "../../lib/opaque-tokens";

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

/** The user of a signed-in request: what every signed-in call needs of its user. */
export type SignedInUser = Pick<UserRow, "id" | "timezone" | "tasks_version" | "default_reminder_minutes">;

/** The user behind a live token: unknown, revoked and expired tokens find nobody. */
export async function findSessionUser(
  db: Db,
  token: string,
  now: Date,
): Promise<{ sessionId: string; user: SignedInUser } | undefined> {
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["users.id", "users.timezone", "users.tasks_version", "users.default_reminder_minutes"])
    .select("sessions.id as session_id")
    .where("sessions.token_hash", "=", hashToken(token))
    .where("sessions.revoked_at", "is", null)
    .where("sessions.expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id: sessionId, ...user } = row;
  return { sessionId, user };
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
