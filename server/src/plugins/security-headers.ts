import cors from "@fastify/cors";
import fp from "fastify-plugin";
import helmet from "helmet";

export interface SecurityHeadersOptions {
  /** Origins allowed to call the API from a browser; empty: same origin only (no CORS headers). */
  corsOrigins: readonly string[];
}

/** helmet's configuration: the policy described at securityHeaders. */
export const HELMET_OPTIONS = {
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
} satisfies Parameters<typeof helmet>[0];

type HelmetMiddleware = ReturnType<typeof helmet>;

/**
 * The headers helmet's middleware sets on a response, found by running it once on a stand-in for
 * one (it only sets and removes headers). It must finish at once and set at least one header; a
 * configuration that made it wait or fail (a CSP nonce read from the response) is refused here.
 */
export function helmetHeaders(middleware: HelmetMiddleware): Record<string, string> {
  const headers: Record<string, string> = {};
  let finished = false;
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  const request = { headers: {}, method: "GET", url: "/" };
  middleware(request as never, response as never, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    finished = true;
  });
  if (!finished || Object.keys(headers).length === 0) {
    throw new Error("helmet did not set its headers synchronously");
  }
  return headers;
}

/**
 * Protective headers on every response, set by helmet. The Content-Security-Policy allows only the
 * app's own scripts (no inline script, no eval), its own styles (plus inline style attributes,
 * which the UI library sets), images and fonts from itself or data: URLs, and no framing by other
 * sites. helmet's middleware is built once here (@fastify/helmet built it anew for every request,
 * parsing the policy each time) and run once: with this configuration every header it sets is the
 * same on every response (no nonce, nothing read from the request), so each response is given the
 * headers it set (helmetHeaders) instead of passing through helmet's twelve middleware functions
 * and twelve `setHeader` calls.
 */
export const securityHeaders = fp<SecurityHeadersOptions>(
  async (app, options) => {
    const headers = helmetHeaders(helmet(HELMET_OPTIONS));
    app.addHook("onRequest", (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
    if (options.corsOrigins.length > 0) {
      await app.register(cors, { origin: [...options.corsOrigins], credentials: false });
    }
  },
  { name: "tasklane-security-headers" },
);
