import { authResponseSchema } from "@contract/auth";
import { errorBodySchema } from "@contract/common";
import { ACCOUNT_DELETION_LANDING_PATH, DELETION_FRAGMENT_KEYS as keys } from "@contract/account-security";
import {
  OIDC_LANDING_PATH,
  oidcExchangeRequestSchema,
  oidcStartQuerySchema,
  signInOptionsPaths as paths,
  signInOptionsSchema,
} from "@contract/sign-in-options";
import type { FastifyRequest } from "fastify";
import type { App, AppDeps } from "../../app-types";
import { NotFound } from "../../lib/domain-errors";
import { routeIn } from "../../lib/route-path";
import {
  beginOidcSignIn,
  exchangeOidcCode,
  finishOidcLogin,
  oidcRedirectUri,
  resumeOidcRelogin,
  type OidcOutcome,
} from "./oidc";
import { clientOf } from "./sessions";
import { signInOptions } from "./sign-in-control";

/** The browser's cookie naming its begun OpenID Connect sign-in, sent back to the callback only. */
const COOKIE = "tasklane_oidc";
const COOKIE_PATH = "/auth/oidc/callback";

function loginCookie(deps: AppDeps, value: string, maxAgeSeconds: number): string {
  const secure = new URL(deps.config.publicUrl).protocol === "https:" ? "; Secure" : "";
  // Lax: the provider sends the browser back with a top-level GET from its own site.
  return `${COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

function loginIdOf(request: FastifyRequest): string | undefined {
  const pattern = new RegExp(`(?:^|;\\s*)${COOKIE}=([A-Za-z0-9_-]+)`);
  return pattern.exec(request.headers.cookie ?? "")?.[1];
}

/**
 * The web app's page for the outcome, which it carries in the fragment (no server receives it): the
 * sign-in's landing page, or Settings for a re-login that confirms deleting the account.
 */
function landing(outcome: OidcOutcome): string {
  if ("relogin" in outcome) {
    const relogin = outcome.relogin;
    const fragment =
      "confirmation" in relogin
        ? `${keys.confirmation}=${relogin.confirmation}`
        : `${keys.error}=${relogin.error}`;
    return `${ACCOUNT_DELETION_LANDING_PATH}#${fragment}`;
  }
  const signIn = outcome.signIn;
  return `${OIDC_LANDING_PATH}#${"code" in signIn ? `code=${signIn.code}` : `error=${signIn.error}`}`;
}

function oidcSettings(deps: AppDeps) {
  if (!deps.config.oidc) throw new NotFound("OpenID Connect sign-in is not configured on this server");
  return deps.config.oidc;
}

/** What the sign-in pages offer, and the OpenID Connect sign-in's three steps (all without a token). */
export function signInOptionsRoutes(app: App, deps: AppDeps): void {
  // Public calls: a browser navigation and the web app before sign-in make them.
  const tags = ["auth"];
  const security: never[] = [];
  const notConfigured = { 404: errorBodySchema.describe("OpenID Connect sign-in is not configured") };

  app.get(
    routeIn(app, paths.options),
    {
      schema: {
        tags,
        security,
        summary: "How people may sign in and sign up on this server",
        response: { 200: signInOptionsSchema },
      },
    },
    async () => signInOptions(deps.config),
  );

  app.get(
    routeIn(app, paths.oidcStart),
    {
      schema: {
        tags,
        security,
        summary: "Begin signing in with the OpenID Provider (a browser navigation)",
        description:
          `Redirects (302) to the provider. Register \`${oidcRedirectUri(deps.config)}\` there as the redirect URI. ` +
          "With `confirm`, the re-login begun by POST /auth/account/oidc-confirmation instead (the provider " +
          `asks the person to sign in again); its callback ends on \`${ACCOUNT_DELETION_LANDING_PATH}#delete_account=…\`.`,
        querystring: oidcStartQuerySchema,
        response: notConfigured,
      },
    },
    async (request, reply) => {
      const oidc = oidcSettings(deps);
      const { confirm } = request.query;
      const failed = (error: "unavailable" | "expired"): OidcOutcome =>
        confirm === undefined ? { signIn: { error } } : { relogin: { error } };
      try {
        const begun =
          confirm === undefined
            ? await beginOidcSignIn(deps, oidc)
            : { loginId: confirm, authorizationUrl: await resumeOidcRelogin(deps, oidc, confirm) };
        if (begun.authorizationUrl === undefined) return reply.redirect(landing(failed("expired")), 302);
        void reply.header("set-cookie", loginCookie(deps, begun.loginId, 600));
        return reply.redirect(begun.authorizationUrl, 302);
      } catch (error) {
        request.log.warn({ err: error }, "The OpenID Provider could not be reached");
        return reply.redirect(landing(failed("unavailable")), 302);
      }
    },
  );

  app.get(
    routeIn(app, paths.oidcCallback),
    {
      schema: {
        tags,
        security,
        summary: "Where the OpenID Provider sends the browser back",
        description:
          `Redirects (302) to \`${OIDC_LANDING_PATH}#code=…\` (a one-time code for ${paths.oidcExchange}) or \`${OIDC_LANDING_PATH}#error=…\`; ` +
          `a re-login to \`${ACCOUNT_DELETION_LANDING_PATH}#delete_account=…\` (a confirmation for DELETE /auth/account, 5 minutes, once) or \`#delete_account_error=…\`.`,
        response: notConfigured,
      },
    },
    async (request, reply) => {
      const oidc = oidcSettings(deps);
      const callbackUrl = new URL(request.url, deps.config.publicUrl);
      const outcome = await finishOidcLogin(deps, oidc, loginIdOf(request), callbackUrl, request.log);
      void reply.header("set-cookie", loginCookie(deps, "", 0));
      return reply.redirect(landing(outcome), 302);
    },
  );

  app.post(
    routeIn(app, paths.oidcExchange),
    {
      schema: {
        tags,
        security,
        summary: "Exchange the one-time code of an OpenID Connect sign-in for a session",
        description: "Each code works once, within a minute of the sign-in.",
        body: oidcExchangeRequestSchema,
        response: {
          200: authResponseSchema,
          400: errorBodySchema.describe("No code, or not a string"),
          401: errorBodySchema.describe("The code is unknown, used or expired"),
          403: errorBodySchema.describe("The account is disabled (code account_disabled)"),
        },
      },
    },
    async (request) => exchangeOidcCode(deps, request.body.code, clientOf(request)),
  );
}
