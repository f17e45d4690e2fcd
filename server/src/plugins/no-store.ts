import fp from "fastify-plugin";

/** Paths whose answers belong to one signed-in person or carry a token. */
const PRIVATE_PREFIXES = ["/auth/", "/api/", "/premium/", "/inbound/"];

/**
 * Answers that carry a token or account data (sign-in, the user, tasks, usage) are never kept by
 * a browser or a shared cache: `Cache-Control: no-store`, unless a route sets its own policy
 * (set here as the request arrives, so a route's own header replaces it).
 */
export const noStore = fp(
  async (app) => {
    app.addHook("onRequest", (request, reply, done) => {
      const url = request.url;
      if (PRIVATE_PREFIXES.some((prefix) => url.startsWith(prefix)))
        reply.header("cache-control", "no-store");
      done();
    });
  },
  { name: "tasklane-no-store" },
);
