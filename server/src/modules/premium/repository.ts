import { sql } from "kysely";
import type { Db } from "../../db/database";
import type { UserRow } from "../../db/schema";

/** The AI uses counted against the quota: `count` uses in `period` ("2026-11"), null for none yet. */
export interface QuotaCount {
  count: number;
  period: string | null;
}

/** What the quota is computed from: the user's plan and zone, and their count. */
export type QuotaUser = Pick<UserRow, "is_premium" | "timezone"> & QuotaCount;

const NO_USES: QuotaCount = { count: 0, period: null };

export async function selectQuotaUser(db: Db, userId: string): Promise<QuotaUser | undefined> {
  const row = await db
    .selectFrom("users")
    .leftJoin("ai_quota_usage", "ai_quota_usage.user_id", "users.id")
    .select(["users.is_premium", "users.timezone", "ai_quota_usage.count", "ai_quota_usage.period"])
    .where("users.id", "=", userId)
    .executeTakeFirst();
  return (
    row && { is_premium: row.is_premium, timezone: row.timezone, count: row.count ?? 0, period: row.period }
  );
}

export async function selectQuotaCount(db: Db, userId: string): Promise<QuotaCount> {
  const row = await db
    .selectFrom("ai_quota_usage")
    .select(["count", "period"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ?? NO_USES;
}

/**
 * Counts one AI use, only while the count is below `limit`, in ONE conditional UPDATE (after
 * making the user's row on first use): the check and the increment cannot be split by a
 * concurrent request. On PostgreSQL a second UPDATE of the same row waits for the first and
 * re-evaluates the WHERE on the new count; SQLite runs writes one at a time. Of two requests at
 * the last unit exactly one is counted.
 *
 * The use is charged to the month in force: the stored month when it is the same as or later
 * than `localPeriod` ("yyyy-MM" compares as text), else `localPeriod`, which starts at zero. The
 * stored month never moves backwards, so switching timezones cannot make spent uses read as
 * unspent (see the premium service). undefined: over the limit.
 */
export async function incrementUsageBelowLimit(
  db: Db,
  userId: string,
  localPeriod: string,
  limit: number,
): Promise<QuotaCount | undefined> {
  await db
    .insertInto("ai_quota_usage")
    .values({ user_id: userId })
    .onConflict((conflict) => conflict.column("user_id").doNothing())
    .execute();
  const storedIsLater = sql<boolean>`period IS NOT NULL AND period >= ${localPeriod}`;
  const usedThisPeriod = sql<number>`CASE WHEN ${storedIsLater} THEN count ELSE 0 END`;
  return (
    db
      .updateTable("ai_quota_usage")
      .set({
        count: sql<number>`${usedThisPeriod} + 1`,
        period: sql<string>`CASE WHEN ${storedIsLater} THEN period ELSE ${localPeriod} END`,
      })
      .where("user_id", "=", userId)
      // The limit is an integer from our own configuration: inlined, so PostgreSQL types it as such.
      .where(sql<boolean>`${usedThisPeriod} < ${sql.lit(limit)}`)
      .returning(["count", "period"])
      .executeTakeFirst()
  );
}

/** Takes one use back within `period` only, and never below zero. */
export async function decrementUsage(db: Db, userId: string, period: string): Promise<void> {
  await db
    .updateTable("ai_quota_usage")
    .set({ count: sql<number>`count - 1` })
    .where("user_id", "=", userId)
    .where("period", "=", period)
    .where("count", ">", 0)
    .execute();
}

/** The current month starts again at zero. */
export async function clearUsage(db: Db, userId: string): Promise<void> {
  await db.deleteFrom("ai_quota_usage").where("user_id", "=", userId).execute();
}

/** Moves the month's count of AI uses kept for the analytics by `delta` (never below zero). */
export async function addToUseMonth(db: Db, userId: string, month: string, delta: 1 | -1): Promise<void> {
  if (delta === 1) {
    await db
      .insertInto("ai_use_months")
      .values({ user_id: userId, month, count: 1 })
      .onConflict((conflict) =>
        conflict.columns(["user_id", "month"]).doUpdateSet({ count: sql<number>`ai_use_months.count + 1` }),
      )
      .execute();
    return;
  }
  await db
    .updateTable("ai_use_months")
    .set({ count: sql<number>`count - 1` })
    .where("user_id", "=", userId)
    .where("month", "=", month)
    .where("count", ">", 0)
    .execute();
}

/** AI uses per month ("2026-11") from `fromMonth` on, oldest first; months without uses are left out. */
export async function selectUseMonths(
  db: Db,
  userId: string,
  fromMonth: string,
): Promise<Array<{ month: string; count: number }>> {
  return db
    .selectFrom("ai_use_months")
    .select(["month", "count"])
    .where("user_id", "=", userId)
    .where("month", ">=", fromMonth)
    .orderBy("month")
    .execute();
}
