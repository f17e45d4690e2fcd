import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  DELETION_CONFIRMATION_EXPIRED_MESSAGE,
  WRONG_IDENTITY_MESSAGE,
  type AccountDeletionOptions,
  type OidcDeletionConfirmation,
} from "@contract/account-security";
import type { AuthResponse } from "@contract/auth";
import { bearer, createTestApp, signUp, type TestApp } from "../helpers";
import { signInAtTestProvider, startOidcProvider, type TestOidcProvider } from "../oidc-provider";

/**
 * Deleting an account that has no password of its own, confirmed by signing in again at the
 * OpenID Provider (a real one, oidc-provider, started here; its login page is played with fetch).
 */

const PUBLIC_URL = "http://tasklane.test";
const REDIRECT_URI = `${PUBLIC_URL}/auth/oidc/callback`;

let provider: TestOidcProvider;
let t: TestApp;

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: [REDIRECT_URI] });
});
afterAll(async () => provider.close());
afterEach(async () => t.close());

function oidcApp(): Promise<TestApp> {
  return createTestApp({
    env: {
      PUBLIC_URL,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_NAME: "Test ID",
    },
  });
}

/** Follows a 302 from `url` to the provider, signs in there as `login`, and returns the callback's 302. */
async function throughProvider(url: string, login: string) {
  const started = await t.app.inject({ method: "GET", url });
  expect(started.statusCode).toBe(302);
  const authorizationUrl = new URL(String(started.headers.location));
  const cookie = String(started.headers["set-cookie"]).split(";")[0]!;
  const returned = await signInAtTestProvider(authorizationUrl, login, REDIRECT_URI);
  const back = await t.app.inject({
    method: "GET",
    url: `${returned.pathname}${returned.search}`,
    headers: { cookie },
  });
  expect(back.statusCode).toBe(302);
  return { authorizationUrl, location: String(back.headers.location) };
}

/** A new account made by signing in with the provider as `login`: its session token. */
async function signInWithProvider(login: string): Promise<string> {
  const { location } = await throughProvider("/auth/oidc/start", login);
  const code = new URLSearchParams(location.split("#")[1]).get("code")!;
  const session = await t.app.inject({ method: "POST", url: "/auth/oidc/exchange", payload: { code } });
  return session.json<AuthResponse>().token;
}

/** Settings → Delete account → "Confirm with Test ID", signing in again as `login`. */
async function relogin(token: string, login: string) {
  const begun = await t.app.inject({
    method: "POST",
    url: "/auth/account/oidc-confirmation",
    headers: bearer(token),
  });
  expect(begun.statusCode).toBe(200);
  const { start_path: startPath } = begun.json<OidcDeletionConfirmation>();
  expect(startPath).toMatch(/^\/auth\/oidc\/start\?confirm=/);
  const { authorizationUrl, location } = await throughProvider(startPath, login);
  expect(location).toMatch(/^\/settings#delete_account=/);
  return {
    authorizationUrl,
    confirmation: new URLSearchParams(location.split("#")[1]).get("delete_account")!,
  };
}

function deleteAccount(token: string, payload: Record<string, string>) {
  return t.app.inject({ method: "DELETE", url: "/auth/account", headers: bearer(token), payload });
}

function me(token: string) {
  return t.app.inject({ method: "GET", url: "/auth/me", headers: bearer(token) });
}

describe("deleting an account confirmed by signing in again at the OpenID Provider", () => {
  it("offers the provider to an account made by it, which has no password, and the password otherwise", async () => {
    t = await oidcApp();
    const token = await signInWithProvider("dora");
    const options = await t.app.inject({
      method: "GET",
      url: "/auth/account/deletion-options",
      headers: bearer(token),
    });
    expect(options.json<AccountDeletionOptions>()).toEqual({
      password: false,
      oidc: { name: "Test ID" },
      two_factor: false,
    });
    // No password matches the account's (none of its own).
    const login = await t.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: "dora@example.com", password: "" },
    });
    expect(login.statusCode).toBe(400);

    const withPassword = await signUp(t);
    const theirs = await t.app.inject({
      method: "GET",
      url: "/auth/account/deletion-options",
      headers: bearer(withPassword.token),
    });
    expect(theirs.json<AccountDeletionOptions>()).toEqual({ password: true, oidc: null, two_factor: false });
  });

  it("asks the provider for a fresh sign-in, and deletes the account with the confirmation it gives", async () => {
    t = await oidcApp();
    const token = await signInWithProvider("erin");
    const { authorizationUrl, confirmation } = await relogin(token, "erin");
    expect(authorizationUrl.searchParams.get("prompt")).toBe("login");
    expect(authorizationUrl.searchParams.get("max_age")).toBe("0");

    expect((await deleteAccount(token, { confirmation })).statusCode).toBe(204);
    expect((await me(token)).statusCode).toBe(401);
  });

  it("refuses a re-login as another person, and a confirmation used, expired or of another account", async () => {
    t = await oidcApp();
    const token = await signInWithProvider("frank");
    const otherToken = await signInWithProvider("grace");

    const asGrace = await relogin(token, "grace");
    const wrong = await deleteAccount(token, { confirmation: asGrace.confirmation });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ message: WRONG_IDENTITY_MESSAGE, code: "wrong_identity" });
    const used = await deleteAccount(token, { confirmation: asGrace.confirmation });
    expect(used.statusCode).toBe(400);
    expect(used.json()).toEqual({
      message: DELETION_CONFIRMATION_EXPIRED_MESSAGE,
      code: "confirmation_expired",
    });

    const late = await relogin(token, "frank");
    t.clock.advance(5 * 60_000 + 1_000);
    expect((await deleteAccount(token, { confirmation: late.confirmation })).statusCode).toBe(400);

    // Grace's own re-login confirms nothing for Frank's session, and is used up by trying.
    const graces = await relogin(otherToken, "grace");
    expect((await deleteAccount(token, { confirmation: graces.confirmation })).statusCode).toBe(400);
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(otherToken)).statusCode).toBe(200);
  });

  it("sends a re-login that is unknown or past its 10 minutes back to Settings with the reason", async () => {
    t = await oidcApp();
    const unknown = await t.app.inject({ method: "GET", url: "/auth/oidc/start?confirm=not-a-login" });
    expect(unknown.headers.location).toBe("/settings#delete_account_error=expired");

    const token = await signInWithProvider("heidi");
    const begun = await t.app.inject({
      method: "POST",
      url: "/auth/account/oidc-confirmation",
      headers: bearer(token),
    });
    t.clock.advance(10 * 60_000 + 1_000);
    const late = await t.app.inject({
      method: "GET",
      url: begun.json<OidcDeletionConfirmation>().start_path,
    });
    expect(late.headers.location).toBe("/settings#delete_account_error=expired");
  });

  it("is not offered without a provider, nor to a personal API token", async () => {
    t = await createTestApp();
    const account = await signUp(t);
    const noProvider = await t.app.inject({
      method: "POST",
      url: "/auth/account/oidc-confirmation",
      headers: bearer(account.token),
    });
    expect(noProvider.statusCode).toBe(404);
    expect(noProvider.json()).toMatchObject({ message: expect.any(String) });
    const apiToken = (
      await t.app.inject({
        method: "POST",
        url: "/api/v1/tokens",
        headers: bearer(account.token),
        payload: { name: "script", scope: "write" },
      })
    ).json<{ token: string }>().token;
    const byToken = await t.app.inject({
      method: "POST",
      url: "/auth/account/oidc-confirmation",
      headers: bearer(apiToken),
    });
    expect(byToken.statusCode).toBe(403);
  });
});
