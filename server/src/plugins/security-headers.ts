import cors from "@fastify/cors";
import helmet from "@fastify/helmet";
import fp from "fastify-plugin";

export interface SecurityHeadersOptions {
  /** Origins allowed to call the API from a browser; empty: same origin only (no CORS headers). */
  corsOrigins: readonly string[];
}

/**
 * Protective headers on every response. The Content-Security-Policy allows only the app's own
 * scripts (no inline script, no eval), its own styles (plus inline style attributes, which the UI
 * library sets), images and fonts from itself or data: URLs, and no framing by other sites.
 */
export const securityHeaders = fp<SecurityHeadersOptions>(
  async (app, options) => {
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
    if (options.corsOrigins.length > 0) {
      await app.register(cors, { origin: [...options.corsOrigins], credentials: false });
    }
  },
  { name: "tasklane-security-headers" },
);
