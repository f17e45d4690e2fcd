import { premiumLimitSchema, premiumResetDateSchema, premiumStatusSchema } from "@contract/premium";
import { apiRoutes } from "@contract/routes";
import { queryOptions, useQuery, type QueryFunctionContext } from "@tanstack/react-query";
import type { z } from "zod";
import { apiClient } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** A GET whose answer is checked against its contract schema before any screen reads it. */
function getParsed<Schema extends z.ZodType>(path: string, schema: Schema) {
  return async ({ signal }: QueryFunctionContext): Promise<z.output<Schema>> => {
    const response = await apiClient.get<unknown>(path, { signal });
    return schema.parse(response.data);
  };
}

/**
 * The premium calls of spec §7, one `queryOptions` per call so that screens, prefetches and
 * invalidations share them (CONVENTIONS.md: TkDodo). Keys come from `queryKeys.premium`, so
 * invalidating `queryKeys.premium.all` after an extraction refreshes every one (spec §4).
 */
export const premiumQueries = {
  limit: () =>
    queryOptions({
      queryKey: queryKeys.premium.limit(),
      queryFn: getParsed(apiRoutes.premiumLimit.path, premiumLimitSchema),
    }),
  status: () =>
    queryOptions({
      queryKey: queryKeys.premium.status(),
      queryFn: getParsed(apiRoutes.premiumStatus.path, premiumStatusSchema),
    }),
  resetDate: () =>
    queryOptions({
      queryKey: queryKeys.premium.resetDate(),
      queryFn: getParsed(apiRoutes.premiumResetDate.path, premiumResetDateSchema),
    }),
};

/** GET /premium/limit: current_usage and usage_limit (spec §3). */
export function usePremiumLimit() {
  return useQuery(premiumQueries.limit());
}

/** GET /premium/status. */
export function usePremiumStatus() {
  return useQuery(premiumQueries.status());
}

/** GET /premium/reset-date: when the monthly usage starts again from zero. */
export function usePremiumResetDate() {
  return useQuery(premiumQueries.resetDate());
}
