import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import fp from "fastify-plugin";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { nameSharedSchemas } from "@contract/openapi-names";
import { LICENSE, VERSION } from "../version";

type OpenApiObject = ReturnType<typeof jsonSchemaTransformObject>;

function referencedSchemaNames(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) referencedSchemaNames(item, found);
  } else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string" && child.startsWith(SCHEMA_REF)) {
        found.add(child.slice(SCHEMA_REF.length));
      } else {
        referencedSchemaNames(child, found);
      }
    }
  }
}

const SCHEMA_REF = "#/components/schemas/";

/**
 * The document with only the named schemas its operations use (directly or through another
 * schema): every named shape is registered for both request and response use, and a generator
 * should not be handed the variants no call has.
 */
function withoutUnusedSchemas(document: OpenApiObject): OpenApiObject {
  const { paths, components } = document as { paths?: unknown; components?: { schemas?: object } };
  const schemas = (components?.schemas ?? {}) as Record<string, unknown>;
  const used = new Set<string>();
  referencedSchemaNames(paths, used);
  for (let size = -1; size !== used.size;) {
    size = used.size;
    for (const name of [...used]) referencedSchemaNames(schemas[name], used);
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...components, schemas: kept } } as OpenApiObject;
}

type Operation = {
  parameters?: Array<{ in?: string; name?: string }>;
  responses?: Record<string, { headers?: Record<string, unknown>; content?: Record<string, unknown> }>;
};

const ETAG_HEADER = {
  description: "A tag of the answer's data; send it back as If-None-Match to get 304 while it is unchanged",
  schema: { type: "string" },
};
const RETRY_AFTER_HEADER = {
  description: "Seconds to wait before trying again, when the wait is known",
  schema: { type: "integer", minimum: 0 },
};

/**
 * What the routes' schemas cannot say: every call that answers 304 sends an ETag with its 200
 * and takes If-None-Match; every 429 says in Retry-After how long to wait; and an error is JSON
 * even from a call whose answer is a file or a stream.
 */
function withDescribedHeaders(document: OpenApiObject): OpenApiObject {
  const { paths } = document as { paths?: Record<string, Record<string, Operation>> };
  for (const operation of Object.values(paths ?? {}).flatMap((item) => Object.values(item))) {
    const responses = operation.responses ?? {};
    for (const [status, response] of Object.entries(responses)) {
      const content = response.content;
      if (
        Number(status) >= 400 &&
        content &&
        !("application/json" in content && Object.keys(content).length === 1)
      ) {
        response.content = { "application/json": content["application/json"] ?? Object.values(content)[0] };
      }
    }
    if (responses["304"]) {
      for (const status of ["200", "304"]) {
        const response = responses[status];
        if (response) response.headers = { ...response.headers, ETag: ETAG_HEADER };
      }
      const parameters = operation.parameters ?? [];
      if (!parameters.some((parameter) => parameter.in === "header" && parameter.name === "If-None-Match")) {
        operation.parameters = [
          ...parameters,
          {
            in: "header",
            name: "If-None-Match",
            required: false,
            description: "The ETag of an earlier answer: 304 with no body while it is still current",
            schema: { type: "string" },
          } as { in: string; name: string },
        ];
      }
    }
    const tooMany = responses["429"];
    if (tooMany) tooMany.headers = { ...tooMany.headers, "Retry-After": RETRY_AFTER_HEADER };
  }
  return document;
}

/** An upload call (multipart/form-data, parsed by its handler) is described as taking one file. */
const UPLOAD_BODY = {
  type: "object",
  properties: { file: { type: "string", format: "binary", description: "The file to import" } },
  required: ["file"],
};

/**
 * The OpenAPI description at /docs (JSON at /docs/json), generated from the routes' zod schemas.
 * Registered before the modules so it sees every route they add.
 */
export const docs = fp(
  async (app) => {
    nameSharedSchemas();
    await app.register(swagger, {
      openapi: {
        info: {
          title: "Tasklane API",
          description:
            "The API of Tasklane, an AI-assisted personal task manager. Authenticate with `Authorization: Bearer <token>` from /auth/login or /auth/register. Errors are JSON `{ message }`.",
          version: VERSION,
          license: { name: LICENSE, url: "https://www.gnu.org/licenses/agpl-3.0.html" },
        },
        // Relative: the document describes whichever host serves it.
        servers: [{ url: "/", description: "This server" }],
        components: {
          securitySchemes: {
            bearerAuth: {
              type: "http",
              scheme: "bearer",
              description:
                "A session token (from /auth/login or /auth/register) or a personal API token (tl_pat_…)",
            },
            inboundSecret: {
              type: "http",
              scheme: "bearer",
              description: "The server's INBOUND_WEBHOOK_SECRET, for a mail provider's inbound webhook",
            },
          },
        },
      },
      transform: (input) => {
        const output = jsonSchemaTransform(input);
        const schema = output.schema as { consumes?: string[]; body?: unknown };
        if (schema.consumes?.includes("multipart/form-data") && !schema.body) schema.body = UPLOAD_BODY;
        return output;
      },
      // Schemas given an id in the contract (`.meta({ id })`) become named components.schemas.
      transformObject: (document) =>
        withDescribedHeaders(withoutUnusedSchemas(jsonSchemaTransformObject(document))),
    });
    await app.register(swaggerUi, { routePrefix: "/docs", staticCSP: true });
  },
  { name: "tasklane-docs" },
);
