import fp from "fastify-plugin";
import { errorBodySchema } from "@contract/common";
import { apiRoutes } from "@contract/routes";

const routesByKey = new Map<string, (typeof apiRoutes)[keyof typeof apiRoutes]>(
  Object.values(apiRoutes).map((route) => [`${route.method} ${route.path}`, route]),
);

/**
 * Every error status a call of the contract answers is part of its OpenAPI description, with the
 * `{ message, code? }` body and when it happens, taken from the contract's route table; a route
 * that documents a status itself keeps its own wording. Registered before the modules so it sees
 * every route they add.
 */
export const documentedErrors = fp(
  async (app) => {
    app.addHook("onRoute", (routeOptions) => {
      const methods = Array.isArray(routeOptions.method) ? routeOptions.method : [routeOptions.method];
      const route = methods.map((method) => routesByKey.get(`${method} ${routeOptions.url}`)).find(Boolean);
      if (!route || !routeOptions.schema) return;
      const response = (routeOptions.schema.response ?? {}) as Record<string, unknown>;
      for (const [status, when] of Object.entries(route.errors)) {
        response[status] ??= errorBodySchema.describe(when);
      }
      routeOptions.schema.response = response;
    });
  },
  { name: "tasklane-documented-errors" },
);
