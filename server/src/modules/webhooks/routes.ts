import { z } from "zod";
import { apiRoutes, idParamsSchema } from "@contract/routes";
import type { ModulePlugin } from "../../app-types";
import { routeIn } from "../../lib/route-path";
import { authenticate, currentApiTokenId, currentUser } from "../auth";
import { deleteWebhook, listWebhooks, registerWebhook } from "./service";

const security = [{ bearerAuth: [] }];
const tags = ["webhooks"];

const CREATE_DESCRIPTION = [
  "Registers a URL for task events: `task.created`, `task.updated` (any change, completing",
  "included), `task.completed`, `task.deleted`. Each event is POSTed as JSON",
  '`{ "type": "task.created", "timestamp": "<ISO>", "data": <the task, or { "id" } when deleted> }`',
  "and signed as the Standard Webhooks specification says: headers `webhook-id`,",
  "`webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,` and the base64",
  "HMAC-SHA256 of `<id>.<timestamp>.<body>` keyed with the base64 part of the secret).",
  "A delivery not answered 2xx within 10 s is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h",
  "and 10 h; a webhook failing for 3 days is disabled and its owner notified. Loopback and",
  "private addresses are refused (400) unless the server sets WEBHOOK_ALLOW_PRIVATE=true.",
].join("\n");

/** Webhooks: URLs that receive the user's task events, signed, with a delivery log. */
export const webhooksModule: ModulePlugin = async (app, { deps }) => {
  const { db } = deps;
  app.addHook("onRequest", authenticate(deps, "integrations"));
  const { listWebhooks: listRoute, createWebhook: createRoute, deleteWebhook: deleteRoute } = apiRoutes;

  app.get(
    routeIn(app, listRoute.path),
    {
      schema: {
        summary: listRoute.summary,
        description:
          "Newest first; each with its last 10 deliveries, newest first. The secret is never listed.",
        tags,
        security,
        response: { 200: listRoute.response },
      },
    },
    async (request) => listWebhooks(db, currentUser(request).id),
  );

  app.post(
    routeIn(app, createRoute.path),
    {
      schema: {
        summary: createRoute.summary,
        description: CREATE_DESCRIPTION,
        tags,
        security,
        body: createRoute.body,
        response: { 201: createRoute.response },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await registerWebhook(
            deps,
            { userId: currentUser(request).id, apiTokenId: currentApiTokenId(request) },
            request.body,
          ),
        ),
  );

  app.delete(
    routeIn(app, deleteRoute.path),
    {
      schema: {
        summary: deleteRoute.summary,
        description: "Deliveries still queued are not sent.",
        tags,
        security,
        params: idParamsSchema,
        response: { 204: z.null().describe("Deleted") },
      },
    },
    async (request, reply) => {
      await deleteWebhook(db, currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
