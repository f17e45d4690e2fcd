import { generate, generateSync, stringToBytes } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from "@contract/account-security";
import type { AuthResponse } from "@contract/auth";
import { bearer, createTestApp, signUp, type SignedUp, type TestApp } from "../helpers";

/**
 * Two-factor sign-in with an authenticator app. Runs on SQLite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */

describe("the TOTP codes otplib makes (RFC 6238, appendix B, SHA-1)", () => {
  const secret = stringToBytes("12345678901234567890");
  it.each([
    [59, "94287082"],
    [1111111109, "07081804"],
    [1111111111, "14050471"],
    [1234567890, "89005924"],
    [2000000000, "69279037"],
    [20000000000, "65353130"],
  ])("at %i seconds is %s", (epoch, code) => {
    expect(generateSync({ secret, epoch, digits: 8 })).toBe(code);
  });
});

describe("two-factor sign-in", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const epoch = () => Math.floor(t.clock.now().getTime() / 1000);
  const codeAt = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: epoch() + offsetSeconds });

  async function call<T>(method: "GET" | "POST" | "DELETE", url: string, token?: string, payload?: object) {
    const response = await t.app.inject({
      method,
      url,
      ...(token ? { headers: bearer(token) } : {}),
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.body ? (response.json() as T) : (undefined as T) };
  }

  /** A new account with two-factor on: its secret and recovery codes. */
  async function withTwoFactor(): Promise<SignedUp & { secret: string; recoveryCodes: string[] }> {
    const account = await signUp(t);
    const setup = await call<TwoFactorSetup>("POST", "/auth/2fa/setup", account.token);
    expect(setup.status).toBe(200);
    const enabled = await call<RecoveryCodes>("POST", "/auth/2fa/enable", account.token, {
      code: await codeAt(setup.body.secret),
    });
    expect(enabled.status).toBe(200);
    // The next code is of a later step: the one that enabled it is taken.
    t.clock.advance(30_000);
    return { ...account, secret: setup.body.secret, recoveryCodes: enabled.body.recovery_codes };
  }

  async function challengeOf(account: SignedUp): Promise<string> {
    const login = await call<{ two_factor_required: true; challenge: string }>(
      "POST",
      "/auth/login",
      undefined,
      {
        email: account.user.email,
        password: account.password,
      },
    );
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ two_factor_required: true, challenge: expect.any(String) });
    return login.body.challenge;
  }

  it("sets up with a secret and an otpauth URL, and is on only once a code confirms it", async () => {
    const account = await signUp(t);
    const setup = await call<TwoFactorSetup>("POST", "/auth/2fa/setup", account.token);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauth_url).toMatch(/^otpauth:\/\/totp\/Tasklane:.*secret=/);
    expect(setup.body.otpauth_url).toContain(encodeURIComponent(account.user.email));
    expect((await call<TwoFactorStatus>("GET", "/auth/2fa", account.token)).body).toEqual({
      enabled: false,
      recovery_codes_left: 0,
    });
    // Not on yet: a sign-in still gets its token.
    const plain = await call<AuthResponse>("POST", "/auth/login", undefined, {
      email: account.user.email,
      password: account.password,
    });
    expect(plain.body.token).toEqual(expect.any(String));

    const wrong = await call<{ message: string }>("POST", "/auth/2fa/enable", account.token, {
      code: "000000",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe("Invalid two-factor code");
    const enabled = await call<RecoveryCodes>("POST", "/auth/2fa/enable", account.token, {
      code: await codeAt(setup.body.secret),
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body.recovery_codes).toHaveLength(10);
    expect(new Set(enabled.body.recovery_codes).size).toBe(10);
    expect((await call<TwoFactorStatus>("GET", "/auth/2fa", account.token)).body).toEqual({
      enabled: true,
      recovery_codes_left: 10,
    });
    expect((await call("POST", "/auth/2fa/setup", account.token)).status).toBe(409);
  });

  it("answers a sign-in with a challenge and no token, and the challenge with a code gives the token", async () => {
    const account = await withTwoFactor();
    const challenge = await challengeOf(account);
    const verified = await call<AuthResponse>("POST", "/auth/2fa/verify", undefined, {
      challenge,
      code: await codeAt(account.secret),
    });
    expect(verified.status).toBe(200);
    expect(verified.body.user.id).toBe(account.user.id);
    expect((await call("GET", "/auth/me", verified.body.token)).status).toBe(200);
    // A challenge is used once.
    const again = await call("POST", "/auth/2fa/verify", undefined, {
      challenge,
      code: await codeAt(account.secret, 30),
    });
    expect(again.status).toBe(401);
  });

  it("takes a code of the step before or after the server's, but not further, and each step once", async () => {
    const account = await withTwoFactor();
    t.clock.advance(5 * 60_000);
    const early = await call("POST", "/auth/2fa/verify", undefined, {
      challenge: await challengeOf(account),
      code: await codeAt(account.secret, -90),
    });
    expect(early.status).toBe(400);
    const code = await codeAt(account.secret, -30);
    expect(
      (await call("POST", "/auth/2fa/verify", undefined, { challenge: await challengeOf(account), code }))
        .status,
    ).toBe(200);
    const replayed = await call("POST", "/auth/2fa/verify", undefined, {
      challenge: await challengeOf(account),
      code,
    });
    expect(replayed.status).toBe(400);
  });

  it("takes each recovery code once, in any case and with or without its dash", async () => {
    const account = await withTwoFactor();
    const [first, second] = account.recoveryCodes as [string, string];
    const signIn = async (code: string) =>
      (await call("POST", "/auth/2fa/verify", undefined, { challenge: await challengeOf(account), code }))
        .status;
    expect(await signIn(first)).toBe(200);
    expect(await signIn(first)).toBe(400);
    expect(await signIn(second.replace("-", "").toUpperCase())).toBe(200);
    expect((await call<TwoFactorStatus>("GET", "/auth/2fa", account.token)).body.recovery_codes_left).toBe(8);
  });

  it("answers 429 after 5 wrong codes for the account, even with a new challenge, then lets the right code in after the window", async () => {
    const account = await withTwoFactor();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await call("POST", "/auth/2fa/verify", undefined, {
        challenge: await challengeOf(account),
        code: "000000",
      });
      expect(wrong.status).toBe(400);
    }
    const blocked = await call<{ message: string }>("POST", "/auth/2fa/verify", undefined, {
      challenge: await challengeOf(account),
      code: await codeAt(account.secret),
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many wrong codes\. Please try again in \d+ minutes?\.$/);
    // Disabling counts against the same account.
    expect(
      (await call("POST", "/auth/2fa/disable", account.token, { code: await codeAt(account.secret) })).status,
    ).toBe(429);

    t.clock.advance(15 * 60_000);
    const allowed = await call("POST", "/auth/2fa/verify", undefined, {
      challenge: await challengeOf(account),
      code: await codeAt(account.secret),
    });
    expect(allowed.status).toBe(200);
  });

  it("refuses a challenge older than 5 minutes", async () => {
    const account = await withTwoFactor();
    const challenge = await challengeOf(account);
    t.clock.advance(5 * 60_000 + 1000);
    const late = await call<{ message: string }>("POST", "/auth/2fa/verify", undefined, {
      challenge,
      code: await codeAt(account.secret),
    });
    expect(late.status).toBe(401);
    expect(late.body.message).toBe("This sign-in has expired. Please sign in again.");
  });

  it("turns off with a code; then sign-in gives a token again", async () => {
    const account = await withTwoFactor();
    expect((await call("POST", "/auth/2fa/disable", account.token, { code: "123456" })).status).toBe(400);
    expect(
      (await call("POST", "/auth/2fa/disable", account.token, { code: await codeAt(account.secret) })).status,
    ).toBe(204);
    const login = await call<AuthResponse>("POST", "/auth/login", undefined, {
      email: account.user.email,
      password: account.password,
    });
    expect(login.body.token).toEqual(expect.any(String));
    expect((await call<TwoFactorStatus>("GET", "/auth/2fa", account.token)).body.enabled).toBe(false);
    const off = await call<{ message: string }>("POST", "/auth/2fa/disable", account.token, {
      code: "123456",
    });
    expect(off.body.message).toBe("Two-factor sign-in is off");
  });

  it("keeps CalDAV working through app passwords, without a code", async () => {
    const account = await withTwoFactor();
    const created = await call<{ password: string }>("POST", "/api/v1/app-passwords", account.token, {
      name: "Phone",
    });
    expect(created.status).toBe(201);
    const basic = Buffer.from(`${account.user.username}:${created.body.password}`).toString("base64");
    const dav = await t.app.inject({
      method: "PROPFIND",
      url: "/dav/",
      headers: { authorization: `Basic ${basic}`, depth: "0" },
    });
    expect(dav.statusCode).toBe(207);
  });

  it("is refused to personal API tokens", async () => {
    const account = await signUp(t);
    const token = await call<{ token: string }>("POST", "/api/v1/tokens", account.token, {
      name: "script",
      scope: "write",
    });
    expect((await call("POST", "/auth/2fa/setup", token.body.token)).status).toBe(403);
    expect((await call("GET", "/auth/sessions", token.body.token)).status).toBe(403);
  });
});
