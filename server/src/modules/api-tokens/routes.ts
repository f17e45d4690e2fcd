import { z } from "zod";
import { apiRoutes, idParamsSchema } from "@contract/routes";
import type { ModulePlugin } from "../../app-types";
import { routeIn } from "../../lib/route-path";
import { authenticate, currentUser } from "../auth";
import { createApiToken, listApiTokens, revokeAllApiTokens, revokeApiToken } from "./service";

const security = [{ bearerAuth: [] }];
const tags = ["tokens"];

/**
 * Personal API tokens, for scripts and automation. Managed only from a signed-in session: a
 * token that could make tokens would outlive its own revocation.
 */
export const apiTokensModule: ModulePlugin = async (app, { deps }) => {
  const { db, clock } = deps;
  app.addHook("onRequest", authenticate(deps, "refused"));
  const { listApiTokens: listRoute, createApiToken: createRoute, deleteApiToken: deleteRoute } = apiRoutes;
  const { revokeAllApiTokens: revokeAllRoute } = apiRoutes;

  app.get(
    routeIn(app, listRoute.path),
    {
      schema: {
        summary: listRoute.summary,
        description: "Newest first, with when each was last used (to the minute) and when it expires.",
        tags,
        security,
        response: { 200: listRoute.response },
      },
    },
    async (request) => listApiTokens(db, currentUser(request).id),
  );

  app.post(
    routeIn(app, createRoute.path),
    {
      schema: {
        summary: createRoute.summary,
        description:
          "Send the token as `Authorization: Bearer <token>` on any call of the API. A `read` token may " +
          "only read (any other call answers 403); a `write` token may also change tasks and projects; " +
          "an `integrations` token may also register webhooks and push subscriptions, which are " +
          "deleted when the token is revoked. No token may change the account (`/auth/*`), make app " +
          "passwords or manage tokens. Only a hash of the token is stored.",
        tags,
        security,
        body: createRoute.body,
        response: { 201: createRoute.response },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createApiToken(db, clock, currentUser(request).id, request.body)),
  );

  app.delete(
    routeIn(app, deleteRoute.path),
    {
      schema: {
        summary: deleteRoute.summary,
        description:
          "The token stops working at once (401); so do the webhooks and push subscriptions it made, " +
          "and the live-update streams it opened end.",
        tags,
        security,
        params: idParamsSchema,
        response: { 204: z.null().describe("Revoked") },
      },
    },
    async (request, reply) => {
      await revokeApiToken(db, currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    routeIn(app, revokeAllRoute.path),
    {
      schema: {
        summary: revokeAllRoute.summary,
        description:
          "One step after a password change that listed tokens still live: each stops working at " +
          "once, as if revoked one by one.",
        tags,
        security,
        response: { 204: z.null().describe("Every token revoked") },
      },
    },
    async (request, reply) => {
      await revokeAllApiTokens(db, currentUser(request).id);
      return reply.status(204).send(null);
    },
  );
};
