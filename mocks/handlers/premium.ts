import type { PremiumLimit, PremiumResetDate, PremiumStatus } from "@contract/premium";
import { usagePercentage } from "@contract/premium";
import { apiRoutes } from "@contract/routes";
import { http, HttpResponse } from "msw";
import { buildUser } from "../fixtures";

/** The default user's figures (buildUser), so the fake's usage agrees with the user. */
const defaultUser = buildUser();
export const DEFAULT_PREMIUM_LIMIT: PremiumLimit = {
  current_usage: defaultUser.llm_usage_count,
  usage_limit: defaultUser.llm_usage_limit,
};

/** The 1st of next month, midnight UTC: the default user's zone is UTC. */
function nextMonthStart(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
}

/**
 * GET /premium/limit answering `limit`, or the result of calling it on every request (a test that
 * wants the usage to move after an extraction passes a function).
 */
export function premiumLimitHandler(limit: PremiumLimit | (() => PremiumLimit)) {
  return http.get(apiRoutes.premiumLimit.path, () =>
    HttpResponse.json(typeof limit === "function" ? limit() : limit),
  );
}

export const premiumHandlers = [
  premiumLimitHandler(DEFAULT_PREMIUM_LIMIT),
  http.get(apiRoutes.premiumStatus.path, () => {
    const { current_usage, usage_limit } = DEFAULT_PREMIUM_LIMIT;
    return HttpResponse.json({
      is_premium: defaultUser.is_premium,
      current_usage,
      usage_limit,
      remaining: Math.max(0, usage_limit - current_usage),
      usage_percentage: usagePercentage(current_usage, usage_limit),
      reset_date: nextMonthStart(),
    } satisfies PremiumStatus);
  }),
  http.get(apiRoutes.premiumResetDate.path, () =>
    HttpResponse.json({
      reset_date: nextMonthStart(),
      timezone: defaultUser.timezone,
    } satisfies PremiumResetDate),
  ),
];
