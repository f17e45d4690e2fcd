import { apiRoutes } from "../../../../contract/routes";
import type { App, AppDeps } from "../../app-types";
import { authenticate, currentUser } from "../auth/authenticate";
import { getUsage } from "./quota";

/** GET /premium/status, /premium/limit, /premium/reset-date (spec §7, issue 4). */
export async function premiumRoutes(app: App, deps: AppDeps): Promise<void> {
  const preHandler = authenticate(deps);
  const common = { tags: ["premium"], security: [{ bearerAuth: [] }] };
  const usageNow = (request: Parameters<typeof currentUser>[0]) =>
    getUsage(deps.db, deps.config, currentUser(request), deps.clock.now());

  app.get(
    apiRoutes.premiumStatus.path,
    {
      preHandler,
      schema: {
        ...common,
        summary: apiRoutes.premiumStatus.summary,
        response: { 200: apiRoutes.premiumStatus.response },
      },
    },
    async (request) => {
      const usage = await usageNow(request);
      return {
        is_premium: usage.is_premium,
        current_usage: usage.current_usage,
        usage_limit: usage.usage_limit,
        remaining: usage.remaining,
        usage_percentage: usage.usage_percentage,
        reset_date: usage.reset_date,
      };
    },
  );

  app.get(
    apiRoutes.premiumLimit.path,
    {
      preHandler,
      schema: {
        ...common,
        summary: apiRoutes.premiumLimit.summary,
        response: { 200: apiRoutes.premiumLimit.response },
      },
    },
    async (request) => {
      const usage = await usageNow(request);
      return { current_usage: usage.current_usage, usage_limit: usage.usage_limit };
    },
  );

  app.get(
    apiRoutes.premiumResetDate.path,
    {
      preHandler,
      schema: {
        ...common,
        summary: apiRoutes.premiumResetDate.summary,
        response: { 200: apiRoutes.premiumResetDate.response },
      },
    },
    async (request) => {
      const usage = await usageNow(request);
      return { reset_date: usage.reset_date, timezone: usage.timezone };
    },
  );
}
