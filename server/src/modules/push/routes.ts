import { z } from "zod";
import { errorBodySchema } from "@contract/common";
import { apiRoutes } from "@contract/routes";
import type { ModulePlugin } from "../../app-types";
import { routeIn } from "../../lib/route-path";
import { authenticate, currentApiTokenId, currentUser } from "../auth";
import { pushKey, subscribe, unsubscribe } from "./service";

const tags = ["push"];
const security = [{ bearerAuth: [] }];
const unauthorized = { 401: errorBodySchema.describe("No valid bearer token") };
const badInput = { 400: errorBodySchema.describe("A field breaks the schema (the message names it)") };

/** Reminders by Web Push: the server's public key, and the browsers subscribed to them. */
export const pushModule: ModulePlugin = async (app, { deps }) => {
  const { db, clock } = deps;
  app.addHook("onRequest", authenticate(deps, "integrations"));

  app.get(
    routeIn(app, apiRoutes.pushKey.path),
    {
      schema: {
        summary: apiRoutes.pushKey.summary,
        description:
          "The VAPID public key (base64url) to pass to `PushManager.subscribe` as applicationServerKey. " +
          "The server makes its key pair on first start and keeps it in the database.",
        tags,
        security,
        response: { 200: apiRoutes.pushKey.response, ...unauthorized },
      },
    },
    async () => pushKey(db, clock),
  );

  app.post(
    routeIn(app, apiRoutes.pushSubscribe.path),
    {
      schema: {
        summary: apiRoutes.pushSubscribe.summary,
        description:
          "The browser's `PushSubscription.toJSON()`. Each reminder is then pushed to it, encrypted " +
          "to its keys (RFC 8291); a push service that answers 404 or 410 ends the subscription.",
        tags,
        security,
        body: apiRoutes.pushSubscribe.body,
        response: { 204: z.null().describe("Subscribed"), ...badInput, ...unauthorized },
      },
    },
    async (request, reply) => {
      await subscribe(
        deps,
        { userId: currentUser(request).id, apiTokenId: currentApiTokenId(request) },
        request.body,
      );
      return reply.status(204).send(null);
    },
  );

  app.delete(
    routeIn(app, apiRoutes.pushUnsubscribe.path),
    {
      schema: {
        summary: apiRoutes.pushUnsubscribe.summary,
        description: "Forgets the subscription with this endpoint, if it is the signed-in user's.",
        tags,
        security,
        body: apiRoutes.pushUnsubscribe.body,
        response: { 204: z.null().describe("Unsubscribed"), ...badInput, ...unauthorized },
      },
    },
    async (request, reply) => {
      await unsubscribe(db, currentUser(request).id, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
};
