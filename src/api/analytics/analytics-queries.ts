import {
  analyticsSchema,
  reviewSchema,
  type Analytics,
  type AnalyticsRange,
  type Review,
} from "@contract/analytics";
import { apiPaths } from "@contract/api-paths";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { queryKeys } from "../query-keys";

async function fetchAnalytics(days: AnalyticsRange, signal?: AbortSignal): Promise<Analytics> {
  const response = await apiClient.get<unknown>(apiPaths.analytics, { params: { days }, signal });
  return analyticsSchema.parse(response.data);
}

async function fetchReview(week: string, signal?: AbortSignal): Promise<Review> {
  const response = await apiClient.get<unknown>(apiPaths.review, { params: { week }, signal });
  return reviewSchema.parse(response.data);
}

export const analyticsQueries = {
  range: (days: AnalyticsRange) =>
    queryOptions({
      queryKey: queryKeys.tasks.analytics(days),
      queryFn: ({ signal }) => fetchAnalytics(days, signal),
    }),
  review: (week: string) =>
    queryOptions({
      queryKey: queryKeys.tasks.review(week),
      queryFn: ({ signal }) => fetchReview(week, signal),
    }),
};

/** GET /api/v1/analytics for the last `days` days, in the user's timezone. */
export function useAnalytics(days: AnalyticsRange) {
  return useQuery(analyticsQueries.range(days));
}

/** GET /api/v1/review for an ISO week ("2026-W48"). */
export function useReview(week: string) {
  return useQuery(analyticsQueries.review(week));
}
