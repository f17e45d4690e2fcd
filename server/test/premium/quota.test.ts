import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { QuotaExceeded } from "../../src/lib/domain-errors";
import {
  QUOTA_EXCEEDED_MESSAGE,
  assertCanUseAi,
  chargeAiUse,
  getUsage,
  nextResetDate,
  refundAiUse,
  usagePeriod,
  withAiUse,
} from "../../src/modules/premium/service";
import { createTestApp, setAiUsage, signUp, type TestApp } from "../helpers";

/** Puts a user at a given count in the current local month without going through the API. */
async function setUsage(t: TestApp, userId: string, count: number): Promise<void> {
  const user = await t.deps.db
    .selectFrom("users")
    .select("timezone")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  await setAiUsage(t.deps.db, userId, count, usagePeriod(user.timezone, t.clock.now()));
}

async function setTimezone(t: TestApp, userId: string, timezone: string): Promise<void> {
  await t.deps.db.updateTable("users").set({ timezone }).where("id", "=", userId).execute();
}

async function expectQuotaExceeded(promise: Promise<unknown>): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(QuotaExceeded);
  expect(error).toMatchObject({ code: "quota_exceeded", message: QUOTA_EXCEEDED_MESSAGE });
}

describe("the monthly AI quota", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  it("starts a new user at 0 of the free limit (AI_FREE_MONTHLY_LIMIT, default 20)", async () => {
    const { user } = await signUp(t);
    const usage = await getUsage(t.deps.db, t.deps.config, user, t.clock.now());
    expect(usage).toMatchObject({
      current_usage: 0,
      usage_limit: 20,
      usage_percentage: 0,
      period: "2026-11",
      reset_date: "2026-12-01T00:00:00.000Z",
    });
  });

  it("charges one use per call and refuses with 403 'quota_exceeded' at the limit", async () => {
    const { user } = await signUp(t);
    for (let use = 1; use <= 20; use += 1) {
      const usage = await chargeAiUse(t.deps.db, t.deps.config, user.id, t.clock.now());
      expect(usage.current_usage).toBe(use);
    }
    await expectQuotaExceeded(chargeAiUse(t.deps.db, t.deps.config, user.id, t.clock.now()));
    await expectQuotaExceeded(assertCanUseAi(t.deps.db, t.deps.config, user, t.clock.now()));
    const usage = await getUsage(t.deps.db, t.deps.config, user, t.clock.now());
    expect(usage).toMatchObject({ current_usage: 20, usage_limit: 20, usage_percentage: 100, remaining: 0 });
  });

  it("lets assertCanUseAi pass below the limit without charging", async () => {
    const { user } = await signUp(t);
    await setUsage(t, user.id, 19);
    await assertCanUseAi(t.deps.db, t.deps.config, user, t.clock.now());
    expect((await getUsage(t.deps.db, t.deps.config, user, t.clock.now())).current_usage).toBe(19);
  });

  it("charges exactly one of two simultaneous requests at the last unit", async () => {
    const { user } = await signUp(t);
    await setUsage(t, user.id, 19);
    const results = await Promise.allSettled([
      chargeAiUse(t.deps.db, t.deps.config, user.id, t.clock.now()),
      chargeAiUse(t.deps.db, t.deps.config, user.id, t.clock.now()),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((result) => result.status === "rejected");
    expect(rejected?.reason).toMatchObject({ code: "quota_exceeded" });
    expect((await getUsage(t.deps.db, t.deps.config, user, t.clock.now())).current_usage).toBe(20);
  });

  it("charges exactly the 3 remaining uses of 10 simultaneous requests", async () => {
    const { user } = await signUp(t);
    await setUsage(t, user.id, 17);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => chargeAiUse(t.deps.db, t.deps.config, user.id, t.clock.now())),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(3);
    expect((await getUsage(t.deps.db, t.deps.config, user, t.clock.now())).current_usage).toBe(20);
  });

  it("gives a Premium user AI_PREMIUM_MONTHLY_LIMIT (default 1000) uses", async () => {
    const { user } = await signUp(t);
    await setUsage(t, user.id, 20);
    await t.deps.db.updateTable("users").set({ is_premium: 1 }).where("id", "=", user.id).execute();

    const usage = await chargeAiUse(t.deps.db, t.deps.config, user.id, t.clock.now());
    expect(usage).toMatchObject({
      is_premium: true,
      current_usage: 21,
      usage_limit: 1000,
      usage_percentage: 2,
    });
    await setUsage(t, user.id, 1000);
    await expectQuotaExceeded(chargeAiUse(t.deps.db, t.deps.config, user.id, t.clock.now()));
  });

  it("takes the limits from the configuration, and a limit of 0 refuses every use", async () => {
    const strict = await createTestApp({
      env: { AI_FREE_MONTHLY_LIMIT: "0", AI_PREMIUM_MONTHLY_LIMIT: "3" },
    });
    try {
      const { user } = await signUp(strict);
      await expectQuotaExceeded(chargeAiUse(strict.deps.db, strict.deps.config, user.id, strict.clock.now()));
      expect(await getUsage(strict.deps.db, strict.deps.config, user, strict.clock.now())).toMatchObject({
        current_usage: 0,
        usage_limit: 0,
      });
      await strict.deps.db.updateTable("users").set({ is_premium: 1 }).where("id", "=", user.id).execute();
      expect(
        (await chargeAiUse(strict.deps.db, strict.deps.config, user.id, strict.clock.now())).usage_limit,
      ).toBe(3);
    } finally {
      await strict.close();
    }
  });

  it("resets on the 1st in the user's timezone: America/Los_Angeles is still in November at 07:59Z on Dec 1", async () => {
    const { user } = await signUp(t);
    await setTimezone(t, user.id, "America/Los_Angeles");
    t.clock.set("2026-11-30T20:00:00.000Z"); // 12:00 on Nov 30 in Los Angeles (PST, UTC-8)
    await setUsage(t, user.id, 20);

    t.clock.set("2026-12-01T07:59:59.000Z"); // 23:59:59 on Nov 30 in Los Angeles
    const before = await getUsage(t.deps.db, t.deps.config, user, t.clock.now());
    expect(before).toMatchObject({
      current_usage: 20,
      period: "2026-11",
      reset_date: "2026-12-01T08:00:00.000Z",
    });
    await expectQuotaExceeded(chargeAiUse(t.deps.db, t.deps.config, user.id, t.clock.now()));

    t.clock.set("2026-12-01T08:00:00.000Z"); // midnight, Dec 1, in Los Angeles
    const after = await getUsage(t.deps.db, t.deps.config, user, t.clock.now());
    expect(after).toMatchObject({
      current_usage: 0,
      period: "2026-12",
      reset_date: "2027-01-01T08:00:00.000Z",
    });
    const charged = await chargeAiUse(t.deps.db, t.deps.config, user.id, t.clock.now());
    expect(charged).toMatchObject({ current_usage: 1, period: "2026-12" });
  });

  it("resets on the 1st in the user's timezone: Pacific/Auckland starts December at 11:00Z on Nov 30", async () => {
    const { user } = await signUp(t);
    await setTimezone(t, user.id, "Pacific/Auckland");
    t.clock.set("2026-11-30T10:59:00.000Z"); // 23:59 on Nov 30 in Auckland (NZDT, UTC+13)
    await setUsage(t, user.id, 20);
    await expectQuotaExceeded(chargeAiUse(t.deps.db, t.deps.config, user.id, t.clock.now()));
    expect((await getUsage(t.deps.db, t.deps.config, user, t.clock.now())).reset_date).toBe(
      "2026-11-30T11:00:00.000Z",
    );

    t.clock.set("2026-11-30T11:00:00.000Z"); // midnight, Dec 1, in Auckland (still November in UTC)
    expect((await chargeAiUse(t.deps.db, t.deps.config, user.id, t.clock.now())).current_usage).toBe(1);
  });

  it("gives back a charge refunded for failed work, only within the month it was charged", async () => {
    const { user } = await signUp(t);
    const charge = await chargeAiUse(t.deps.db, t.deps.config, user.id, t.clock.now());
    await refundAiUse(t.deps.db, user.id, charge);
    expect((await getUsage(t.deps.db, t.deps.config, user, t.clock.now())).current_usage).toBe(0);
    await refundAiUse(t.deps.db, user.id, charge);
    expect((await getUsage(t.deps.db, t.deps.config, user, t.clock.now())).current_usage).toBe(0);

    const november = await chargeAiUse(t.deps.db, t.deps.config, user.id, t.clock.now());
    t.clock.set("2026-12-02T00:00:00.000Z");
    await chargeAiUse(t.deps.db, t.deps.config, user.id, t.clock.now());
    await refundAiUse(t.deps.db, user.id, november);
    expect((await getUsage(t.deps.db, t.deps.config, user, t.clock.now())).current_usage).toBe(1);
  });

  describe("withAiUse, the one way to spend a use", () => {
    const usage = async (userId: string) =>
      (await getUsage(t.deps.db, t.deps.config, { id: userId }, t.clock.now())).current_usage;

    it("runs the work, then charges one use and hands back its result", async () => {
      const { user } = await signUp(t);
      const use = await withAiUse(t.deps, user, async () => {
        expect(await usage(user.id)).toBe(0);
        return ["a task"];
      });
      expect(use.result).toEqual(["a task"]);
      expect(await usage(user.id)).toBe(1);
    });

    it("refuses at the limit without running the work", async () => {
      const { user } = await signUp(t);
      await setUsage(t, user.id, 20);
      let ran = false;
      await expectQuotaExceeded(
        withAiUse(t.deps, user, async () => {
          ran = true;
        }),
      );
      expect(ran).toBe(false);
      expect(await usage(user.id)).toBe(20);
    });

    it("charges nothing when the work fails", async () => {
      const { user } = await signUp(t);
      const failing = withAiUse(t.deps, user, async () => {
        throw new Error("provider down");
      });
      await expect(failing).rejects.toThrow("provider down");
      expect(await usage(user.id)).toBe(0);
    });

    it("refuses when the last use went to another request while the work ran", async () => {
      const { user } = await signUp(t);
      await setUsage(t, user.id, 19);
      await expectQuotaExceeded(
        withAiUse(t.deps, user, () => chargeAiUse(t.deps.db, t.deps.config, user.id, t.clock.now())),
      );
      expect(await usage(user.id)).toBe(20);
    });

    it("gives the use back when the caller cannot keep the result", async () => {
      const { user } = await signUp(t);
      const use = await withAiUse(t.deps, user, async () => "plan");
      expect(await usage(user.id)).toBe(1);
      await use.refund();
      expect(await usage(user.id)).toBe(0);
    });
  });

  it("computes the reset date across a year end and a daylight-saving change", () => {
    expect(nextResetDate("UTC", new Date("2026-12-31T23:59:59.000Z"))).toBe("2027-01-01T00:00:00.000Z");
    expect(nextResetDate("Europe/Berlin", new Date("2026-03-15T12:00:00.000Z"))).toBe(
      "2026-03-31T22:00:00.000Z",
    );
    expect(nextResetDate("Europe/Berlin", new Date("2026-10-15T12:00:00.000Z"))).toBe(
      "2026-10-31T23:00:00.000Z",
    );
    expect(usagePeriod("Asia/Tokyo", new Date("2026-12-31T15:00:00.000Z"))).toBe("2027-01");
  });
});
