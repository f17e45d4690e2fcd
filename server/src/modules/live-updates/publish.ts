import { EventEmitter } from "node:events";
import type { LiveTaskEvent } from "@contract/integrations";
import type { LiveSharingEvent } from "@contract/sharing";
import { afterCommit, isPostgres, type Db } from "../../db/database";
import { notify } from "./repository";

/** The PostgreSQL channel every instance LISTENs on. */
export const LIVE_UPDATES_CHANNEL = "tasklane_task_events";

/** What opened a stream: the session or the personal API token that took its ticket. */
export interface StreamCredential {
  sessionId: string | null;
  apiTokenId: string | null;
}

/**
 * Which of a user's streams end because what opened them was revoked: one session's (signing
 * out), one token's, every token's, or all but one session's (a password change keeps the
 * session that made it; a reset keeps none).
 */
export type StreamsToEnd =
  { session: string } | { apiToken: string } | { apiTokens: "all" } | { allBut: string | null };

/**
 * What one notification carries: whose tasks changed, and how; what of a shared project changed
 * for them (comments, members); or whose streams end.
 */
export type LiveUpdateMessage =
  | { userId: string; events: LiveTaskEvent[] }
  | { userId: string; sharing: LiveSharingEvent }
  | { userId: string; endStreams: StreamsToEnd };

/** Whether a stream opened with `credential` is one of `which`. */
export function isStreamToEnd(credential: StreamCredential, which: StreamsToEnd): boolean {
  if ("session" in which) return credential.sessionId === which.session;
  if ("apiToken" in which) return credential.apiTokenId === which.apiToken;
  if ("apiTokens" in which) return credential.apiTokenId !== null;
  return credential.sessionId === null || credential.sessionId !== which.allBut;
}

/**
 * SQLite runs as one instance, so its live updates go through this in-process emitter: the one
 * piece of live-update state kept in memory (PostgreSQL carries them between instances with
 * NOTIFY). It is emitted while the change's transaction is still open; SQLite's one connection
 * makes a reader that reacts to it wait for the commit, and a change rolled back afterwards only
 * costs the listener a needless refresh.
 */
export const localLiveUpdates = new EventEmitter<{ message: [LiveUpdateMessage] }>();
localLiveUpdates.setMaxListeners(0);

/** NOTIFY payloads must stay under 8000 bytes; events are sent in batches well below that. */
const EVENTS_PER_NOTIFY = 60;

/**
 * Tells every instance's live-update streams of the user about task changes. On PostgreSQL the
 * NOTIFY is sent once the transaction `db` is in has committed (notifyInstances): listeners hear
 * of the change when (and only if) it commits.
 */
export async function publishLiveUpdates(
  db: Db,
  userId: string,
  events: readonly LiveTaskEvent[],
): Promise<void> {
  if (events.length === 0) return;
  if (!isPostgres(db)) {
    localLiveUpdates.emit("message", { userId, events: [...events] });
    return;
  }
  for (let start = 0; start < events.length; start += EVENTS_PER_NOTIFY) {
    await notifyInstances(db, { userId, events: events.slice(start, start + EVENTS_PER_NOTIFY) });
  }
}

/**
 * A NOTIFY inside a write's transaction would take PostgreSQL's one lock for queueing
 * notifications at its COMMIT and hold it while the commit is flushed to disk, so every
 * announcing write of every user would commit one after another (10 connections' creates: about
 * 330 commits/s against 1,000 without). So it is sent once the transaction has committed, in a
 * statement of its own (which writes nothing to flush); it still reaches listeners only if the
 * change commits. Outside a transaction it is sent at once.
 */
async function notifyInstances(db: Db, message: LiveUpdateMessage): Promise<void> {
  const payload = JSON.stringify(message);
  const send = (on: Db) => notify(on, LIVE_UPDATES_CHANNEL, payload);
  if (!db.isTransaction) await send(db);
  else if (!afterCommit(db, (on) => send(on).catch(reportUnsent))) await send(db);
}

/**
 * After the COMMIT the change is in: a NOTIFY that fails then (the connection lost) must not turn
 * the write's answer into an error, which a client would retry. The other devices see the change
 * at their next refresh.
 */
function reportUnsent(error: unknown): void {
  process.emitWarning(`A live update was not sent after its change committed: ${String(error)}`);
}

/**
 * Tells each user's streams, on every instance, that something of a shared project changed
 * (comments, members). On PostgreSQL it reaches them once (and only if) `db`'s transaction commits.
 */
export async function publishSharingUpdate(
  db: Db,
  userIds: readonly string[],
  event: LiveSharingEvent,
): Promise<void> {
  for (const userId of new Set(userIds)) {
    const message: LiveUpdateMessage = { userId, sharing: event };
    if (isPostgres(db)) await notifyInstances(db, message);
    else localLiveUpdates.emit("message", message);
  }
}

/**
 * Ends, on every instance, the user's streams opened by credentials just revoked: a stream
 * outliving its session or token would go on showing the account's changes.
 */
export async function endLiveStreams(db: Db, userId: string, which: StreamsToEnd): Promise<void> {
  const message: LiveUpdateMessage = { userId, endStreams: which };
  if (isPostgres(db)) await notifyInstances(db, message);
  else localLiveUpdates.emit("message", message);
}
