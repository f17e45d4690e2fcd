import { z } from "zod";
import { apiRoutes, idParamsSchema } from "@contract/routes";
import type { ModulePlugin } from "../../app-types";
import { routeIn } from "../../lib/route-path";
import { authenticate, currentUser } from "../auth";
import { createApiToken, listApiTokens, revokeApiToken } from "./service";

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
          "only read (any other call answers 403); a `write` token may also change tasks. No token may " +
          "change the account (`/auth/*`) or manage tokens. Only a hash of the token is stored.",
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
        description: "The token stops working at once (401).",
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
};
