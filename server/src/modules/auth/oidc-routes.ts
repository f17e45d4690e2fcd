import { authResponseSchema } from "@contract/auth";
import { errorBodySchema } from "@contract/common";
import {
  OIDC_LANDING_PATH,
  oidcExchangeRequestSchema,
  signInOptionsPaths as paths,
  signInOptionsSchema,
} from "@contract/sign-in-options";
import type { FastifyRequest } from "fastify";
import type { App, AppDeps } from "../../app-types";
import { NotFound } from "../../lib/domain-errors";
import { routeIn } from "../../lib/route-path";
import { beginOidcSignIn, exchangeOidcCode, finishOidcSignIn, oidcRedirectUri } from "./oidc";
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

/** The web app's landing page, with the outcome in the fragment (which no server receives). */
function landing(outcome: { code: string } | { error: string }): string {
  const fragment = "code" in outcome ? `code=${outcome.code}` : `error=${outcome.error}`;
  return `${OIDC_LANDING_PATH}#${fragment}`;
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
        description: `Redirects (302) to the provider. Register \`${oidcRedirectUri(deps.config)}\` there as the redirect URI.`,
        response: notConfigured,
      },
    },
    async (request, reply) => {
      const oidc = oidcSettings(deps);
      try {
        const { loginId, authorizationUrl } = await beginOidcSignIn(deps, oidc);
        void reply.header("set-cookie", loginCookie(deps, loginId, 600));
        return reply.redirect(authorizationUrl, 302);
      } catch (error) {
        request.log.warn({ err: error }, "The OpenID Provider could not be reached");
        return reply.redirect(landing({ error: "unavailable" }), 302);
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
        description: `Redirects (302) to \`${OIDC_LANDING_PATH}#code=…\` (a one-time code for ${paths.oidcExchange}) or \`${OIDC_LANDING_PATH}#error=…\`.`,
        response: notConfigured,
      },
    },
    async (request, reply) => {
      const oidc = oidcSettings(deps);
      const callbackUrl = new URL(request.url, deps.config.publicUrl);
      const outcome = await finishOidcSignIn(deps, oidc, loginIdOf(request), callbackUrl, request.log);
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
