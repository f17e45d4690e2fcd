import { request, type IncomingMessage } from "node:http";
import type { LiveTaskEvent } from "@contract/integrations";
import type { LiveSharingEvent } from "@contract/sharing";

/** A test's connection to GET /api/v1/events: the task and sharing events read so far. */
export interface EventStream {
  response: IncomingMessage;
  events: LiveTaskEvent[];
  sharing: LiveSharingEvent[];
  /** Resolves once an event matching `predicate` arrived (rejects after `timeoutMs`). */
  waitFor(predicate: (event: LiveTaskEvent) => boolean, timeoutMs?: number): Promise<LiveTaskEvent>;
  /** The same for `event: sharing`. */
  waitForSharing(
    predicate: (event: LiveSharingEvent) => boolean,
    timeoutMs?: number,
  ): Promise<LiveSharingEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens the stream at `baseUrl` with a ticket and parses its `event: task` and `event: sharing` messages. */
export function openEventStream(baseUrl: string, ticket: string): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${baseUrl}/api/v1/events?ticket=${encodeURIComponent(ticket)}`, (response) => {
      const events: LiveTaskEvent[] = [];
      const sharing: LiveSharingEvent[] = [];
      const waiters = new Set<() => void>();
      let buffer = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split("\n");
          const name = lines.find((line) => line.startsWith("event: "))?.slice(7);
          const data = lines.find((line) => line.startsWith("data: "))?.slice(6);
          if (name === "task" && data) events.push(JSON.parse(data) as LiveTaskEvent);
          if (name === "sharing" && data) sharing.push(JSON.parse(data) as LiveSharingEvent);
        }
        for (const waiter of waiters) waiter();
      });
      /** Resolves once an item of `list` matches `predicate` (rejects after `timeoutMs`). */
      function waitIn<T>(list: T[], predicate: (item: T) => boolean, timeoutMs = 5_000): Promise<T> {
        return new Promise((found, fail) => {
          const check = () => {
            const match = list.find(predicate);
            if (match === undefined) return;
            waiters.delete(check);
            clearTimeout(timer);
            found(match);
          };
          const timer = setTimeout(() => {
            waiters.delete(check);
            fail(new Error(`No matching event within ${timeoutMs} ms; got ${JSON.stringify(list)}`));
          }, timeoutMs);
          waiters.add(check);
          check();
        });
      }
      const ended = new Promise<void>((done) => response.on("close", () => done()));
      resolve({
        response,
        events,
        ended,
        sharing,
        waitFor: (predicate, timeoutMs) => waitIn(events, predicate, timeoutMs),
        waitForSharing: (predicate, timeoutMs) => waitIn(sharing, predicate, timeoutMs),
        close: () => outgoing.destroy(),
      });
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}
