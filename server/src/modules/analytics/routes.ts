import { errorBodySchema } from "@contract/common";
import { apiRoutes } from "@contract/routes";
import type { ModulePlugin } from "../../app-types";
import { routeIn } from "../../lib/route-path";
import { authenticate, currentUser } from "../auth";
import { currentWeek, getAnalytics, getReview } from "./service";

const tags = ["analytics"];
const security = [{ bearerAuth: [] }];
const errors = {
  400: errorBodySchema.describe("A query parameter breaks the schema (the message names it)"),
  401: errorBodySchema.describe("No valid bearer token"),
};

/** Progress over a range of days and the weekly review, both in the user's timezone. */
export const analyticsModule: ModulePlugin = async (app, { deps }) => {
  app.addHook("onRequest", authenticate(deps));

  app.get(
    routeIn(app, apiRoutes.analytics.path),
    {
      schema: {
        summary: apiRoutes.analytics.summary,
        tags,
        security,
        querystring: apiRoutes.analytics.query,
        response: { 200: apiRoutes.analytics.response, ...errors },
      },
    },
    async (request) => getAnalytics(deps, currentUser(request), request.query.days),
  );

  app.get(
    routeIn(app, apiRoutes.review.path),
    {
      schema: {
        summary: apiRoutes.review.summary,
        tags,
        security,
        querystring: apiRoutes.review.query,
        response: { 200: apiRoutes.review.response, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return getReview(deps, user, request.query.week ?? currentWeek(user, deps.clock.now()));
    },
  );
};
