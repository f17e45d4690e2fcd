import { EventEmitter } from "node:events";
import type { LiveTaskEvent } from "@contract/integrations";
import { isPostgres, type Db } from "../../db/database";
import { notify } from "./repository";

/** The PostgreSQL channel every instance LISTENs on. */
export const LIVE_UPDATES_CHANNEL = "tasklane_task_events";

/** What one notification carries: whose tasks changed, and how. */
export interface LiveUpdateMessage {
  userId: string;
  events: LiveTaskEvent[];
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
 * NOTIFY is part of the transaction `db` is in: it reaches listeners when (and only if) the
 * change commits.
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
    const message: LiveUpdateMessage = { userId, events: events.slice(start, start + EVENTS_PER_NOTIFY) };
    await notify(db, LIVE_UPDATES_CHANNEL, JSON.stringify(message));
  }
}
