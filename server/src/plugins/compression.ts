import { constants } from "node:zlib";
import compress from "@fastify/compress";
import fp from "fastify-plugin";

/**
 * Answers over 8 KB are compressed (gzip or brotli, as the client accepts): a smaller answer fits
 * in the first round trip anyway, so compressing it would cost CPU and save no time. The levels
 * are the cheap ones (gzip 1, brotli 2): on a 2-core server a list of 300 tasks compresses about
 * as small at a tenth of the default levels' CPU time. Static assets that the build compressed
 * ahead of time are sent as they are by the static-SPA plugin instead.
 */
export const compression = fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      threshold: 8 * 1024,
      zlibOptions: { level: 1 },
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 2 } },
    });
  },
  { name: "tasklane-compression" },
);
