import {
  premiumLimitSchema,
  premiumResetDateSchema,
  premiumStatusSchema,
  type PremiumLimit,
} from "@contract/premium";
import { apiPaths } from "@contract/api-paths";
import { queryOptions, useQuery, type QueryClient, type QueryFunctionContext } from "@tanstack/react-query";
import type { z } from "zod";
import { apiClient } from "@/lib/api-client";
import { queryKeys } from "../query-keys";
import { useSessionStore } from "@/stores/session-store";

/** A GET whose answer is checked against its contract schema before any screen reads it. */
function getParsed<Schema extends z.ZodType>(path: string, schema: Schema) {
  return async ({ signal }: QueryFunctionContext): Promise<z.output<Schema>> => {
    const response = await apiClient.get<unknown>(path, { signal });
    return schema.parse(response.data);
  };
}

/**
 * The premium calls (limit, status, reset date), one `queryOptions` per call so that screens,
 * prefetches and invalidations share them. Keys come from `queryKeys.premium`, so invalidating
 * `queryKeys.premium.all` after an extraction refreshes every one.
 */
export const premiumQueries = {
  limit: () =>
    queryOptions({
      queryKey: queryKeys.premium.limit(),
      queryFn: getParsed(apiPaths.premiumLimit, premiumLimitSchema),
    }),
  status: () =>
    queryOptions({
      queryKey: queryKeys.premium.status(),
      queryFn: getParsed(apiPaths.premiumStatus, premiumStatusSchema),
    }),
  resetDate: () =>
    queryOptions({
      queryKey: queryKeys.premium.resetDate(),
      queryFn: getParsed(apiPaths.premiumResetDate, premiumResetDateSchema),
    }),
};

/** GET /premium/limit: current_usage and usage_limit. */
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

/**
 * After anything that may have used AI (an extraction, a completed daily plan): refetch the usage
 * figures and copy them into the session user, so the shell's badge, the dashboard and the
 * Extract screen agree with /premium/limit without another /auth/me. Not awaited by callers that
 * should not wait for the figures.
 */
export async function refreshAiUsage(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.premium.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.auth.me() }),
  ]);
  // Fresh from the invalidation when a screen shows the usage; fetched here when none does.
  const limit: PremiumLimit = await queryClient.fetchQuery({ ...premiumQueries.limit(), staleTime: 5_000 });
  const { user, setUser } = useSessionStore.getState();
  if (!user) return;
  if (user.llm_usage_count === limit.current_usage && user.llm_usage_limit === limit.usage_limit) return;
  setUser({ ...user, llm_usage_count: limit.current_usage, llm_usage_limit: limit.usage_limit });
}
