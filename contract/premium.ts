import { z } from "zod";

export const premiumLimitSchema = /* @__PURE__ */ z.object({
  current_usage: z.number().int(),
  usage_limit: z.number().int(),
});
export type PremiumLimit = z.infer<typeof premiumLimitSchema>;

export const premiumStatusSchema = /* @__PURE__ */ z.object({
  is_premium: z.boolean(),
  current_usage: z.number().int(),
  usage_limit: z.number().int(),
  remaining: z.number().int(),
  usage_percentage: z.number(),
  /** The next reset: the 1st of next month at midnight in the user's timezone, as UTC ISO. */
  reset_date: z.string(),
});
export type PremiumStatus = z.infer<typeof premiumStatusSchema>;

export const premiumResetDateSchema = /* @__PURE__ */ z.object({
  reset_date: z.string(),
  timezone: z.string(),
});
export type PremiumResetDate = z.infer<typeof premiumResetDateSchema>;

/** Used over limit as a percentage, capped at 100. */
export function usagePercentage(current: number, limit: number): number {
  if (limit <= 0) return current > 0 ? 100 : 0;
  return Math.min(100, Math.round((current / limit) * 100));
}

export function hasReachedLimit(limit: PremiumLimit): boolean {
  return limit.current_usage >= limit.usage_limit;
}

/** The error code of a 403 when the month's AI uses are spent. */
export const QUOTA_EXCEEDED_CODE = "quota_exceeded";

export const UPGRADE_MESSAGE = "Please contact the administrator to upgrade to Premium.";
