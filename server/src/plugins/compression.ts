import compress from "@fastify/compress";
import fp from "fastify-plugin";

/**
 * Responses over 1 KB are compressed (brotli or gzip, as the client accepts). Static assets that
 * the build compressed ahead of time are sent as they are by the static-SPA plugin instead.
 */
export const compression = fp(
  async (app) => {
    await app.register(compress, { global: true, threshold: 1024 });
  },
  { name: "tasklane-compression" },
);
