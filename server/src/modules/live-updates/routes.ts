import type { OutgoingHttpHeaders } from "node:http";
import { z } from "zod";
import { apiRoutes } from "@contract/routes";
import type { ModulePlugin } from "../../app-types";
import { routeIn } from "../../lib/route-path";
import { authenticate, currentCredential, currentUser } from "../auth";
import { LiveUpdateHub } from "./hub";
import { closeStream, issueEventTicket, openStream, redeemEventTicket, streamSeen } from "./service";

const tags = ["live updates"];

/**
 * A comment line now and then keeps proxies and load balancers from closing a quiet stream; each
 * also re-checks, in the database, that what opened the stream still holds.
 */
export const HEARTBEAT_MS = 25_000;
/** How long a client waits before reconnecting after the stream ends (the SSE `retry` field). */
const RECONNECT_MS = 2_000;

const STREAM_DESCRIPTION = [
  "A `text/event-stream` of the signed-in user's task changes, from every tab, device, import,",
  "inbound e-mail and repeating task, whichever server instance made them. Each change is one",
  'event named `task` whose data is JSON `{ "type": "created" | "updated" | "deleted", "id": "<task id>" }`;',
  "a change of a shared project's comments or members is an event named `sharing` whose data is",
  'JSON `{ "type": "comments" | "members", "project_id": "<id>", "task_id": "<task id>" | null }`;',
  "a comment line (`: heartbeat`) comes every 25 s. Open it with a ticket from",
  "`POST /api/v1/events/ticket` (one use, 60 s); when the stream ends, take a new ticket and",
  "reconnect (`retry` is 2 s). The stream ends when the session or token that took the ticket is",
  "revoked (signing out, a password change or reset); a user may have LIVE_STREAMS_PER_USER",
  "streams open at once (default 10; one more answers 429).",
].join("\n");

/** Live updates: tickets, and the event stream they open. */
export const liveUpdatesModule: ModulePlugin = async (app, { deps }) => {
  const { db, clock, config } = deps;
  const hub = new LiveUpdateHub(db, app.log);
  // Open streams would keep the server from closing: they end first (clients reconnect elsewhere).
  app.addHook("preClose", async () => hub.close());
  const { eventTicket: ticketRoute, eventStream: streamRoute } = apiRoutes;

  await app.register(async (signedIn) => {
    signedIn.addHook("onRequest", authenticate(deps));
    signedIn.post(
      routeIn(signedIn, ticketRoute.path),
      {
        // A ticket only reads: a read-only API token may take one.
        config: { readOnly: true },
        schema: {
          summary: ticketRoute.summary,
          description: "A ticket for `GET /api/v1/events`, which cannot take a bearer header from a browser.",
          tags,
          security: [{ bearerAuth: [] }],
          response: { 200: ticketRoute.response },
        },
      },
      async (request) => issueEventTicket(db, clock, currentUser(request).id, currentCredential(request)),
    );
  });

  app.get(
    routeIn(app, streamRoute.path),
    {
      schema: {
        summary: streamRoute.summary,
        description: STREAM_DESCRIPTION,
        tags,
        security: [],
        querystring: streamRoute.query,
        produces: ["text/event-stream"],
        response: { 200: z.string().describe("The event stream") },
      },
    },
    async (request, reply) => {
      const { userId, credential } = await redeemEventTicket(db, clock, request.query.ticket);
      const streamId = await openStream(db, clock, userId, config.liveStreamsPerUser);
      try {
        await hub.ready();
      } catch (error) {
        await closeStream(db, streamId);
        throw error;
      }
      // The stream is written by hand from here on: no compression, no serialisation.
      reply.hijack();
      const raw = reply.raw;
      // The headers the hooks set (security headers, CORS) go out with the stream's own.
      const hooked = Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined);
      raw.writeHead(200, {
        ...(Object.fromEntries(hooked) as OutgoingHttpHeaders),
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });
      raw.write(`retry: ${RECONNECT_MS}\n: connected\n\n`);
      let ended = false;
      const end = () => {
        if (!ended) raw.end();
      };
      const heartbeat = setInterval(() => {
        raw.write(": heartbeat\n\n");
        streamSeen(db, clock, streamId, credential).then(
          (live) => {
            if (!live) end();
          },
          (error: unknown) =>
            request.log.warn({ err: error }, "A live-update stream could not be marked as open"),
        );
      }, HEARTBEAT_MS);
      const unsubscribe = hub.subscribe(userId, {
        credential,
        send: (events) => {
          raw.write(events.map((event) => `event: task\ndata: ${JSON.stringify(event)}\n\n`).join(""));
        },
        sendSharing: (event) => raw.write(`event: sharing\ndata: ${JSON.stringify(event)}\n\n`),
        end,
      });
      raw.on("close", () => {
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        closeStream(db, streamId).catch((error: unknown) =>
          request.log.warn({ err: error }, "A closed live-update stream could not be counted out"),
        );
      });
    },
  );
};
