import { EVENT_TICKET_TTL_SECONDS, type EventTicket } from "@contract/integrations";
import type { Db } from "../../db/database";
import type { Clock } from "../../lib/clock";
import { Unauthenticated } from "../../lib/domain-errors";
import { newId } from "../../lib/ids";
import { hashToken, newToken } from "../../lib/opaque-tokens";
import { rateLimited } from "../../lib/rate-limit";
import type { StreamCredential } from "./publish";
import {
  countStreams,
  credentialIsLive,
  deleteExpiredTickets,
  deleteStaleStreams,
  deleteStream,
  insertStream,
  insertTicket,
  markStreamSeen,
  takeTicket,
} from "./repository";

const TICKET_REFUSED = "This ticket is unknown, already used or expired: ask for a new one";

/**
 * POST /api/v1/events/ticket: a one-use ticket for the stream (EventSource cannot send a bearer
 * header, and a token in a URL would land in logs). Kept in the database, so the stream may be
 * opened on any instance; expired ones are swept as new ones are issued. It remembers what took
 * it, so the stream ends when that is revoked.
 */
export async function issueEventTicket(
  db: Db,
  clock: Clock,
  userId: string,
  credential: StreamCredential,
): Promise<EventTicket> {
  const now = clock.now();
  const ticket = newToken();
  await deleteExpiredTickets(db, now.toISOString());
  await insertTicket(db, {
    ticket_hash: hashToken(ticket),
    user_id: userId,
    expires_at: new Date(now.getTime() + EVENT_TICKET_TTL_SECONDS * 1000).toISOString(),
    session_id: credential.sessionId,
    api_token_id: credential.apiTokenId,
  });
  return { ticket };
}

/**
 * Takes a ticket (it cannot be used again) and returns its user and what took it; 401 when it
 * does not hold, or what took it has been revoked since.
 */
export async function redeemEventTicket(
  db: Db,
  clock: Clock,
  ticket: string,
): Promise<{ userId: string; credential: StreamCredential }> {
  const nowIso = clock.now().toISOString();
  const row = await takeTicket(db, hashToken(ticket));
  if (!row || row.expires_at <= nowIso) throw new Unauthenticated(TICKET_REFUSED);
  const credential = { sessionId: row.session_id, apiTokenId: row.api_token_id };
  if (!(await credentialIsLive(db, credential, nowIso))) throw new Unauthenticated(TICKET_REFUSED);
  return { userId: row.user_id, credential };
}

/** An open stream whose row was not refreshed for this long was left by an instance that stopped. */
export const STREAM_SEEN_WITHIN_MS = 90_000;

/**
 * Counts a stream of the user in, across instances, unless `limit` are open already (429).
 * Returns the stream's id, to refresh (`streamSeen`) while it is open and to close.
 */
export async function openStream(db: Db, clock: Clock, userId: string, limit: number): Promise<string> {
  const now = clock.now();
  const seenSince = new Date(now.getTime() - STREAM_SEEN_WITHIN_MS).toISOString();
  await deleteStaleStreams(db, userId, seenSince);
  if ((await countStreams(db, userId)) >= limit) {
    throw rateLimited(
      60,
      (wait) =>
        `${limit} live-update streams are open for this account already: close a tab or device, or try again in ${wait}`,
    );
  }
  const id = newId();
  await insertStream(db, { id, user_id: userId, opened_at: now.toISOString(), seen_at: now.toISOString() });
  return id;
}

/**
 * A heartbeat of an open stream: it is counted as open a while longer, and answers whether what
 * opened it still holds. Ending a stream is announced to every instance at once, but a change made
 * elsewhere (the admin CLI, a process of its own, disabling an account on SQLite) is seen here.
 */
export async function streamSeen(
  db: Db,
  clock: Clock,
  id: string,
  credential: StreamCredential,
): Promise<boolean> {
  return markStreamSeen(db, id, credential, clock.now().toISOString());
}

export async function closeStream(db: Db, id: string): Promise<void> {
  await deleteStream(db, id);
}
