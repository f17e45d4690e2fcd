import fp from "fastify-plugin";
import { errorBodySchema } from "@contract/common";
import { apiRoutes } from "@contract/routes";

type ApiRoute = (typeof apiRoutes)[keyof typeof apiRoutes];

const routesByKey = new Map<string, { name: string; route: ApiRoute }>(
  Object.entries(apiRoutes).map(([name, route]) => [`${route.method} ${route.path}`, { name, route }]),
);

/** A call outside the contract's table (health, the inbound mail webhook) is named by its path. */
function operationIdOf(method: string, url: string): string {
  const words = url.split(/[^A-Za-z0-9]+/).filter((word) => word.length > 0);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join("");
}

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
      const found = methods.map((method) => routesByKey.get(`${method} ${routeOptions.url}`)).find(Boolean);
      if (!routeOptions.schema || routeOptions.schema.hide) return;
      const schema = routeOptions.schema as Record<string, unknown>;
      schema.operationId ??= found?.name ?? operationIdOf(String(methods[0]), routeOptions.url);
      if (!found) return;
      const { route } = found;
      // A public call says so; a signed-in one takes the bearer token.
      schema.security ??= route.auth ? [{ bearerAuth: [] }] : [];
      const response = (routeOptions.schema.response ?? {}) as Record<string, unknown>;
      for (const [status, when] of Object.entries(route.errors)) {
        response[status] ??= errorBodySchema.describe(when);
      }
      // Any signed-in call that writes refuses a read-only personal API token.
      const config = routeOptions.config as { readOnly?: boolean } | undefined;
      if (route.auth && route.method !== "GET" && !config?.readOnly) {
        response["403"] ??= errorBodySchema.describe(
          "Called with a read-only personal API token (or, for the account, with any API token)",
        );
      }
      routeOptions.schema.response = response;
    });
  },
  { name: "tasklane-documented-errors" },
);
