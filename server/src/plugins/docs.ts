import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { LICENSE, VERSION } from "../version";

/**
 * The OpenAPI description at /docs (JSON at /docs/json), generated from the routes' zod schemas.
 * Registered before the modules so it sees every route they add.
 */
export const docs = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: "Tasklane API",
          description:
            "The API of Tasklane, an AI-assisted personal task manager. Authenticate with `Authorization: Bearer <token>` from /auth/login or /auth/register. Errors are JSON `{ message }`.",
          version: VERSION,
          license: { name: LICENSE, url: "https://www.gnu.org/licenses/agpl-3.0.html" },
        },
        components: {
          securitySchemes: { bearerAuth: { type: "http", scheme: "bearer" } },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: "/docs", staticCSP: true });
  },
  { name: "tasklane-docs" },
);
