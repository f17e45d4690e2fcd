import { sql } from "kysely";
import type { Db } from "../../db/database";

/** Sends a NOTIFY on `channel`, as part of the transaction `db` is in, if any (PostgreSQL only). */
export async function notify(db: Db, channel: string, payload: string): Promise<void> {
  await sql`SELECT pg_notify(${channel}, ${payload})`.execute(db);
}

// --- tickets -----------------------------------------------------------------------------------

/** Drops the tickets that expired by `nowIso`. */
export async function deleteExpiredTickets(db: Db, nowIso: string): Promise<void> {
  await db.deleteFrom("event_tickets").where("expires_at", "<=", nowIso).execute();
}

export async function insertTicket(
  db: Db,
  row: {
    ticket_hash: string;
    user_id: string;
    expires_at: string;
    session_id: string | null;
    api_token_id: string | null;
  },
): Promise<void> {
  await db.insertInto("event_tickets").values(row).execute();
}

/** Takes a ticket by its hash: deleted as it is read, so it is used once. */
export async function takeTicket(db: Db, ticketHash: string) {
  return db
    .deleteFrom("event_tickets")
    .where("ticket_hash", "=", ticketHash)
    .returning(["user_id", "expires_at", "session_id", "api_token_id"])
    .executeTakeFirst();
}

/** What opened a stream: a session or a personal API token (the other is null). */
interface Credential {
  sessionId: string | null;
  apiTokenId: string | null;
}

/**
 * The session or token, while it is live at `nowIso` (not revoked, not expired, still there) and
 * its account is not disabled: a query that finds a row or none.
 */
function liveCredential(db: Db, credential: Credential, nowIso: string) {
  if (credential.sessionId !== null) {
    return db
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.user_id")
      .select("sessions.id")
      .where("sessions.id", "=", credential.sessionId)
      .where("sessions.revoked_at", "is", null)
      .where("sessions.expires_at", ">", nowIso)
      .where("users.disabled_at", "is", null);
  }
  return db
    .selectFrom("api_tokens")
    .innerJoin("users", "users.id", "api_tokens.user_id")
    .select("api_tokens.id")
    .where("api_tokens.id", "=", credential.apiTokenId ?? "")
    .where((eb) => eb.or([eb("api_tokens.expires_at", "is", null), eb("api_tokens.expires_at", ">", nowIso)]))
    .where("users.disabled_at", "is", null);
}

export async function credentialIsLive(db: Db, credential: Credential, nowIso: string): Promise<boolean> {
  return (await liveCredential(db, credential, nowIso).executeTakeFirst()) !== undefined;
}

// --- open streams ------------------------------------------------------------------------------

/** Drops the user's streams not seen since `seenSince` (left by an instance that stopped). */
export async function deleteStaleStreams(db: Db, userId: string, seenSince: string): Promise<void> {
  await db
    .deleteFrom("live_streams")
    .where("user_id", "=", userId)
    .where("seen_at", "<", seenSince)
    .execute();
}

export async function countStreams(db: Db, userId: string): Promise<number> {
  const open = await db
    .selectFrom("live_streams")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("open"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(open.open);
}

export async function insertStream(
  db: Db,
  row: { id: string; user_id: string; opened_at: string; seen_at: string },
) {
  await db.insertInto("live_streams").values(row).execute();
}

/**
 * Marks an open stream as seen at `nowIso` while what opened it is live, in one statement; false
 * when it is not (revoked, expired, its account disabled or deleted) or the stream's row is gone.
 */
export async function markStreamSeen(
  db: Db,
  id: string,
  credential: Credential,
  nowIso: string,
): Promise<boolean> {
  const seen = await db
    .updateTable("live_streams")
    .set({ seen_at: nowIso })
    .where("id", "=", id)
    .where((eb) => eb.exists(liveCredential(db, credential, nowIso)))
    .returning("id")
    .executeTakeFirst();
  return seen !== undefined;
}

export async function deleteStream(db: Db, id: string): Promise<void> {
  await db.deleteFrom("live_streams").where("id", "=", id).execute();
}
