import fp from "fastify-plugin";

/** Paths whose answers belong to one signed-in person or carry a token. */
const PRIVATE_PREFIXES = ["/auth/", "/api/", "/premium/", "/inbound/"];

/**
 * Answers that carry a token or account data (sign-in, the user, tasks, usage) are never kept by
 * a browser or a shared cache: `Cache-Control: no-store`, unless a route set its own policy.
 */
export const noStore = fp(
  async (app) => {
    app.addHook("onSend", async (request, reply, payload) => {
      const pathname = request.url.split("?")[0] ?? "";
      if (
        !reply.hasHeader("cache-control") &&
        PRIVATE_PREFIXES.some((prefix) => pathname.startsWith(prefix))
      ) {
        reply.header("cache-control", "no-store");
      }
      return payload;
    });
  },
  { name: "tasklane-no-store" },
);
