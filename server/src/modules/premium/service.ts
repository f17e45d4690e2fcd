import { formatInTimeZone, fromZonedTime } from "date-fns-tz";
import { QUOTA_EXCEEDED_CODE, usagePercentage } from "@contract/premium";
import type { Config } from "../../config";
import { inTransaction, type Db } from "../../db/database";
import type { UserRow } from "../../db/schema";
import type { Clock } from "../../lib/clock";
import { QuotaExceeded, Unauthenticated } from "../../lib/domain-errors";
import { userTimeZone } from "../../lib/time-zone";
import {
  addToUseMonth,
  clearUsage,
  decrementUsage,
  incrementUsageBelowLimit,
  selectQuotaCount,
  selectQuotaUser,
  selectUseMonths,
  type QuotaUser,
} from "./repository";

/**
 * The monthly AI quota. Usage is counted per the user's local month: the count's period
 * (ai_quota_usage) is the month it belongs to ("2026-11"), so the reset on the 1st of each month
 * needs no scheduled job.
 *
 * The month a use is charged to is kept on the row and never moves backwards. The timezone is
 * free to change, and around each month's turn some zones are already in the next month while
 * others are still in the last one: were the period only recomputed from the current zone,
 * toggling between UTC+14 and UTC−12 would make a spent count read as zero again and again. So
 * the month in force is the later of the stored month and the current local month: a user who
 * has already spent uses in December (in a zone where it was December) is still in December
 * after moving to a zone where it is November. Each calendar month thus grants its limit once,
 * whatever the zone changes; the user's own zone still decides when a new month begins.
 * (Counting in UTC months would be as safe but would move every user's reset away from their
 * local midnight on the 1st.)
 */

export const QUOTA_EXCEEDED_MESSAGE =
  "You have reached your monthly AI usage limit. Please upgrade to continue using AI extraction.";

export interface Usage {
  is_premium: boolean;
  current_usage: number;
  usage_limit: number;
  remaining: number;
  /** used / limit in percent, capped at 100 */
  usage_percentage: number;
  /** the next 1st of the month at local midnight, as a UTC ISO timestamp */
  reset_date: string;
  /** the month the usage belongs to, e.g. "2026-11" (see periodInForce) */
  period: string;
  timezone: string;
}

/** The user's local month at `now`, as "yyyy-MM". */
export function usagePeriod(timeZone: string, now: Date): string {
  return formatInTimeZone(now, timeZone, "yyyy-MM");
}

/** The month in force: the later of the month last charged and the local month at `now`. */
function periodInForce(storedPeriod: string | null, timeZone: string, now: Date): string {
  const local = usagePeriod(timeZone, now);
  return storedPeriod !== null && storedPeriod > local ? storedPeriod : local;
}

/** Midnight of the 1st of the month after `now`, in the user's timezone, as UTC ISO. */
export function nextResetDate(timeZone: string, now: Date): string {
  return endOfPeriod(usagePeriod(timeZone, now), timeZone);
}

/** Midnight of the 1st of the month after `period` ("2026-11"), in the timezone, as UTC ISO. */
function endOfPeriod(period: string, timeZone: string): string {
  const [year, month] = period.split("-").map(Number) as [number, number];
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  const local = `${next.year}-${String(next.month).padStart(2, "0")}-01T00:00:00`;
  return fromZonedTime(local, timeZone).toISOString();
}

/** The monthly AI uses the user's plan grants. */
export function usageLimitFor(config: Config, user: Pick<UserRow, "is_premium">): number {
  return user.is_premium ? config.ai.premiumMonthlyLimit : config.ai.freeMonthlyLimit;
}

/** Usage computed from the user's plan, zone and count (what /auth/me and /premium/limit both report). */
function usageOf(config: Config, user: QuotaUser, now: Date): Usage {
  const timeZone = userTimeZone(user);
  const period = periodInForce(user.period, timeZone, now);
  const current = user.period === period ? user.count : 0;
  const limit = usageLimitFor(config, user);
  return {
    is_premium: user.is_premium === 1,
    current_usage: current,
    usage_limit: limit,
    remaining: Math.max(0, limit - current),
    usage_percentage: usagePercentage(current, limit),
    reset_date: endOfPeriod(period, timeZone),
    period,
    timezone: timeZone,
  };
}

async function loadQuotaUser(db: Db, userId: string): Promise<QuotaUser> {
  const user = await selectQuotaUser(db, userId);
  if (!user) throw new Unauthenticated("Your account no longer exists. Please sign in again.");
  return user;
}

/** The user's usage as stored now (re-read, so it reflects charges made earlier in the request). */
export async function getUsage(db: Db, config: Config, user: Pick<UserRow, "id">, now: Date): Promise<Usage> {
  return usageOf(config, await loadQuotaUser(db, user.id), now);
}

/** The usage of a user whose row is already read (the account's answers, the admin's list). */
export async function usageOfUser(
  db: Db,
  config: Config,
  user: Pick<UserRow, "id" | "is_premium" | "timezone">,
  now: Date,
): Promise<Usage> {
  const { is_premium, timezone } = user;
  return usageOf(config, { is_premium, timezone, ...(await selectQuotaCount(db, user.id)) }, now);
}

/** A pre-check before doing AI work: 403 "quota_exceeded" when the month's uses are spent. */
export async function assertCanUseAi(
  db: Db,
  config: Config,
  user: Pick<UserRow, "id">,
  now: Date,
): Promise<Usage> {
  const usage = await getUsage(db, config, user, now);
  if (usage.current_usage >= usage.usage_limit)
    throw new QuotaExceeded(QUOTA_EXCEEDED_MESSAGE, QUOTA_EXCEEDED_CODE);
  return usage;
}

/**
 * Charges one AI use, only while the user is below the limit, atomically (see
 * incrementUsageBelowLimit): two requests at the last unit charge exactly one.
 */
export async function chargeAiUse(db: Db, config: Config, userId: string, now: Date): Promise<Usage> {
  const user = await loadQuotaUser(db, userId);
  const localPeriod = usagePeriod(userTimeZone(user), now);
  const charged = await inTransaction(db, async (trx) => {
    const count = await incrementUsageBelowLimit(trx, userId, localPeriod, usageLimitFor(config, user));
    if (count?.period) await addToUseMonth(trx, userId, count.period, 1);
    return count;
  });
  if (!charged) throw new QuotaExceeded(QUOTA_EXCEEDED_MESSAGE, QUOTA_EXCEEDED_CODE);
  return usageOf(config, { ...user, ...charged }, now);
}

/**
 * Gives back a use charged for work that then failed: a failed provider call costs nothing. Only
 * within the period it was charged in, and never below zero.
 */
export async function refundAiUse(db: Db, userId: string, charge: Pick<Usage, "period">): Promise<void> {
  await inTransaction(db, async (trx) => {
    await decrementUsage(trx, userId, charge.period);
    await addToUseMonth(trx, userId, charge.period, -1);
  });
}

/** AI uses per month ("2026-11") from `fromMonth` on, oldest first (months without uses left out). */
export async function aiUsesByMonth(
  db: Db,
  userId: string,
  fromMonth: string,
): Promise<Array<{ month: string; count: number }>> {
  return selectUseMonths(db, userId, fromMonth);
}

/** A use charged by withAiUse: what the work produced, and the way to give the use back. */
export interface AiUse<T> {
  result: T;
  /** Gives the use back (see refundAiUse): call it when what the work produced could not be kept. */
  refund(): Promise<void>;
}

/**
 * The one way to spend an AI use. Refused with 403 "quota_exceeded" when the month's uses are
 * spent; then `work` runs, and a failure there costs nothing; one use is charged only once it has
 * answered, atomically (of two requests at the last unit one is charged, the other is refused
 * like any request over the limit). The caller refunds when it cannot keep the result (its store
 * failed, or the same work was already kept by a duplicate request).
 */
export async function withAiUse<T>(
  deps: { db: Db; config: Config; clock: Clock },
  user: Pick<UserRow, "id">,
  work: () => Promise<T>,
): Promise<AiUse<T>> {
  await assertCanUseAi(deps.db, deps.config, user, deps.clock.now());
  const result = await work();
  const charge = await chargeAiUse(deps.db, deps.config, user.id, deps.clock.now());
  return { result, refund: () => refundAiUse(deps.db, user.id, charge) };
}

/** The admin CLI's reset: the current month starts again at zero. */
export async function resetUsage(db: Db, userId: string): Promise<void> {
  await clearUsage(db, userId);
}
