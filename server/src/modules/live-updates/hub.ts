import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import type { LiveTaskEvent } from "@contract/integrations";
import type { LiveSharingEvent } from "@contract/sharing";
import { isPostgres, openListenConnection, type Db } from "../../db/database";
import {
  isStreamToEnd,
  LIVE_UPDATES_CHANNEL,
  localLiveUpdates,
  type LiveUpdateMessage,
  type StreamCredential,
} from "./publish";

/** One open event stream: what opened it, what it is sent, and how it is ended. */
export interface LiveUpdateSubscriber {
  credential: StreamCredential;
  send(events: LiveTaskEvent[]): void;
  sendSharing(event: LiveSharingEvent): void;
  end(): void;
}

/**
 * This instance's end of the live updates: the streams open on it, by user, and the one source
 * feeding them. On PostgreSQL that is a single LISTEN connection per instance, opened with the
 * first stream; when it fails every stream is ended, and the clients' reconnection opens a new
 * one. On SQLite it is the in-process emitter.
 */
export class LiveUpdateHub {
  readonly #db: Db;
  readonly #log: FastifyBaseLogger;
  readonly #subscribers = new Map<string, Set<LiveUpdateSubscriber>>();
  #listener: Promise<pg.Client> | undefined;
  readonly #onLocal = (message: LiveUpdateMessage) => this.#dispatch(message);

  constructor(db: Db, log: FastifyBaseLogger) {
    this.#db = db;
    this.#log = log;
    if (!isPostgres(db)) localLiveUpdates.on("message", this.#onLocal);
  }

  /** Resolves once this instance hears every change (on PostgreSQL: once it LISTENs). */
  async ready(): Promise<void> {
    if (isPostgres(this.#db)) await this.#listen();
  }

  /** Adds a stream of the user (after `ready`); returns how to remove it. */
  subscribe(userId: string, subscriber: LiveUpdateSubscriber): () => void {
    let set = this.#subscribers.get(userId);
    if (!set) {
      set = new Set();
      this.#subscribers.set(userId, set);
    }
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.#subscribers.get(userId) === set) this.#subscribers.delete(userId);
    };
  }

  /** Ends every stream and the LISTEN connection (the server is stopping). */
  async close(): Promise<void> {
    localLiveUpdates.off("message", this.#onLocal);
    this.#endAll();
    const listener = this.#listener;
    this.#listener = undefined;
    if (listener) await listener.then((client) => client.end()).catch(() => undefined);
  }

  #dispatch(message: LiveUpdateMessage): void {
    for (const subscriber of this.#subscribers.get(message.userId) ?? []) {
      if ("events" in message) subscriber.send(message.events);
      else if ("sharing" in message) subscriber.sendSharing(message.sharing);
      else if (isStreamToEnd(subscriber.credential, message.endStreams)) subscriber.end();
    }
  }

  #endAll(): void {
    for (const set of this.#subscribers.values()) for (const subscriber of set) subscriber.end();
    this.#subscribers.clear();
  }

  #listen(): Promise<pg.Client> {
    this.#listener ??= this.#connect();
    return this.#listener;
  }

  async #connect(): Promise<pg.Client> {
    let client: pg.Client;
    try {
      client = await openListenConnection(this.#db);
      // Set by now (#listen stored this call's promise at its first await): a loss is matched to it.
      const connected = this.#listener;
      client.on("notification", (notification) => {
        if (notification.channel !== LIVE_UPDATES_CHANNEL || !notification.payload) return;
        try {
          this.#dispatch(JSON.parse(notification.payload) as LiveUpdateMessage);
        } catch (error) {
          this.#log.warn({ err: error }, "An unreadable live-update notification was ignored");
        }
      });
      const lost = (error?: Error) => {
        if (this.#listener === connected) {
          this.#log.warn(
            { err: error },
            "The live-update LISTEN connection was lost; streams end and reconnect",
          );
          this.#listener = undefined;
          this.#endAll();
        }
      };
      client.on("error", lost);
      client.on("end", () => lost());
      await client.query(`LISTEN ${LIVE_UPDATES_CHANNEL}`);
    } catch (error) {
      this.#listener = undefined;
      throw error;
    }
    return client;
  }
}
