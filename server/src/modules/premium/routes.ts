import { apiRoutes } from "@contract/routes";
import type { ModulePlugin } from "../../app-types";
import { routeIn } from "../../lib/route-path";
import { authenticate, currentUser } from "../auth";
import { getUsage } from "./service";

/** GET /premium/status, /premium/limit, /premium/reset-date. */
export const premiumModule: ModulePlugin = async (app, { deps }) => {
  app.addHook("onRequest", authenticate(deps));
  const common = { tags: ["premium"], security: [{ bearerAuth: [] }] };
  const usageNow = (request: Parameters<typeof currentUser>[0]) =>
    getUsage(deps.db, deps.config, currentUser(request), deps.clock.now());

  app.get(
    routeIn(app, apiRoutes.premiumStatus.path),
    {
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
    routeIn(app, apiRoutes.premiumLimit.path),
    {
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
    routeIn(app, apiRoutes.premiumResetDate.path),
    {
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
};
