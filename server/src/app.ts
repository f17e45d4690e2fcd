import { existsSync } from "node:fs";
import path from "node:path";
import compress from "@fastify/compress";
import cors from "@fastify/cors";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyBaseLogger, type FastifyError } from "fastify";
import type { LoggerOptions } from "pino";
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { App, AppDeps } from "./app-types";
import { HttpError } from "./lib/http-error";
import { registerModules } from "./modules";

/**
 * Paths the API owns; everything else that is a GET for a page is the SPA. `/premium` itself is
 * a page of the SPA (spec §2) while `/premium/…` are API calls, so prefixes only own what is
 * below them.
 */
const API_PREFIXES = ["/auth/", "/api/", "/premium/", "/inbound/", "/docs"];

function isApiPath(url: string): boolean {
  const pathname = url.split("?")[0] ?? "";
  return pathname === "/health" || API_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

/** "title: Title is required" — the field named once, whatever the schema said. */
function validationMessage(issues: ValidationIssue[], context: string | undefined): string {
  const first = issues[0];
  if (!first) return "Invalid request";
  const field = (first.instancePath ?? "").replace(/^\//, "").replaceAll("/", ".");
  const message = first.message ?? "is invalid";
  const where = field || (context && context !== "body" ? context : "");
  const name = where.split(".").pop() ?? "";
  const lower = message.toLowerCase();
  // Already named ("Title is required", "has_due_date must be…"): leave the message as it is.
  if (
    !name ||
    lower.includes(name.toLowerCase()) ||
    lower.includes(name.replaceAll("_", " ").toLowerCase())
  ) {
    return message;
  }
  return `${where}: ${message}`;
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    // Secrets never reach the logs.
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        "*.password",
        "*.current_password",
        "*.new_password",
        "*.verification_code",
        "*.token",
      ],
      censor: "[redacted]",
    },
  };
}

export async function buildApp(deps: AppDeps, options: { loggerInstance?: FastifyBaseLogger } = {}) {
  const { config } = deps;
  const app: App = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: loggerOptions(config.logLevel) }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Long ids must reach our handlers (→ 404 { message }) instead of Fastify's bare 414.
    routerOptions: { maxParamLength: 2048 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .send(error.code ? { message: error.message, code: error.code } : { message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({
        message: validationMessage(error.validation, error.validationContext),
        code: "invalid_input",
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large…
      const message =
        error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError
          ? "The request body is not valid JSON"
          : error.message;
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, "Unhandled error");
    return reply.status(500).send({ message: "Something went wrong on our side. Please try again." });
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { global: true, threshold: 1024 });
  if (config.corsOrigins.length > 0) {
    await app.register(cors, { origin: config.corsOrigins, credentials: false });
  }

  await app.register(swagger, {
    openapi: {
      info: {
        title: "Tasklane API",
        description:
          "The API of Tasklane, an AI-assisted personal task manager. Authenticate with `Authorization: Bearer <token>` from /auth/login or /auth/register. Errors are JSON `{ message }`.",
        version: "1.0.0",
      },
      components: {
        securitySchemes: { bearerAuth: { type: "http", scheme: "bearer" } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/docs", staticCSP: true });

  app.get("/health", { schema: { hide: true } }, async () => ({ status: "ok" }));

  await registerModules(app, deps);

  const staticRoot = path.resolve(config.staticDir);
  const indexHtml = path.join(staticRoot, "index.html");
  const hasSpa = existsSync(indexHtml);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: staticRoot,
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz twin of every sizeable asset (vite.config.ts), compressed
      // once at the highest levels: sent as they are to a browser that accepts them, instead of
      // compressing each response again (issue 7). They are not URLs of their own.
      preCompressed: true,
      globIgnore: ["**/*.br", "**/*.gz"],
      // Our own Cache-Control below; the plugin's default would override it with max-age=0.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Hashed assets never change; index.html must always be revalidated.
        res.setHeader(
          "Cache-Control",
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? "public, max-age=31536000, immutable"
            : "no-cache",
        );
        // What is sent depends on Accept-Encoding (a twin, or compressed on the fly): caches must know.
        res.setHeader("Vary", "Accept-Encoding");
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (hasSpa && request.method === "GET" && !isApiPath(request.url)) {
      return reply.header("Cache-Control", "no-cache").sendFile("index.html", { cacheControl: false });
    }
    return reply
      .status(404)
      .send({ message: `Route ${request.method} ${request.url.split("?")[0]} not found` });
  });

  return app;
}
