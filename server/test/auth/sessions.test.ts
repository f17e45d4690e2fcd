import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthResponse } from "@contract/auth";
import type { SignedInSession } from "@contract/integrations";
import { bearer, createTestApp, signUp, type TestApp } from "../helpers";

/** The list of signed-in devices. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL. */
describe("sessions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function signIn(email: string, password: string, userAgent: string, ip: string): Promise<string> {
    const response = await t.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email, password },
      headers: { "user-agent": userAgent },
      remoteAddress: ip,
    });
    expect(response.statusCode).toBe(200);
    return response.json<AuthResponse>().token;
  }

  const list = async (token: string) =>
    t.app.inject({ method: "GET", url: "/auth/sessions", headers: bearer(token) });

  it("lists each session with its browser, address and times, marking the current one", async () => {
    const account = await signUp(t);
    t.clock.advance(60_000);
    const phone = await signIn(account.user.email, account.password, "Phone Browser/1.0", "203.0.113.9");
    const response = await list(phone);
    expect(response.statusCode).toBe(200);
    const sessions = response.json<SignedInSession[]>();
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toEqual({
      id: expect.any(String),
      created_at: t.clock.now().toISOString(),
      expires_at: expect.any(String),
      last_used_at: t.clock.now().toISOString(),
      user_agent: "Phone Browser/1.0",
      ip: "203.0.113.9",
      current: true,
    });
    expect(sessions[1]).toMatchObject({ current: false, ip: expect.stringMatching(/^10\./) });
  });

  it("signs one session out at once, and refuses another user's session", async () => {
    const account = await signUp(t);
    const other = await signUp(t);
    const laptop = await signIn(account.user.email, account.password, "Laptop/2.0", "198.51.100.4");
    const laptopId = (await list(laptop)).json<SignedInSession[]>().find((session) => session.current)!.id;

    const foreign = await t.app.inject({
      method: "DELETE",
      url: `/auth/sessions/${laptopId}`,
      headers: bearer(other.token),
    });
    expect(foreign.statusCode).toBe(404);
    expect((await list(laptop)).statusCode).toBe(200);

    const ended = await t.app.inject({
      method: "DELETE",
      url: `/auth/sessions/${laptopId}`,
      headers: bearer(account.token),
    });
    expect(ended.statusCode).toBe(204);
    expect((await list(laptop)).statusCode).toBe(401);
    expect((await list(account.token)).json<SignedInSession[]>()).toHaveLength(1);
  });

  it("signs out everywhere else, keeping this session", async () => {
    const account = await signUp(t);
    const first = await signIn(account.user.email, account.password, "One", "198.51.100.5");
    const second = await signIn(account.user.email, account.password, "Two", "198.51.100.6");
    const ended = await t.app.inject({
      method: "DELETE",
      url: "/auth/sessions",
      headers: bearer(account.token),
    });
    expect(ended.statusCode).toBe(204);
    expect((await list(first)).statusCode).toBe(401);
    expect((await list(second)).statusCode).toBe(401);
    const left = (await list(account.token)).json<SignedInSession[]>();
    expect(left).toHaveLength(1);
    expect(left[0]?.current).toBe(true);
  });
});
