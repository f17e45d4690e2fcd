import { z } from "zod";
import { errorBodySchema } from "@contract/common";
import { apiRoutes, taskIdParamsSchema } from "@contract/routes";
import type { ModulePlugin } from "../../app-types";
import { Unauthenticated } from "../../lib/domain-errors";
import { routeIn } from "../../lib/route-path";
import { authenticate, currentUser } from "../auth";
import { getUserById } from "../auth/service";
import { createAppPassword, deleteAppPassword, listAppPasswords } from "./app-passwords";
import { caldavAccount } from "./service";

const tags = ["caldav"];
const security = [{ bearerAuth: [] }];
const unauthorized = { 401: errorBodySchema.describe("No valid bearer token") };

/** App passwords for CalDAV clients, and the addresses those clients connect to. */
export const caldavModule: ModulePlugin = async (app, { deps }) => {
  const { db, clock, config } = deps;
  app.addHook("onRequest", authenticate(deps, "account"));

  app.get(
    routeIn(app, apiRoutes.listAppPasswords.path),
    {
      schema: {
        summary: apiRoutes.listAppPasswords.summary,
        description: "Each live app password with its device name and when a client last signed in with it.",
        tags,
        security,
        response: { 200: apiRoutes.listAppPasswords.response, ...unauthorized },
      },
    },
    async (request) => listAppPasswords(db, currentUser(request).id),
  );

  app.post(
    routeIn(app, apiRoutes.createAppPassword.path),
    {
      schema: {
        summary: apiRoutes.createAppPassword.summary,
        description:
          "A random password for one device. CalDAV clients sign in to /dav/ with HTTP Basic: the " +
          "username or e-mail and this password (the account password is never accepted there). " +
          "Only a hash is kept: the answer is the only time it is shown.",
        tags,
        security,
        body: apiRoutes.createAppPassword.body,
        response: {
          201: apiRoutes.createAppPassword.response,
          400: errorBodySchema.describe("The name is missing or too long"),
          ...unauthorized,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createAppPassword(db, clock, currentUser(request).id, request.body.name)),
  );

  app.delete(
    routeIn(app, apiRoutes.deleteAppPassword.path),
    {
      schema: {
        summary: apiRoutes.deleteAppPassword.summary,
        tags,
        security,
        params: taskIdParamsSchema,
        response: {
          204: z.null().describe("Revoked"),
          404: errorBodySchema.describe("No such app password among the user's"),
          ...unauthorized,
        },
      },
    },
    async (request, reply) => {
      await deleteAppPassword(db, clock, currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    routeIn(app, apiRoutes.caldavAccount.path),
    {
      schema: {
        summary: apiRoutes.caldavAccount.summary,
        description:
          "The discovery address (`<PUBLIC_URL>/dav/`) and each task list's collection " +
          "(`<PUBLIC_URL>/dav/calendars/<username>/<project id>/`).",
        tags,
        security,
        response: { 200: apiRoutes.caldavAccount.response, ...unauthorized },
      },
    },
    async (request) => {
      const user = await getUserById(db, currentUser(request).id);
      if (!user) throw new Unauthenticated();
      return caldavAccount(db, clock, config.publicUrl, user);
    },
  );
};
