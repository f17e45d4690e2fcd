/* global process, Buffer -- a Node script */
import { readFileSync } from "node:fs";
import Fastify from "fastify";

/**
 * The framework's own ceiling, run by the tasks-api section in a process of its own exactly as the
 * real server is: the same Fastify version with no plugins and no hooks, each route sending from
 * memory a body the real call answered. BARE_FASTIFY_ROUTES names a JSON file of
 * `[{ method, url, body }]`; POST and PUT bodies are parsed as the real server parses them.
 * Plain JavaScript, so that it runs with plain Node exactly as the compiled server does.
 */

const routesFile = process.env.BARE_FASTIFY_ROUTES;
if (!routesFile) throw new Error("BARE_FASTIFY_ROUTES must name the routes file");
const routes = JSON.parse(readFileSync(routesFile, "utf8"));

const app = Fastify({ logger: false });
for (const route of routes) {
  // Encoded once, as the real server keeps its answers: the fastest a body can be sent.
  const body = Buffer.from(route.body);
  app.route({
    method: route.method,
    url: route.url,
    handler: async (_request, reply) => reply.type("application/json; charset=utf-8").send(body),
  });
}
await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT) });
process.once("SIGTERM", () => {
  void app.close().then(() => process.exit(0));
});
