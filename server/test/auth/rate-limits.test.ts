import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { consumeRateLimit } from "../../src/lib/rate-limit";
import { createTestApp, signUp, type TestApp } from "../helpers";

let counter = 0;
function freshEmail(): string {
  counter += 1;
  return `limits${counter}${Math.random().toString(36).slice(2, 8)}@example.com`;
}

async function post(
  t: TestApp,
  url: string,
  payload: Record<string, unknown>,
  remoteAddress = "203.0.113.10",
) {
  const response = await t.app.inject({ method: "POST", url, payload, remoteAddress });
  return {
    status: response.statusCode,
    message: (response.json() as { message?: string }).message,
    retryAfter: response.headers["retry-after"],
  };
}

describe("rate limits of accounts (429 with a message and Retry-After)", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  it("limits sign-in attempts per client address to 50 in 15 minutes, across e-mails", async () => {
    const { user, password } = await signUp(t);
    // Successful sign-ins count too (failures lock a client out sooner: see the lock-out tests).
    for (let attempt = 1; attempt <= 50; attempt += 1) {
      expect((await post(t, "/auth/login", { email: user.email, password })).status).toBe(200);
    }
    const blocked = await post(t, "/auth/login", { email: user.email, password });
    expect(blocked.status).toBe(429);
    expect(blocked.message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/);
    // Another client is not affected.
    expect((await post(t, "/auth/login", { email: user.email, password }, "203.0.113.77")).status).toBe(200);
  });

  it("limits verification codes per address to 6 an hour even when each waits the minute", async () => {
    const email = freshEmail();
    for (let send = 1; send <= 6; send += 1) {
      expect((await post(t, "/auth/send-verification", { email }, `198.51.100.${send}`)).status).toBe(200);
      t.clock.advance(61_000);
    }
    const blocked = await post(t, "/auth/send-verification", { email }, "198.51.100.50");
    expect(blocked.status).toBe(429);
    expect(blocked.message).toMatch(
      /^Too many verification codes requested\. Please try again in \d+ minutes\.$/,
    );
    expect(t.mailer.sent).toHaveLength(6);
  });

  it("limits verification codes per client address to 20 an hour", async () => {
    for (let send = 1; send <= 20; send += 1) {
      expect((await post(t, "/auth/send-verification", { email: freshEmail() })).status).toBe(200);
    }
    const blocked = await post(t, "/auth/send-verification", { email: freshEmail() });
    expect(blocked.status).toBe(429);
    expect(blocked.message).toBe("Too many verification codes requested. Please try again in 60 minutes.");
    expect(blocked.retryAfter).toBe("3600");
  });

  it("limits code checks per client address to 30 in 15 minutes", async () => {
    const attempt = () =>
      post(t, "/auth/register", {
        email: freshEmail(),
        verification_code: "000000",
        username: `guess${Math.random().toString(36).slice(2, 10)}`,
        password: "Amber-Lantern-77",
      });
    for (let check = 1; check <= 30; check += 1) expect((await attempt()).status).toBe(400);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect(blocked.message).toBe("Too many verification attempts. Please try again in 15 minutes.");
    expect(blocked.retryAfter).toBe("900");
  });

  it("limits password-change attempts per account to 10 in 15 minutes", async () => {
    const { token } = await signUp(t);
    const attempt = () =>
      t.app.inject({
        method: "POST",
        url: "/auth/change-password",
        headers: { authorization: `Bearer ${token}` },
        payload: { current_password: "Wrong-Guess-42", new_password: "Velvet-Compass-2048" },
      });
    for (let check = 1; check <= 10; check += 1) expect((await attempt()).statusCode).toBe(400);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      message: "Too many password change attempts. Please try again in 15 minutes.",
    });
    expect(blocked.headers["retry-after"]).toBe("900");
  });

  it("shares the counts between server instances on one database", async () => {
    const second = await createTestApp({ db: t.deps.db, clock: t.clock });
    try {
      const { user } = await signUp(t);
      // Five failures are free; the sixth starts the account's backoff, seen by both instances.
      for (let attempt = 1; attempt <= 6; attempt += 1) {
        const instance = attempt % 2 === 0 ? t : second;
        expect(
          (await post(instance, "/auth/login", { email: user.email, password: "Wrong-Guess-42" })).status,
        ).toBe(401);
      }
      expect(
        (await post(second, "/auth/login", { email: user.email, password: "Wrong-Guess-42" })).status,
      ).toBe(429);
      expect((await post(t, "/auth/login", { email: user.email, password: "Wrong-Guess-42" })).status).toBe(
        429,
      );
    } finally {
      await second.close();
    }
  });

  it("counts simultaneous hits exactly", async () => {
    const rule = { key: `test:parallel:${Math.random()}`, limit: 5, windowMs: 60_000 };
    const now = t.clock.now();
    const results = await Promise.all(
      Array.from({ length: 12 }, () => consumeRateLimit(t.deps.db, rule, now)),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
    expect(results.map((result) => result.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
  });
});
