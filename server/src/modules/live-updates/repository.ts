import { sql } from "kysely";
import type { Db } from "../../db/database";

/** Sends a NOTIFY on `channel`, as part of the transaction `db` is in (PostgreSQL only). */
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

/** Whether a session is still live at `nowIso` (not revoked, not expired). */
export async function sessionIsLive(db: Db, sessionId: string, nowIso: string): Promise<boolean> {
  const session = await db
    .selectFrom("sessions")
    .select("id")
    .where("id", "=", sessionId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", nowIso)
    .executeTakeFirst();
  return session !== undefined;
}

/** Whether a personal API token still exists and has not expired at `nowIso`. */
export async function apiTokenIsLive(db: Db, apiTokenId: string, nowIso: string): Promise<boolean> {
  const token = await db
    .selectFrom("api_tokens")
    .select("id")
    .where("id", "=", apiTokenId)
    .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", nowIso)]))
    .executeTakeFirst();
  return token !== undefined;
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

export async function markStreamSeen(db: Db, id: string, seenAt: string): Promise<void> {
  await db.updateTable("live_streams").set({ seen_at: seenAt }).where("id", "=", id).execute();
}

export async function deleteStream(db: Db, id: string): Promise<void> {
  await db.deleteFrom("live_streams").where("id", "=", id).execute();
}
