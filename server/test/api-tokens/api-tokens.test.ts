import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiToken, ApiTokenCreated } from "@contract/integrations";
import { bearer, createTestApp, signUp, type SignedUp, type TestApp } from "../helpers";

describe("personal API tokens", () => {
  let t: TestApp;
  let owner: SignedUp;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t);
  });
  afterAll(async () => t.close());

  async function createToken(body: Record<string, unknown>, token = owner.token) {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/tokens",
      headers: bearer(token),
      payload: body,
    });
    return response;
  }

  async function newToken(
    scope: "read" | "write",
    extra: Record<string, unknown> = {},
  ): Promise<ApiTokenCreated> {
    const response = await createToken({ name: `script ${scope}`, scope, ...extra });
    expect(response.statusCode).toBe(201);
    return response.json<ApiTokenCreated>();
  }

  it("creates a token shown once, with a recognisable prefix, and lists it without its secret", async () => {
    const created = await newToken("write", { expires_in_days: 30 });
    expect(created).toMatchObject({ name: "script write", scope: "write" });
    expect(created.token).toMatch(/^tl_pat_[A-Za-z0-9_-]{40,}$/);
    expect(Date.parse(created.expires_at!) - t.clock.now().getTime()).toBe(30 * 86_400_000);

    const listed = await t.app.inject({ method: "GET", url: "/api/v1/tokens", headers: bearer(owner.token) });
    expect(listed.statusCode).toBe(200);
    const tokens = listed.json<ApiToken[]>();
    const entry = tokens.find((token) => token.id === created.id);
    expect(entry).toEqual({
      id: created.id,
      name: "script write",
      scope: "write",
      created_at: t.clock.now().toISOString(),
      expires_at: created.expires_at,
      last_used_at: null,
    });
    expect(listed.body).not.toContain(created.token);
  });

  it("answers 400 naming the field for a bad name, scope or expiry", async () => {
    for (const [body, field] of [
      [{ name: "", scope: "read" }, "name"],
      [{ name: "x", scope: "admin" }, "scope"],
      [{ name: "x", scope: "read", expires_in_days: 0 }, "expires_in_days"],
      [{ name: "x", scope: "read", expires_in_days: 1.5 }, "expires_in_days"],
    ] as const) {
      const response = await createToken(body);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(field);
    }
  });

  it("lets a write token read and change tasks, and records its last use", async () => {
    const { id, token } = await newToken("write");
    const created = await t.app.inject({
      method: "POST",
      url: "/api/v1/tasks",
      headers: bearer(token),
      payload: { title: "Made by a script" },
    });
    expect(created.statusCode).toBe(201);
    const list = await t.app.inject({ method: "GET", url: "/api/v1/tasks", headers: bearer(token) });
    expect(list.json<Array<{ title: string }>>().map((task) => task.title)).toContain("Made by a script");

    const tokens = (
      await t.app.inject({ method: "GET", url: "/api/v1/tokens", headers: bearer(owner.token) })
    ).json<ApiToken[]>();
    expect(tokens.find((entry) => entry.id === id)?.last_used_at).toBe(t.clock.now().toISOString());
  });

  it("lets a read token read but answers 403 to every write", async () => {
    const { token } = await newToken("read");
    expect(
      (await t.app.inject({ method: "GET", url: "/api/v1/tasks", headers: bearer(token) })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/auth/me", headers: bearer(token) })).statusCode).toBe(
      200,
    );
    const created = await t.app.inject({
      method: "POST",
      url: "/api/v1/tasks",
      headers: bearer(token),
      payload: { title: "Not allowed" },
    });
    expect(created.statusCode).toBe(403);
    expect(created.json()).toMatchObject({ message: "This API token is read-only" });
    const webhook = await t.app.inject({
      method: "POST",
      url: "/api/v1/webhooks",
      headers: bearer(token),
      payload: { url: "https://example.com/hook", events: ["task.created"] },
    });
    expect(webhook.statusCode).toBe(403);
    // Opening the live-update stream only reads.
    const ticket = await t.app.inject({
      method: "POST",
      url: "/api/v1/events/ticket",
      headers: bearer(token),
    });
    expect(ticket.statusCode).toBe(200);
  });

  it("never lets a token change the account or manage tokens (403), whatever its scope", async () => {
    const { token } = await newToken("write");
    const calls = [
      {
        method: "POST",
        url: "/auth/change-password",
        payload: { current_password: owner.password, new_password: "Another-Long-Pass-42" },
      },
      { method: "PUT", url: "/auth/profile", payload: { first_name: "Script" } },
      { method: "POST", url: "/auth/logout", payload: {} },
      { method: "POST", url: "/api/v1/tokens", payload: { name: "another", scope: "write" } },
      { method: "GET", url: "/api/v1/tokens" },
    ] as const;
    for (const call of calls) {
      const response = await t.app.inject({ ...call, headers: bearer(token) });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
    }
    // The account still signs in with its password.
    const me = await t.app.inject({ method: "GET", url: "/auth/me", headers: bearer(owner.token) });
    expect(me.json()).toMatchObject({ first_name: null });
  });

  it("answers 401 once a token has expired", async () => {
    const { token } = await newToken("read", { expires_in_days: 1 });
    expect(
      (await t.app.inject({ method: "GET", url: "/api/v1/tasks", headers: bearer(token) })).statusCode,
    ).toBe(200);
    t.clock.advance(86_400_000 + 1);
    const expired = await t.app.inject({ method: "GET", url: "/api/v1/tasks", headers: bearer(token) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ message: "This API token has expired or was revoked" });
  });

  it("answers 401 once a token is revoked, and 404 revoking another user's token", async () => {
    const { id, token } = await newToken("write");
    const stranger = await signUp(t);
    const foreign = await t.app.inject({
      method: "DELETE",
      url: `/api/v1/tokens/${id}`,
      headers: bearer(stranger.token),
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/v1/tasks", headers: bearer(token) })).statusCode,
    ).toBe(200);

    const revoked = await t.app.inject({
      method: "DELETE",
      url: `/api/v1/tokens/${id}`,
      headers: bearer(owner.token),
    });
    expect(revoked.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/v1/tasks", headers: bearer(token) })).statusCode,
    ).toBe(401);
    const listed = (
      await t.app.inject({ method: "GET", url: "/api/v1/tokens", headers: bearer(owner.token) })
    ).json<ApiToken[]>();
    expect(listed.map((entry) => entry.id)).not.toContain(id);
  });

  it("sees only its own user's tasks", async () => {
    const stranger = await signUp(t);
    const strangerTask = await t.app.inject({
      method: "POST",
      url: "/api/v1/tasks",
      headers: bearer(stranger.token),
      payload: { title: "Private" },
    });
    const { token } = await newToken("write");
    const read = await t.app.inject({
      method: "GET",
      url: `/api/v1/tasks/${strangerTask.json<{ id: string }>().id}`,
      headers: bearer(token),
    });
    expect(read.statusCode).toBe(404);
  });
});
