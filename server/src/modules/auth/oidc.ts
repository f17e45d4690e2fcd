import type { AuthResponse } from "@contract/auth";
import type { OidcErrorCode } from "@contract/sign-in-options";
import type { FastifyBaseLogger } from "fastify";
import * as client from "openid-client";
import type { AppDeps } from "../../app-types";
import type { Config } from "../../config";
import { Unauthenticated } from "../../lib/domain-errors";
import { hashToken, newToken } from "../../lib/opaque-tokens";
import { handOffSignIn, type OidcPerson } from "./oidc-account";
import { confirmDeletionByRelogin } from "./oidc-deletion";
import {
  findOidcLogin,
  insertOidcLogin,
  takeOidcHandoff,
  takeOidcLogin,
  type OidcLogin,
} from "./oidc-repository";
import { startSession, type SessionClient } from "./sessions";
import { assertEnabled } from "./sign-in-control";
import { findUserById } from "./user-repository";

/**
 * OpenID Connect sign-in (openid-client): the authorization code flow with PKCE, state and nonce,
 * the provider found by discovery from OIDC_ISSUER. What a begun sign-in must remember lives in
 * the database under a random id the browser holds in a cookie, so any instance may finish it.
 */

type OidcDeps = Pick<AppDeps, "db" | "config" | "clock" | "mailer">;
type OidcSettings = NonNullable<Config["oidc"]>;

const LOGIN_TTL_MS = 10 * 60_000;
const SCOPE = "openid email profile";

/** The redirect URI to register at the provider. */
export function oidcRedirectUri(config: Config): string {
  return new URL("/auth/oidc/callback", config.publicUrl).href;
}

// A cache of the provider's metadata and keys, per instance; a failed discovery is tried again.
const configurations = new Map<string, Promise<client.Configuration>>();

function providerConfiguration(oidc: OidcSettings): Promise<client.Configuration> {
  const key = `${oidc.issuer} ${oidc.clientId} ${oidc.clientSecret}`;
  let configuration = configurations.get(key);
  if (!configuration) {
    // client_secret_basic: what OAuth assumes of a client that registered no other method.
    const authentication = client.ClientSecretBasic(oidc.clientSecret);
    configuration = client.discovery(new URL(oidc.issuer), oidc.clientId, undefined, authentication, {
      // A provider on plain http (on this machine or network) is the operator's choice to make.
      execute: new URL(oidc.issuer).protocol === "http:" ? [client.allowInsecureRequests] : [],
      timeout: 10,
    });
    configurations.set(key, configuration);
    configuration.catch(() => configurations.delete(key));
  }
  return configuration;
}

/** Where the provider sends the person to, for a begun login. */
async function authorizationUrlOf(configuration: client.Configuration, deps: OidcDeps, login: OidcLogin) {
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: oidcRedirectUri(deps.config),
    scope: SCOPE,
    state: login.state,
    nonce: login.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(login.code_verifier),
    code_challenge_method: "S256",
    // A re-login must be one: the provider asks again even when its own session would do.
    ...(login.user_id === null ? {} : { prompt: "login", max_age: "0" }),
  });
  return url.href;
}

/** Stores a begun login: a sign-in, or (`userId`) a re-login of that signed-in account. */
async function newLogin(
  deps: OidcDeps,
  userId: string | null,
): Promise<{ loginId: string; login: OidcLogin }> {
  const login = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    code_verifier: client.randomPKCECodeVerifier(),
    user_id: userId,
  };
  const loginId = newToken();
  const now = deps.clock.now();
  await insertOidcLogin(deps.db, hashToken(loginId), login, now, new Date(now.getTime() + LOGIN_TTL_MS));
  return { loginId, login };
}

/** GET /auth/oidc/start: the provider's authorization URL, and the id the browser keeps for the callback. */
export async function beginOidcSignIn(
  deps: OidcDeps,
  oidc: OidcSettings,
): Promise<{ loginId: string; authorizationUrl: string }> {
  const configuration = await providerConfiguration(oidc);
  const { loginId, login } = await newLogin(deps, null);
  return { loginId, authorizationUrl: await authorizationUrlOf(configuration, deps, login) };
}

/**
 * POST /auth/account/oidc-confirmation: a re-login of the signed-in account, begun; its id goes to
 * GET /auth/oidc/start in the browser's URL, which keeps it as the cookie of any other login. (Its
 * callback gives only a confirmation that DELETE /auth/account takes from this account's own
 * session, and only for this account's identity at the provider.)
 */
export async function beginOidcRelogin(deps: OidcDeps, userId: string): Promise<string> {
  return (await newLogin(deps, userId)).loginId;
}

/** The authorization URL of a re-login begun by its signed-in account, while it is not finished. */
export async function resumeOidcRelogin(
  deps: OidcDeps,
  oidc: OidcSettings,
  loginId: string,
): Promise<string | undefined> {
  const login = await findOidcLogin(deps.db, hashToken(loginId), deps.clock.now());
  if (!login || login.user_id === null) return undefined;
  return authorizationUrlOf(await providerConfiguration(oidc), deps, login);
}

const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/** The person the provider's answer names, once it is verified (state, issuer, PKCE, ID token, nonce). */
async function verifiedPerson(
  oidc: OidcSettings,
  login: OidcLogin,
  callbackUrl: URL,
  log: Pick<FastifyBaseLogger, "warn">,
): Promise<OidcPerson | { error: OidcErrorCode }> {
  try {
    const configuration = await providerConfiguration(oidc);
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: login.code_verifier,
      expectedState: login.state,
      expectedNonce: login.nonce,
      idTokenExpected: true,
      // A re-login's ID token must say the person signed in just now (its auth_time).
      ...(login.user_id === null ? {} : { maxAge: 0 }),
    });
    const claims = tokens.claims();
    if (!claims) return { error: "failed" };
    // Some providers put the e-mail in the userinfo answer only.
    const info =
      claims.email === undefined
        ? await client.fetchUserInfo(configuration, tokens.access_token, claims.sub)
        : claims;
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email: text(info.email),
      emailVerified: info.email_verified === true || info.email_verified === "true",
      preferredUsername: text(info.preferred_username),
      givenName: text(info.given_name),
      familyName: text(info.family_name),
      name: text(info.name),
    };
  } catch (error) {
    if (error instanceof client.AuthorizationResponseError) return { error: "refused" };
    log.warn({ err: error }, "An OpenID Connect sign-in failed");
    return { error: "failed" };
  }
}

/** How a login at the provider ended: a sign-in's hand-off, a re-login's confirmation, or why not. */
export type OidcOutcome =
  | { signIn: { code: string } | { error: OidcErrorCode } }
  | { relogin: { confirmation: string } | { error: OidcErrorCode } };

/**
 * GET /auth/oidc/callback: checks the provider's answer and hands the person's account off with a
 * one-time code (a sign-in), or records what a re-login proved (confirming a deletion), or says
 * why not. The begun login is used up whatever happens.
 */
export async function finishOidcLogin(
  deps: OidcDeps,
  oidc: OidcSettings,
  loginId: string | undefined,
  callbackUrl: URL,
  log: Pick<FastifyBaseLogger, "warn">,
): Promise<OidcOutcome> {
  const login = loginId ? await takeOidcLogin(deps.db, hashToken(loginId), deps.clock.now()) : undefined;
  if (!login) return { signIn: { error: "expired" } };
  const person = await verifiedPerson(oidc, login, callbackUrl, log);
  if (login.user_id !== null) {
    return {
      relogin: "error" in person ? person : await confirmDeletionByRelogin(deps, login.user_id, person),
    };
  }
  return { signIn: "error" in person ? person : await handOffSignIn(deps, person) };
}

/** POST /auth/oidc/exchange: a hand-off code, once and within its minute, for a session. */
export async function exchangeOidcCode(
  deps: OidcDeps,
  code: string,
  client: SessionClient,
): Promise<AuthResponse> {
  const userId = await takeOidcHandoff(deps.db, hashToken(code), deps.clock.now());
  const user = userId ? await findUserById(deps.db, userId) : undefined;
  if (!user)
    throw new Unauthenticated("This sign-in link has expired or was already used. Please sign in again.");
  assertEnabled(user);
  return startSession(deps, user, client);
}
