import { z } from "zod";
import { apiRoutes, idParamsSchema } from "@contract/routes";
import { signInOptionsPaths } from "@contract/sign-in-options";
import type { App, AppDeps } from "../../app-types";
import { NotFound } from "../../lib/domain-errors";
import { routeIn } from "../../lib/route-path";
import { deleteAccount } from "./account-deletion";
import { authenticate, currentSessionId, currentUser, currentUserRow } from "./authenticate";
import { beginOidcRelogin } from "./oidc";
import { accountDeletionOptions } from "./oidc-deletion";
import { listSessions } from "./service";
import { signOutOtherSessions, signOutSession } from "./sessions";
import {
  disableTwoFactor,
  enableTwoFactor,
  setUpTwoFactor,
  twoFactorStatus,
  verifyTwoFactor,
} from "./two-factor";

const tags = ["auth"];
const security = [{ bearerAuth: [] }];
const noContent = { 204: z.null().describe("Done") };

/**
 * Two-factor sign-in, the list of signed-in devices and deleting the account. Finishing a
 * two-factor sign-in is open; the rest take a signed-in session (never a personal API token: a
 * token must not change how the account signs in, nor end it).
 */
export async function accountSecurityRoutes(app: App, deps: AppDeps): Promise<void> {
  const { twoFactorVerify: verifyRoute } = apiRoutes;
  app.post(
    routeIn(app, verifyRoute.path),
    {
      schema: {
        tags,
        summary: verifyRoute.summary,
        description:
          "After `POST /auth/login` answered `{ two_factor_required: true, challenge }`: the challenge " +
          "(valid 5 minutes) and a 6-digit authenticator code, or one of the recovery codes (each taken " +
          "once), give the session. 5 wrong codes for the account in 15 minutes answer 429, however " +
          "many challenges they come with.",
        body: verifyRoute.body,
        response: { 200: verifyRoute.response },
      },
    },
    async (request) => verifyTwoFactor(deps, request.body),
  );

  await app.register(async (signedIn: App) => {
    signedIn.addHook("onRequest", authenticate(deps, "refused"));
    const {
      twoFactorStatus: statusRoute,
      twoFactorSetup: setupRoute,
      twoFactorEnable: enableRoute,
    } = apiRoutes;
    const { twoFactorDisable: disableRoute, deleteAccount: deleteAccountRoute } = apiRoutes;
    const {
      listSessions: listRoute,
      deleteSession: deleteRoute,
      deleteOtherSessions: othersRoute,
    } = apiRoutes;

    signedIn.get(
      routeIn(signedIn, statusRoute.path),
      { schema: { tags, security, summary: statusRoute.summary, response: { 200: statusRoute.response } } },
      async (request) => twoFactorStatus(deps, currentUser(request).id),
    );

    signedIn.post(
      routeIn(signedIn, setupRoute.path),
      {
        schema: {
          tags,
          security,
          summary: setupRoute.summary,
          description:
            "Each call makes a new secret (replacing one not yet confirmed); two-factor sign-in is on " +
            "only once `POST /auth/2fa/enable` gets a code of it.",
          response: { 200: setupRoute.response },
        },
      },
      async (request) => setUpTwoFactor(deps, await currentUserRow(deps.db, request)),
    );

    signedIn.post(
      routeIn(signedIn, enableRoute.path),
      {
        schema: {
          tags,
          security,
          summary: enableRoute.summary,
          body: enableRoute.body,
          response: { 200: enableRoute.response },
        },
      },
      async (request) => enableTwoFactor(deps, currentUser(request).id, request.body.code),
    );

    signedIn.post(
      routeIn(signedIn, disableRoute.path),
      {
        schema: {
          tags,
          security,
          summary: disableRoute.summary,
          body: disableRoute.body,
          response: noContent,
        },
      },
      async (request, reply) => {
        await disableTwoFactor(deps, currentUser(request).id, request.body.code);
        return reply.status(204).send(null);
      },
    );

    signedIn.get(
      routeIn(signedIn, listRoute.path),
      { schema: { tags, security, summary: listRoute.summary, response: { 200: listRoute.response } } },
      async (request) => listSessions(deps, currentUser(request).id, currentSessionId(request)),
    );

    signedIn.delete(
      routeIn(signedIn, deleteRoute.path),
      {
        schema: { tags, security, summary: deleteRoute.summary, params: idParamsSchema, response: noContent },
      },
      async (request, reply) => {
        await signOutSession(deps, currentUser(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    );

    signedIn.delete(
      routeIn(signedIn, othersRoute.path),
      { schema: { tags, security, summary: othersRoute.summary, response: noContent } },
      async (request, reply) => {
        await signOutOtherSessions(deps, currentUser(request).id, currentSessionId(request));
        return reply.status(204).send(null);
      },
    );

    signedIn.delete(
      routeIn(signedIn, deleteAccountRoute.path),
      {
        schema: {
          tags,
          security,
          summary: deleteAccountRoute.summary,
          description:
            "With the account's `password` (an account without one: `code`, a fresh two-factor code, or " +
            "`confirmation`, from signing in again at the OpenID Provider: POST /auth/account/oidc-confirmation). " +
            "Tasks, projects, history, sessions, API tokens, app passwords, webhooks, push " +
            "subscriptions, calendars and jobs go at once; every credential answers 401 from then on, " +
            "and the e-mail address and username are free again. Export first: nothing can be restored.",
          body: deleteAccountRoute.body,
          response: noContent,
        },
      },
      async (request, reply) => {
        await deleteAccount(deps, await currentUserRow(deps.db, request), request.body);
        return reply.status(204).send(null);
      },
    );

    const { accountDeletionOptions: optionsRoute, oidcDeletionConfirmation: reloginRoute } = apiRoutes;
    signedIn.get(
      routeIn(signedIn, optionsRoute.path),
      { schema: { tags, security, summary: optionsRoute.summary, response: { 200: optionsRoute.response } } },
      async (request) => accountDeletionOptions(deps, await currentUserRow(deps.db, request)),
    );

    signedIn.post(
      routeIn(signedIn, reloginRoute.path),
      {
        schema: {
          tags,
          security,
          summary: reloginRoute.summary,
          description:
            "Open `start_path` in the browser (within 10 minutes): the provider asks the person to sign in " +
            "again, and its callback sends the browser to `/settings#delete_account=<confirmation>` for " +
            "DELETE /auth/account (5 minutes, once; refused unless the same person signed in again).",
          response: { 200: reloginRoute.response },
        },
      },
      async (request) => {
        if (!deps.config.oidc) throw new NotFound("OpenID Connect sign-in is not configured on this server");
        const loginId = await beginOidcRelogin(deps, currentUser(request).id);
        return { start_path: `${signInOptionsPaths.oidcStart}?confirm=${loginId}` };
      },
    );
  });
}
