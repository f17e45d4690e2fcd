import type { FastifyError } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { DomainError, RateLimited, type DomainErrorKind } from "../lib/domain-errors";

/** The one place where a domain error becomes an HTTP status. */
const STATUS_OF: Record<DomainErrorKind, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  quota_exceeded: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  ai_unavailable: 502,
  mail_undeliverable: 502,
  ai_timeout: 504,
};

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

/**
 * The one error handler: every failure leaves the server as JSON `{ message }` (plus a `code`
 * where the client acts on it, and `Retry-After` on a 429 whose wait is known). Bad input is a 4xx
 * naming the field; only a bug is a 500, logged, with a message that reveals nothing.
 */
export const errorHandler = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof DomainError) {
        // A client, or a person's script, can wait as long as the message says without reading it.
        if (error instanceof RateLimited && error.retryAfterSeconds !== undefined) {
          void reply.header("retry-after", String(error.retryAfterSeconds));
        }
        return reply
          .status(STATUS_OF[error.kind])
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
  },
  { name: "tasklane-error-handler" },
);
