import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { premiumLimitSchema, premiumResetDateSchema } from "@contract/premium";
import { apiRoutes } from "@contract/routes";
import { bearer, createTestApp, signUp, type TestApp } from "../helpers";

/**
 * The zone a user picks decides where their month turns, but switching zones back and forth
 * around the turn must not make spent uses read as unspent.
 */
const EAST = "Pacific/Kiritimati"; // UTC+14
const WEST = "Etc/GMT+12"; // UTC−12

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AI_FREE_MONTHLY_LIMIT: "3" } });
});
afterAll(async () => {
  await t?.close();
});

async function account() {
  const headers = bearer((await signUp(t)).token);
  return {
    async zone(timezone: string) {
      const response = await t.app.inject({
        method: "POST",
        url: apiRoutes.timezone.path,
        headers,
        payload: { timezone },
      });
      expect(response.statusCode, response.body).toBe(200);
    },
    async useAi(): Promise<number> {
      const response = await t.app.inject({
        method: "POST",
        url: apiRoutes.extractText.path,
        headers,
        payload: { content: "TODO: Call the plumber tomorrow", strategy: "llm" },
      });
      expect([200, 403], response.body).toContain(response.statusCode);
      return response.statusCode;
    },
    async used(): Promise<number> {
      const response = await t.app.inject({ method: "GET", url: apiRoutes.premiumLimit.path, headers });
      return premiumLimitSchema.parse(response.json()).current_usage;
    },
    async resetDate(): Promise<string> {
      const response = await t.app.inject({ method: "GET", url: apiRoutes.premiumResetDate.path, headers });
      return premiumResetDateSchema.parse(response.json()).reset_date;
    },
  };
}

describe("the monthly AI quota when the timezone changes", () => {
  it("does not read spent uses as zero when the zone is toggled back across the month's turn", async () => {
    t.clock.set("2026-11-30T20:00:00.000Z"); // Nov 30 in UTC and UTC−12, Dec 1 in UTC+14
    const user = await account();
    await user.zone(WEST);
    for (let i = 0; i < 3; i += 1) expect(await user.useAi()).toBe(200);
    expect(await user.useAi()).toBe(403);

    // In UTC+14 it is already December: that month's uses begin.
    await user.zone(EAST);
    expect(await user.used()).toBe(0);
    for (let i = 0; i < 3; i += 1) expect(await user.useAi()).toBe(200);
    expect(await user.useAi()).toBe(403);

    // Back in November's zone, December's uses are spent all the same and stay counted.
    await user.zone(WEST);
    expect(await user.used()).toBe(3);
    expect(await user.useAi()).toBe(403);
    // December is spent until December ends in the zone the user is in now.
    expect(await user.resetDate()).toBe("2027-01-01T12:00:00.000Z");
  });

  it("allows at most one month's limit per calendar month over 26 hours of toggling (limit 3: at most 6)", async () => {
    t.clock.set("2026-11-30T09:00:00.000Z");
    const user = await account();
    let granted = 0;
    const zones = [EAST, WEST, "UTC", WEST, EAST];
    for (let hour = 0; hour <= 28; hour += 1) {
      t.clock.set(new Date(Date.parse("2026-11-30T09:00:00.000Z") + hour * 3_600_000));
      for (const zone of zones) {
        await user.zone(zone);
        if ((await user.useAi()) === 200) granted += 1;
      }
    }
    expect(granted).toBe(6);
  });
});
