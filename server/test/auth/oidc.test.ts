import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { runAdminCommand } from "../../src/modules/auth/admin-commands";
import { bearer, createTestApp, signUp, type TestApp } from "../helpers";
import { signInAtTestProvider, startOidcProvider, type TestOidcProvider } from "../oidc-provider";

/**
 * OpenID Connect sign-in against a real OpenID Provider (oidc-provider) started here: the browser's
 * part (the provider's login page) is played with fetch and a cookie jar, the server's through
 * app.inject.
 */

const PUBLIC_URL = "http://tasklane.test";
const REDIRECT_URI = `${PUBLIC_URL}/auth/oidc/callback`;

let provider: TestOidcProvider;
let t: TestApp;

beforeAll(async () => {
  provider = await startOidcProvider({
    redirectUris: [REDIRECT_URI],
    accounts: {
      alice: {
        email: "alice@example.com",
        email_verified: true,
        preferred_username: "alice",
        given_name: "Alice",
        family_name: "Liddell",
      },
      mallory: { email: "carol@example.com", email_verified: false, preferred_username: "mallory" },
      "carol-idp": { email: "Carol@Example.com", email_verified: true },
      "new-unverified": { email: "fresh@example.com", email_verified: false, name: "Émile Zola" },
      "no-email": { preferred_username: "nomail" },
    },
  });
});
afterAll(async () => provider.close());
afterEach(async () => t.close());

function oidcEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PUBLIC_URL,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_NAME: "Test ID",
    ...extra,
  };
}

/** GET /auth/oidc/start: the provider's authorization URL and the browser's cookie. */
async function start(): Promise<{ authorizationUrl: URL; cookie: string }> {
  const response = await t.app.inject({ method: "GET", url: "/auth/oidc/start" });
  expect(response.statusCode).toBe(302);
  const setCookie = String(response.headers["set-cookie"]);
  expect(setCookie).toMatch(/HttpOnly; SameSite=Lax/);
  return { authorizationUrl: new URL(String(response.headers.location)), cookie: setCookie.split(";")[0]! };
}

/** The person signs in at the provider's login page (and consents); where it sends the browser back. */
function signInAtProvider(authorizationUrl: URL, login: string): Promise<URL> {
  return signInAtTestProvider(authorizationUrl, login, REDIRECT_URI);
}

/** The browser arrives back at the callback; the landing page's fragment it is sent on to. */
async function callback(returned: URL, cookie: string | undefined): Promise<URLSearchParams> {
  const response = await t.app.inject({
    method: "GET",
    url: `${returned.pathname}${returned.search}`,
    headers: cookie ? { cookie } : {},
  });
  expect(response.statusCode).toBe(302);
  expect(String(response.headers["set-cookie"])).toMatch(/^tasklane_oidc=; .*Max-Age=0/);
  const location = String(response.headers.location);
  // Whatever it carries is in the fragment, which no server receives (or logs).
  expect(location).toMatch(/^\/login\/oidc#/);
  return new URLSearchParams(location.split("#")[1]);
}

function exchange(code: string) {
  return t.app.inject({ method: "POST", url: "/auth/oidc/exchange", payload: { code } });
}

/** The whole sign-in, up to the landing page's fragment. */
async function signInWith(login: string): Promise<URLSearchParams> {
  const { authorizationUrl, cookie } = await start();
  return callback(await signInAtProvider(authorizationUrl, login), cookie);
}

/** The session a whole sign-in ends with. */
async function sessionOf(login: string): Promise<{ token: string; user: { id: string; username: string } }> {
  const landed = await signInWith(login);
  expect(landed.get("error")).toBeNull();
  const answer = await exchange(landed.get("code")!);
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

describe("OpenID Connect sign-in", () => {
  it("is offered by GET /auth/options with its button's name, and 404 when not configured", async () => {
    t = await createTestApp({ env: oidcEnv({ OIDC_ONLY: "true" }) });
    const options = await t.app.inject({ method: "GET", url: "/auth/options" });
    expect(options.json()).toEqual({ password: false, registration: "open", oidc: { name: "Test ID" } });
    await t.close();
    t = await createTestApp();
    const start = await t.app.inject({ method: "GET", url: "/auth/oidc/start" });
    expect(start.statusCode).toBe(404);
    expect(start.json()).toMatchObject({
      message: "OpenID Connect sign-in is not configured on this server",
    });
  });

  it("asks the provider for the code with PKCE (S256), a state and a nonce, back to <PUBLIC_URL>/auth/oidc/callback", async () => {
    t = await createTestApp({ env: oidcEnv() });
    const { authorizationUrl } = await start();
    expect(authorizationUrl.origin).toBe(provider.issuer);
    const params = authorizationUrl.searchParams;
    expect(params.get("redirect_uri")).toBe(REDIRECT_URI);
    expect(params.get("response_type")).toBe("code");
    expect(params.get("code_challenge_method")).toBe("S256");
    for (const name of ["state", "nonce", "code_challenge"]) expect(params.get(name)).toMatch(/^.{20,}$/);
    expect(params.get("scope")).toBe("openid email profile");
  });

  it("gives a new person an account with a username derived from theirs, signed in through a one-time code", async () => {
    t = await createTestApp({ env: oidcEnv() });
    const { token, user } = await sessionOf("alice");
    const me = await t.app.inject({ method: "GET", url: "/auth/me", headers: bearer(token) });
    expect(me.json()).toMatchObject({
      id: user.id,
      email: "alice@example.com",
      username: "alice",
      first_name: "Alice",
      last_name: "Liddell",
    });
    const projects = await t.app.inject({ method: "GET", url: "/api/v1/projects", headers: bearer(token) });
    expect(projects.json<Array<{ is_inbox: boolean }>>().some((project) => project.is_inbox)).toBe(true);

    // The same person again: the same account, by their identity at the provider.
    const again = await sessionOf("alice");
    expect(again.user.id).toBe(user.id);
  });

  it("picks a free username when the derived one is taken", async () => {
    t = await createTestApp({ env: oidcEnv() });
    await signUp(t, { username: "alice" });
    const { user } = await sessionOf("alice");
    expect(user.username).toBe("alice-2");
  });

  it("signs a verified e-mail matching an account into that account", async () => {
    t = await createTestApp({ env: oidcEnv() });
    const carol = await signUp(t, { email: "carol@example.com" });
    const { user } = await sessionOf("carol-idp");
    expect(user.id).toBe(carol.user.id);
  });

  it("never signs an unverified e-mail into the account with that address, and says why", async () => {
    t = await createTestApp({ env: oidcEnv() });
    await signUp(t, { email: "carol@example.com" });
    const landed = await signInWith("mallory");
    expect(landed.get("error")).toBe("unverified_email");
    expect(landed.get("code")).toBeNull();
    expect(await t.deps.db.selectFrom("oidc_identities").selectAll().execute()).toEqual([]);
  });

  it("makes an account for a new unverified address when sign-up is open, and refuses one without an address", async () => {
    t = await createTestApp({ env: oidcEnv() });
    const { user } = await sessionOf("new-unverified");
    expect(user.username).toBe("fresh");
    expect((await signInWith("no-email")).get("error")).toBe("no_email");
  });

  it("refuses a forged state, and a callback without the browser's cookie", async () => {
    t = await createTestApp({ env: oidcEnv() });
    const { authorizationUrl, cookie } = await start();
    const returned = await signInAtProvider(authorizationUrl, "alice");
    const forged = new URL(returned);
    forged.searchParams.set("state", "forged-state-of-an-attacker");
    expect((await callback(forged, cookie)).get("error")).toBe("failed");
    // The begun sign-in was used up by the forged attempt.
    expect((await callback(returned, cookie)).get("error")).toBe("expired");

    const other = await start();
    const back = await signInAtProvider(other.authorizationUrl, "alice");
    expect((await callback(back, undefined)).get("error")).toBe("expired");
    expect(await t.deps.db.selectFrom("users").selectAll().execute()).toEqual([]);
  });

  it("refuses an ID token whose nonce is not the one sent", async () => {
    t = await createTestApp({ env: oidcEnv() });
    const { authorizationUrl, cookie } = await start();
    const returned = await signInAtProvider(authorizationUrl, "alice");
    await t.deps.db.updateTable("oidc_logins").set({ nonce: "another-nonce-0123456789" }).execute();
    expect((await callback(returned, cookie)).get("error")).toBe("failed");
  });

  it("refuses an answer naming another issuer", async () => {
    t = await createTestApp({ env: oidcEnv() });
    const { authorizationUrl, cookie } = await start();
    const returned = await signInAtProvider(authorizationUrl, "alice");
    expect(returned.searchParams.get("iss")).toBe(provider.issuer);
    returned.searchParams.set("iss", "http://evil.example");
    expect((await callback(returned, cookie)).get("error")).toBe("failed");
  });

  it("refuses a provider whose discovery document names another issuer", async () => {
    // A server that hands out the real provider's metadata as its own.
    const impostor: Server = createServer((_request, response) => {
      void fetch(`${provider.issuer}/.well-known/openid-configuration`)
        .then((answer) => answer.text())
        .then((body) => response.writeHead(200, { "content-type": "application/json" }).end(body));
    });
    await new Promise<void>((resolve) => impostor.listen(0, "127.0.0.1", resolve));
    const impostorUrl = `http://127.0.0.1:${(impostor.address() as AddressInfo).port}`;
    try {
      t = await createTestApp({ env: oidcEnv({ OIDC_ISSUER: impostorUrl }) });
      const response = await t.app.inject({ method: "GET", url: "/auth/oidc/start" });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe("/login/oidc#error=unavailable");
    } finally {
      impostor.closeAllConnections();
      await new Promise((resolve) => impostor.close(resolve));
    }
  });

  it("takes each one-time code once and within a minute, and a begun sign-in within 10 minutes", async () => {
    t = await createTestApp({ env: oidcEnv() });
    const code = (await signInWith("alice")).get("code")!;
    expect((await exchange(code)).statusCode).toBe(200);
    const replay = await exchange(code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({
      message: "This sign-in link has expired or was already used. Please sign in again.",
    });

    const late = (await signInWith("alice")).get("code")!;
    t.clock.advance(61_000);
    expect((await exchange(late)).statusCode).toBe(401);

    const { authorizationUrl, cookie } = await start();
    const returned = await signInAtProvider(authorizationUrl, "alice");
    t.clock.advance(10 * 60_000 + 1_000);
    expect((await callback(returned, cookie)).get("error")).toBe("expired");
  });

  it("follows REGISTRATION for new accounts, and refuses a disabled account", async () => {
    t = await createTestApp({ env: oidcEnv({ REGISTRATION: "closed" }) });
    expect((await signInWith("alice")).get("error")).toBe("sign_up_closed");
    await t.close();

    t = await createTestApp({ env: oidcEnv({ REGISTRATION: "invite" }) });
    const admin = (...args: string[]) =>
      runAdminCommand({ db: t.deps.db, config: t.deps.config, now: t.clock.now() }, args, {
        info: () => undefined,
        error: () => undefined,
      });
    expect((await signInWith("alice")).get("error")).toBe("not_invited");
    await admin("invite", "fresh@example.com");
    // Invited, but the provider did not verify the address: no account.
    expect((await signInWith("new-unverified")).get("error")).toBe("not_invited");
    await admin("invite", "alice@example.com");
    const { user } = await sessionOf("alice");

    await admin("disable-user", user.username);
    expect((await signInWith("alice")).get("error")).toBe("disabled");
  });
});
