import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userSchema } from "@contract/auth";
import { apiRoutes } from "@contract/routes";
import { bearer, createTestApp, signUp, type TestApp } from "../helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set("2026-12-02T10:00:00.000Z");
});
afterAll(async () => t.close());

describe("the date and time format setting", () => {
  it("starts as month first, 12-hour clock and Monday, and keeps what the user chooses", async () => {
    const { token } = await signUp(t);
    const headers = bearer(token);
    const me = await t.app.inject({ method: "GET", url: apiRoutes.me.path, headers });
    expect(userSchema.parse(me.json())).toMatchObject({ date_order: "mdy", clock: "12h", week_start: 1 });

    const saved = await t.app.inject({
      method: "PUT",
      url: apiRoutes.settings.path,
      headers,
      payload: { date_order: "dmy", clock: "24h", week_start: 7 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ date_order: "dmy", clock: "24h", week_start: 7 });

    // Only what is sent changes.
    await t.app.inject({ method: "PUT", url: apiRoutes.settings.path, headers, payload: { clock: "12h" } });
    const again = await t.app.inject({ method: "GET", url: apiRoutes.me.path, headers });
    expect(again.json()).toMatchObject({ date_order: "dmy", clock: "12h", week_start: 7 });
  });

  it.each([
    [{ date_order: "dym" }, 'date_order must be "dmy", "mdy" or "ymd"'],
    [{ clock: "25h" }, 'clock must be "12h" or "24h"'],
    [{ week_start: 3 }, "week_start must be 1 (Monday) or 7 (Sunday)"],
  ])("refuses %j with a 400 naming the field", async (payload, message) => {
    const { token } = await signUp(t);
    const response = await t.app.inject({
      method: "PUT",
      url: apiRoutes.settings.path,
      headers: bearer(token),
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
  });
});
