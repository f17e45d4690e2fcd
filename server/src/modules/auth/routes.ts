import { z } from "zod";
import { apiRoutes } from "@contract/routes";
import type { App, ModulePlugin } from "../../app-types";
import { routeIn } from "../../lib/route-path";
import { endCredentialsAfterNewPassword } from "../credentials/service";
import { accountSecurityRoutes } from "./account-security-routes";
import { setTimezone, updateProfile, updateSettings } from "./account-settings";
import { authenticate, currentSessionId, currentUser, currentUserRow } from "./authenticate";
import { signInOptionsRoutes } from "./oidc-routes";
import {
  changePassword,
  forgotPassword,
  login,
  logout,
  me,
  register,
  resetPassword,
  sendVerification,
} from "./service";
import { clientOf } from "./sessions";

/** An account call's schema from its contract entry: summary, body and 200 answer (+ token). */
function callSchema<Body extends z.ZodType, Answer extends z.ZodType>(route: {
  summary: string;
  auth: boolean;
  body: Body;
  response: Answer;
}) {
  return {
    tags: ["auth"],
    ...(route.auth ? { security: [{ bearerAuth: [] }] } : {}),
    summary: route.summary,
    body: route.body,
    response: { 200: route.response },
  };
}

/**
 * The account calls: sign-up (code, then register) and sign-in are open; the rest need a signed-in
 * user and live in an inner scope behind the authentication hook.
 */
export const authModule: ModulePlugin = async (app, { deps }) => {
  const authed = { tags: ["auth"], security: [{ bearerAuth: [] }] };
  const { sendVerification: sendRoute, register: registerRoute, login: loginRoute } = apiRoutes;
  const { me: meRoute, logout: logoutRoute, timezone, changePassword: passwordRoute, profile } = apiRoutes;

  app.post(routeIn(app, sendRoute.path), { schema: callSchema(sendRoute) }, async (request) =>
    sendVerification(deps, request.body.email, request.ip, request.log),
  );

  app.post(routeIn(app, registerRoute.path), { schema: callSchema(registerRoute) }, async (request) =>
    register(deps, request.body, clientOf(request)),
  );

  app.post(routeIn(app, loginRoute.path), { schema: callSchema(loginRoute) }, async (request) =>
    login(deps, request.body, clientOf(request)),
  );

  const { forgotPassword: forgotRoute, resetPassword: resetRoute } = apiRoutes;
  app.post(routeIn(app, forgotRoute.path), { schema: callSchema(forgotRoute) }, async (request) =>
    forgotPassword(deps, request.body.email, request.ip, request.log),
  );

  app.post(routeIn(app, resetRoute.path), { schema: callSchema(resetRoute) }, async (request) => {
    const { userId, answer } = await resetPassword(deps, request.body, request.ip);
    await endCredentialsAfterNewPassword(deps, userId, "reset");
    return answer;
  });

  signInOptionsRoutes(app, deps);

  await app.register(async (scope: App) => accountSecurityRoutes(scope, deps));

  await app.register(async (signedIn: App) => {
    // A personal API token may read the account, never change it.
    signedIn.addHook("onRequest", authenticate(deps, "account"));

    signedIn.get(
      routeIn(signedIn, meRoute.path),
      { schema: { ...authed, summary: meRoute.summary, response: { 200: meRoute.response } } },
      async (request) => me(deps, await currentUserRow(deps.db, request)),
    );

    signedIn.post(
      routeIn(signedIn, logoutRoute.path),
      {
        schema: {
          ...authed,
          summary: logoutRoute.summary,
          response: { 204: z.null().describe("Signed out") },
        },
      },
      async (request, reply) => {
        await logout(deps, currentUser(request), currentSessionId(request));
        return reply.status(204).send(null);
      },
    );

    signedIn.post(routeIn(signedIn, timezone.path), { schema: callSchema(timezone) }, async (request) =>
      setTimezone(deps, currentUser(request), request.body.timezone),
    );

    signedIn.post(
      routeIn(signedIn, passwordRoute.path),
      { schema: callSchema(passwordRoute) },
      async (request) => {
        const user = await changePassword(
          deps,
          await currentUserRow(deps.db, request),
          currentSessionId(request),
          request.body,
        );
        return { ...user, api_tokens: await endCredentialsAfterNewPassword(deps, user.id, "changed") };
      },
    );

    signedIn.put(routeIn(signedIn, profile.path), { schema: callSchema(profile) }, async (request) =>
      updateProfile(deps, await currentUserRow(deps.db, request), request.body),
    );

    const { settings } = apiRoutes;
    signedIn.put(
      routeIn(signedIn, settings.path),
      {
        schema: {
          ...callSchema(settings),
          description:
            "`default_reminder_minutes`: a reminder this many minutes before the due time of each new " +
            "task with a timed due date (0–10080; null: none, the default). `email_reminders`: reminders " +
            "are e-mailed too (default false). `working_hours`: the days (ISO weekdays, 1 = Monday) and " +
            "hours (HH:MM, in the user's time zone) the day planner may fill (default Monday to Friday, " +
            "09:00–17:00). `daily_capacity_minutes`: the most task work it plans in a day (15–1440, " +
            "default 360). `default_duration_minutes`: the estimate of a task without one (5–720; null: " +
            '30, the default). `date_order` ("dmy", "mdy" or "ymd"), `clock` ("12h" or "24h") and ' +
            "`week_start` (1 = Monday, 7 = Sunday): how dates are shown, read in quick add's numeric dates " +
            '(12/03) and written in CSV files (default "mdy", "12h", Monday).',
        },
      },
      async (request) => updateSettings(deps, await currentUserRow(deps.db, request), request.body),
    );
  });
};
