import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiRoutes } from "@contract/routes";
import { createTestApp, signUp, type TestApp } from "../helpers";

async function login(t: TestApp, email: string, password: string, remoteAddress: string) {
  const response = await t.app.inject({
    method: "POST",
    url: apiRoutes.login.path,
    payload: { email, password },
    remoteAddress,
  });
  return {
    status: response.statusCode,
    message: (response.json() as { message: string }).message,
    retryAfter: response.headers["retry-after"],
  };
}

describe("failed sign-ins: backoff for the account, lockout per client", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  it("lets the owner in from their usual client however many strangers failed on the account", async () => {
    const { user, password } = await signUp(t);
    const home = "192.0.2.10";
    expect((await login(t, user.email, password, home)).status).toBe(200);

    // 60 wrong guesses from 30 addresses, as fast as the backoff lets them through.
    for (let i = 0; i < 60; i += 1) {
      const result = await login(t, user.email, "Wrong-Guess-42", `198.51.100.${i % 30}`);
      expect([401, 429]).toContain(result.status);
    }
    expect((await login(t, user.email, password, home)).status).toBe(200);
  });

  it("makes a stranger wait at most a minute after many failures, never locks the account", async () => {
    const { user, password } = await signUp(t);
    for (let i = 1; i <= 5; i += 1) {
      expect((await login(t, user.email, "Wrong-Guess-42", `198.51.100.${i}`)).status).toBe(401);
    }
    // The sixth failure starts the backoff: the next attempt, even the right password from a
    // new client, waits.
    expect((await login(t, user.email, "Wrong-Guess-42", "198.51.100.6")).status).toBe(401);
    const held = await login(t, user.email, password, "203.0.113.200");
    expect(held.status).toBe(429);
    expect(held.message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ seconds?\.$/);
    // The same wait in seconds for a client that reads the header instead of the message.
    expect(held.message).toContain(` ${held.retryAfter} second`);

    // Keep failing for a while: the wait grows but never beyond a minute.
    for (let i = 0; i < 12; i += 1) {
      t.clock.advance(61_000);
      expect((await login(t, user.email, "Wrong-Guess-42", `198.51.100.${20 + i}`)).status).toBe(401);
    }
    t.clock.advance(60_000);
    expect((await login(t, user.email, password, "203.0.113.200")).status).toBe(200);
  });

  it("locks out one client after 20 failures in 15 minutes, whatever accounts it tries, and no other", async () => {
    const { user, password } = await signUp(t);
    const attacker = "198.51.100.77";
    for (let i = 0; i < 20; i += 1) {
      expect((await login(t, `nobody-${i}@example.com`, "Wrong-Guess-42", attacker)).status).toBe(401);
    }
    const locked = await login(t, user.email, password, attacker);
    expect(locked.status).toBe(429);
    expect(locked.message).toBe("Too many sign-in attempts. Please try again in 15 minutes.");
    expect(locked.retryAfter).toBe("900");
    expect((await login(t, user.email, password, "203.0.113.5")).status).toBe(200);

    t.clock.advance(15 * 60_000);
    expect((await login(t, user.email, password, attacker)).status).toBe(200);
  });
});
