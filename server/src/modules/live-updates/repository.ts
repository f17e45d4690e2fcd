import { sql } from "kysely";
import type { Db } from "../../db/database";

/** Sends a NOTIFY on `channel`, as part of the transaction `db` is in (PostgreSQL only). */
export async function notify(db: Db, channel: string, payload: string): Promise<void> {
  await sql`SELECT pg_notify(${channel}, ${payload})`.execute(db);
}

/** Drops the tickets that expired by `nowIso`. */
export async function deleteExpiredTickets(db: Db, nowIso: string): Promise<void> {
  await db.deleteFrom("event_tickets").where("expires_at", "<=", nowIso).execute();
}

export async function insertTicket(
  db: Db,
  row: { ticket_hash: string; user_id: string; expires_at: string },
): Promise<void> {
  await db.insertInto("event_tickets").values(row).execute();
}

/** Takes a ticket by its hash: deleted as it is read, so it is used once. */
export async function takeTicket(
  db: Db,
  ticketHash: string,
): Promise<{ user_id: string; expires_at: string } | undefined> {
  return db
    .deleteFrom("event_tickets")
    .where("ticket_hash", "=", ticketHash)
    .returning(["user_id", "expires_at"])
    .executeTakeFirst();
}
