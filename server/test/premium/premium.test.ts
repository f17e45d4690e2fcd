import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { premiumLimitSchema, premiumResetDateSchema, premiumStatusSchema } from "@contract/premium";
import { chargeAiUse } from "../../src/modules/premium/service";
import { bearer, createTestApp, setAiUsage, signUp, type TestApp } from "../helpers";

async function get(t: TestApp, url: string, token?: string) {
  const response = await t.app.inject({ method: "GET", url, headers: token ? bearer(token) : {} });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

describe("GET /premium/*", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  it("needs a token for every premium call", async () => {
    for (const url of ["/premium/status", "/premium/limit", "/premium/reset-date"]) {
      expect((await get(t, url)).status).toBe(401);
    }
  });

  it("answers the free plan's status for a new user", async () => {
    const { token } = await signUp(t);
    const status = await get(t, "/premium/status", token);
    expect(status.status).toBe(200);
    expect(premiumStatusSchema.strict().parse(status.body)).toEqual({
      is_premium: false,
      current_usage: 0,
      usage_limit: 20,
      remaining: 20,
      usage_percentage: 0,
      reset_date: "2026-12-01T00:00:00.000Z",
    });
    const limit = await get(t, "/premium/limit", token);
    expect(premiumLimitSchema.strict().parse(limit.body)).toEqual({ current_usage: 0, usage_limit: 20 });
  });

  it("answers the next local 1st-of-month midnight and the zone from /premium/reset-date", async () => {
    const { token } = await signUp(t);
    await t.app.inject({
      method: "POST",
      url: "/auth/timezone",
      headers: bearer(token),
      payload: { timezone: "Asia/Tokyo" },
    });
    const response = await get(t, "/premium/reset-date", token);
    expect(premiumResetDateSchema.strict().parse(response.body)).toEqual({
      reset_date: "2026-11-30T15:00:00.000Z",
      timezone: "Asia/Tokyo",
    });
  });

  it("keeps the user's llm_usage_count and llm_usage_limit in agreement with /premium/limit", async () => {
    const { token, user } = await signUp(t);
    for (let use = 0; use < 7; use += 1) await chargeAiUse(t.deps.db, t.deps.config, user.id, t.clock.now());

    const limit = await get(t, "/premium/limit", token);
    const me = await get(t, "/auth/me", token);
    expect(limit.body).toEqual({ current_usage: 7, usage_limit: 20 });
    expect(me.body).toMatchObject({ llm_usage_count: 7, llm_usage_limit: 20 });

    const status = await get(t, "/premium/status", token);
    expect(status.body).toMatchObject({
      current_usage: 7,
      usage_limit: 20,
      remaining: 13,
      usage_percentage: 35,
    });

    // Next month both read 0 without any job having run.
    t.clock.set("2026-12-01T00:00:00.000Z");
    expect((await get(t, "/premium/limit", token)).body).toEqual({ current_usage: 0, usage_limit: 20 });
    expect((await get(t, "/auth/me", token)).body).toMatchObject({ llm_usage_count: 0, llm_usage_limit: 20 });
  });

  it("shows a Premium user's limit in the status, the limit and the user", async () => {
    const { token, user } = await signUp(t);
    await t.deps.db.updateTable("users").set({ is_premium: 1 }).where("id", "=", user.id).execute();
    expect((await get(t, "/premium/status", token)).body).toMatchObject({
      is_premium: true,
      usage_limit: 1000,
    });
    expect((await get(t, "/premium/limit", token)).body).toEqual({ current_usage: 0, usage_limit: 1000 });
    expect((await get(t, "/auth/me", token)).body).toMatchObject({ is_premium: true, llm_usage_limit: 1000 });
  });

  it("caps usage_percentage at 100", async () => {
    const { token, user } = await signUp(t);
    // Over the limit: a premium user moved back to the free plan mid-month.
    await setAiUsage(t.deps.db, user.id, 45, "2026-11");
    expect((await get(t, "/premium/status", token)).body).toMatchObject({
      current_usage: 45,
      usage_limit: 20,
      remaining: 0,
      usage_percentage: 100,
    });
  });

  it("shows each user only their own usage", async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    await chargeAiUse(t.deps.db, t.deps.config, alice.user.id, t.clock.now());
    expect((await get(t, "/premium/limit", alice.token)).body).toEqual({ current_usage: 1, usage_limit: 20 });
    expect((await get(t, "/premium/limit", bob.token)).body).toEqual({ current_usage: 0, usage_limit: 20 });
  });
});
