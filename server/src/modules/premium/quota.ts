import { formatInTimeZone, fromZonedTime } from "date-fns-tz";
import { sql } from "kysely";
import { isValidTimeZone } from "../../../../contract/common";
import { QUOTA_EXCEEDED_CODE, usagePercentage } from "../../../../contract/premium";
import type { Config } from "../../config";
import type { Db } from "../../db/database";
import type { UserRow } from "../../db/schema";
import { forbidden, unauthorized } from "../../lib/http-error";

/**
 * The monthly AI quota (issue 4, spec §6 and §9). Usage is counted per the user's local month:
 * users.llm_usage_period holds the month the count belongs to ("2026-11", in the user's timezone);
 * a count from another month is read as 0 and overwritten by the next charge, so the reset on the
 * 1st of each month needs no scheduled job.
 */

export const QUOTA_EXCEEDED_MESSAGE =
  "You have reached your monthly AI usage limit. Please upgrade to continue using AI extraction.";

type QuotaUser = Pick<UserRow, "is_premium" | "llm_usage_count" | "llm_usage_period" | "timezone">;

export interface Usage {
  is_premium: boolean;
  current_usage: number;
  usage_limit: number;
  remaining: number;
  /** used / limit in percent, capped at 100 (spec §9) */
  usage_percentage: number;
  /** the next 1st of the month at local midnight, as a UTC ISO timestamp */
  reset_date: string;
  /** the local month the usage belongs to, e.g. "2026-11" */
  period: string;
  timezone: string;
}

function zoneOf(user: Pick<UserRow, "timezone">): string {
  return isValidTimeZone(user.timezone) ? user.timezone : "UTC";
}

/** The user's local month at `now`, as "yyyy-MM". */
export function usagePeriod(timeZone: string, now: Date): string {
  return formatInTimeZone(now, timeZone, "yyyy-MM");
}

/** Midnight of the 1st of the month after `now`, in the user's timezone, as UTC ISO. */
export function nextResetDate(timeZone: string, now: Date): string {
  const [year, month] = usagePeriod(timeZone, now).split("-").map(Number) as [number, number];
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  const local = `${next.year}-${String(next.month).padStart(2, "0")}-01T00:00:00`;
  return fromZonedTime(local, timeZone).toISOString();
}

function usageLimitFor(config: Config, user: Pick<UserRow, "is_premium">): number {
  return user.is_premium ? config.ai.premiumMonthlyLimit : config.ai.freeMonthlyLimit;
}

/** Usage computed from a user row alone (what /auth/me and /premium/limit both report). */
export function usageOf(config: Config, user: QuotaUser, now: Date): Usage {
  const timeZone = zoneOf(user);
  const period = usagePeriod(timeZone, now);
  const current = user.llm_usage_period === period ? user.llm_usage_count : 0;
  const limit = usageLimitFor(config, user);
  return {
    is_premium: user.is_premium === 1,
    current_usage: current,
    usage_limit: limit,
    remaining: Math.max(0, limit - current),
    usage_percentage: usagePercentage(current, limit),
    reset_date: nextResetDate(timeZone, now),
    period,
    timezone: timeZone,
  };
}

async function loadQuotaUser(db: Db, userId: string): Promise<QuotaUser> {
  const user = await db
    .selectFrom("users")
    .select(["is_premium", "llm_usage_count", "llm_usage_period", "timezone"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) throw unauthorized("Your account no longer exists. Please sign in again.");
  return user;
}

/** The user's usage as stored now (re-read, so it reflects charges made earlier in the request). */
export async function getUsage(db: Db, config: Config, user: Pick<UserRow, "id">, now: Date): Promise<Usage> {
  return usageOf(config, await loadQuotaUser(db, user.id), now);
}

/** A pre-check before doing AI work: 403 "quota_exceeded" when the month's uses are spent. */
export async function assertCanUseAi(
  db: Db,
  config: Config,
  user: Pick<UserRow, "id">,
  now: Date,
): Promise<Usage> {
  const usage = await getUsage(db, config, user, now);
  if (usage.current_usage >= usage.usage_limit) throw forbidden(QUOTA_EXCEEDED_MESSAGE, QUOTA_EXCEEDED_CODE);
  return usage;
}

/**
 * Charges one AI use, only while the user is below the limit, in ONE conditional UPDATE: the
 * check and the increment cannot be split by a concurrent request. On PostgreSQL a second UPDATE
 * of the same row waits for the first and re-evaluates the WHERE on the new count; SQLite runs
 * writes one at a time. Two requests at the last unit therefore charge exactly one (issue 4).
 */
export async function chargeAiUse(db: Db, config: Config, userId: string, now: Date): Promise<Usage> {
  const { timezone } = await loadQuotaUser(db, userId);
  const period = usagePeriod(zoneOf({ timezone }), now);
  const { freeMonthlyLimit, premiumMonthlyLimit } = config.ai;
  const usedThisPeriod = sql<number>`CASE WHEN llm_usage_period = ${period} THEN llm_usage_count ELSE 0 END`;
  // The limits are integers from our own configuration: inlined, so PostgreSQL types them as such.
  const limit = sql<number>`CASE WHEN is_premium = 1 THEN ${sql.lit(premiumMonthlyLimit)} ELSE ${sql.lit(freeMonthlyLimit)} END`;
  const charged = await db
    .updateTable("users")
    .set({
      llm_usage_count: sql<number>`${usedThisPeriod} + 1`,
      llm_usage_period: period,
    })
    .where("id", "=", userId)
    .where(sql<boolean>`${usedThisPeriod} < ${limit}`)
    .returning(["is_premium", "llm_usage_count", "llm_usage_period", "timezone"])
    .executeTakeFirst();
  if (!charged) throw forbidden(QUOTA_EXCEEDED_MESSAGE, QUOTA_EXCEEDED_CODE);
  return usageOf(config, charged, now);
}

/**
 * Gives back a use charged for work that then failed (issue 4: a failed provider call costs
 * nothing). Only within the period it was charged in, and never below zero.
 */
export async function refundAiUse(db: Db, userId: string, charge: Pick<Usage, "period">): Promise<void> {
  await db
    .updateTable("users")
    .set({ llm_usage_count: sql<number>`llm_usage_count - 1` })
    .where("id", "=", userId)
    .where("llm_usage_period", "=", charge.period)
    .where("llm_usage_count", ">", 0)
    .execute();
}

/** The admin CLI's reset: the current month starts again at zero. */
export async function resetUsage(db: Db, userId: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ llm_usage_count: 0, llm_usage_period: null })
    .where("id", "=", userId)
    .execute();
}
