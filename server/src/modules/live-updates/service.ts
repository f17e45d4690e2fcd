import { EVENT_TICKET_TTL_SECONDS, type EventTicket } from "@contract/integrations";
import type { Db } from "../../db/database";
import type { Clock } from "../../lib/clock";
import { Unauthenticated } from "../../lib/domain-errors";
import { hashToken, newToken } from "../../lib/opaque-tokens";
import { deleteExpiredTickets, insertTicket, takeTicket } from "./repository";

/**
 * POST /api/v1/events/ticket: a one-use ticket for the stream (EventSource cannot send a bearer
 * header, and a token in a URL would land in logs). Kept in the database, so the stream may be
 * opened on any instance; expired ones are swept as new ones are issued.
 */
export async function issueEventTicket(db: Db, clock: Clock, userId: string): Promise<EventTicket> {
  const now = clock.now();
  const ticket = newToken();
  await deleteExpiredTickets(db, now.toISOString());
  await insertTicket(db, {
    ticket_hash: hashToken(ticket),
    user_id: userId,
    expires_at: new Date(now.getTime() + EVENT_TICKET_TTL_SECONDS * 1000).toISOString(),
  });
  return { ticket };
}

/** Takes a ticket (it cannot be used again) and returns its user; 401 when it does not hold. */
export async function redeemEventTicket(db: Db, clock: Clock, ticket: string): Promise<string> {
  const row = await takeTicket(db, hashToken(ticket));
  if (!row || row.expires_at <= clock.now().toISOString()) {
    throw new Unauthenticated("This ticket is unknown, already used or expired: ask for a new one");
  }
  return row.user_id;
}
