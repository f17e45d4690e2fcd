import { sql } from "kysely";
import type { Db } from "../../db/database";
import type { UserRow } from "../../db/schema";

/** The columns of a user the quota is computed from. */
export type QuotaUser = Pick<UserRow, "is_premium" | "llm_usage_count" | "llm_usage_period" | "timezone">;

const QUOTA_COLUMNS = ["is_premium", "llm_usage_count", "llm_usage_period", "timezone"] as const;

export function selectQuotaUser(db: Db, userId: string): Promise<QuotaUser | undefined> {
  return db.selectFrom("users").select(QUOTA_COLUMNS).where("id", "=", userId).executeTakeFirst();
}

/**
 * Counts one AI use, only while the count is below the user's limit, in ONE conditional UPDATE:
 * the check and the increment cannot be split by a concurrent request. On PostgreSQL a second
 * UPDATE of the same row waits for the first and re-evaluates the WHERE on the new count; SQLite
 * runs writes one at a time. Of two requests at the last unit exactly one is counted.
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
  limits: { free: number; premium: number },
): Promise<QuotaUser | undefined> {
  const storedIsLater = sql<boolean>`llm_usage_period IS NOT NULL AND llm_usage_period >= ${localPeriod}`;
  const usedThisPeriod = sql<number>`CASE WHEN ${storedIsLater} THEN llm_usage_count ELSE 0 END`;
  // The limits are integers from our own configuration: inlined, so PostgreSQL types them as such.
  const limit = sql<number>`CASE WHEN is_premium = 1 THEN ${sql.lit(limits.premium)} ELSE ${sql.lit(limits.free)} END`;
  return db
    .updateTable("users")
    .set({
      llm_usage_count: sql<number>`${usedThisPeriod} + 1`,
      llm_usage_period: sql<string>`CASE WHEN ${storedIsLater} THEN llm_usage_period ELSE ${localPeriod} END`,
    })
    .where("id", "=", userId)
    .where(sql<boolean>`${usedThisPeriod} < ${limit}`)
    .returning(QUOTA_COLUMNS)
    .executeTakeFirst();
}

/** Takes one use back within `period` only, and never below zero. */
export async function decrementUsage(db: Db, userId: string, period: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ llm_usage_count: sql<number>`llm_usage_count - 1` })
    .where("id", "=", userId)
    .where("llm_usage_period", "=", period)
    .where("llm_usage_count", ">", 0)
    .execute();
}

/** The current month starts again at zero. */
export async function clearUsage(db: Db, userId: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ llm_usage_count: 0, llm_usage_period: null })
    .where("id", "=", userId)
    .execute();
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
