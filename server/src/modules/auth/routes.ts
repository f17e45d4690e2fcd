import { z } from "zod";
import { apiRoutes } from "../../../../contract/routes";
import type { App, AppDeps } from "../../app-types";
import { authenticate, currentSessionId, currentUser } from "./authenticate";
import {
  changePassword,
  login,
  logout,
  me,
  register,
  sendVerification,
  setTimezone,
  updateProfile,
} from "./service";

/** The accounts calls of spec §7 plus logout (issue 2). */
export async function authRoutes(app: App, deps: AppDeps): Promise<void> {
  const preHandler = authenticate(deps);
  const open = { tags: ["auth"] };
  const authed = { tags: ["auth"], security: [{ bearerAuth: [] }] };
  const { sendVerification: sendRoute, register: registerRoute, login: loginRoute } = apiRoutes;
  const { me: meRoute, logout: logoutRoute, timezone, changePassword: passwordRoute, profile } = apiRoutes;

  app.post(
    sendRoute.path,
    {
      schema: {
        ...open,
        summary: sendRoute.summary,
        body: sendRoute.body,
        response: { 200: sendRoute.response },
      },
    },
    async (request) => sendVerification(deps, request.body.email, request.ip, request.log),
  );

  app.post(
    registerRoute.path,
    {
      schema: {
        ...open,
        summary: registerRoute.summary,
        body: registerRoute.body,
        response: { 200: registerRoute.response },
      },
    },
    async (request) => register(deps, request.body, request.ip),
  );

  app.post(
    loginRoute.path,
    {
      schema: {
        ...open,
        summary: loginRoute.summary,
        body: loginRoute.body,
        response: { 200: loginRoute.response },
      },
    },
    async (request) => login(deps, request.body, request.ip),
  );

  app.get(
    meRoute.path,
    { preHandler, schema: { ...authed, summary: meRoute.summary, response: { 200: meRoute.response } } },
    async (request) => me(deps, currentUser(request)),
  );

  app.post(
    logoutRoute.path,
    {
      preHandler,
      schema: { ...authed, summary: logoutRoute.summary, response: { 204: z.null().describe("Signed out") } },
    },
    async (request, reply) => {
      await logout(deps, currentSessionId(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    timezone.path,
    {
      preHandler,
      schema: {
        ...authed,
        summary: timezone.summary,
        body: timezone.body,
        response: { 200: timezone.response },
      },
    },
    async (request) => setTimezone(deps, currentUser(request), request.body.timezone),
  );

  app.post(
    passwordRoute.path,
    {
      preHandler,
      schema: {
        ...authed,
        summary: passwordRoute.summary,
        body: passwordRoute.body,
        response: { 200: passwordRoute.response },
      },
    },
    async (request) => changePassword(deps, currentUser(request), currentSessionId(request), request.body),
  );

  app.put(
    profile.path,
    {
      preHandler,
      schema: {
        ...authed,
        summary: profile.summary,
        body: profile.body,
        response: { 200: profile.response },
      },
    },
    async (request) => updateProfile(deps, currentUser(request), request.body),
  );
}
