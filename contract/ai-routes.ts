import { apiPaths } from "./api-paths";
import { analyticsQuerySchema, analyticsSchema, reviewQuerySchema, reviewSchema } from "./analytics";
import { dailyStatusJsonSchema, generationStartResponseSchema, generationStatusJsonSchema } from "./daily";
import { extractRequestSchema, extractResponseSchema } from "./extract";
import { premiumLimitSchema, premiumResetDateSchema, premiumStatusSchema } from "./premium";
import { authErrors, bodyErrors, queryErrors, quotaReached, type RouteDefinition } from "./route-definition";

/** What the AI does and counts: the daily plan, extraction, the quota, analytics and the weekly review. */
export const aiRoutes = {
  dailyStatus: {
    method: "GET",
    path: apiPaths.dailyStatus,
    summary: "Today's AI plan: cached report and AI availability",
    auth: true,
    response: dailyStatusJsonSchema,
    errors: { ...authErrors },
  },
  generateDaily: {
    method: "POST",
    path: apiPaths.generateDaily,
    summary: "Start generating today's AI plan",
    auth: true,
    response: generationStartResponseSchema,
    errors: { ...bodyErrors, ...authErrors, ...quotaReached },
  },
  generationStatus: {
    method: "GET",
    path: apiPaths.generationStatus,
    summary: "Progress of a plan generation",
    auth: true,
    response: generationStatusJsonSchema,
    errors: { ...authErrors, 404: "No such generation request of the signed-in user" },
  },
  extractText: {
    method: "POST",
    path: apiPaths.extractText,
    summary: "Extract tasks from text by pattern rules or AI (not saved)",
    auth: true,
    body: extractRequestSchema,
    response: extractResponseSchema,
    errors: {
      ...bodyErrors,
      400: "Blank content or a bad field",
      ...authErrors,
      ...quotaReached,
      413: "Content longer than 50,000 characters, or a body over 1 MiB",
      502: "The AI service failed or answered invalidly; nothing was charged",
      504: "The AI service took too long; nothing was charged",
    },
  },
  premiumStatus: {
    method: "GET",
    path: apiPaths.premiumStatus,
    summary: "Plan and AI usage",
    auth: true,
    response: premiumStatusSchema,
    errors: { ...authErrors },
  },
  premiumLimit: {
    method: "GET",
    path: apiPaths.premiumLimit,
    summary: "Monthly AI usage and limit",
    auth: true,
    response: premiumLimitSchema,
    errors: { ...authErrors },
  },
  premiumResetDate: {
    method: "GET",
    path: apiPaths.premiumResetDate,
    summary: "When the monthly AI usage resets",
    auth: true,
    response: premiumResetDateSchema,
    errors: { ...authErrors },
  },
  analytics: {
    method: "GET",
    path: apiPaths.analytics,
    summary: "Progress over the last 7, 30, 90 or 365 days, in the user's timezone",
    auth: true,
    query: analyticsQuerySchema,
    response: analyticsSchema,
    errors: { ...queryErrors, ...authErrors },
  },
  review: {
    method: "GET",
    path: apiPaths.review,
    summary: "The weekly review of an ISO week (the current one when week is left out)",
    auth: true,
    query: reviewQuerySchema,
    response: reviewSchema,
    errors: { ...queryErrors, ...authErrors },
  },
} as const satisfies Record<string, RouteDefinition>;
