import { timingSafeEqual } from "node:crypto";
import fp from "fastify-plugin";
import type { AppDeps } from "../app-types";
import { queueCounts } from "../jobs/queue-repository";
import { NotFound, Unauthenticated } from "../lib/domain-errors";
import {
  httpRequestDuration,
  jobsOldestQueuedAge,
  jobsQueued,
  jobsRunning,
  metricsRegistry,
} from "../lib/metrics";
import { hashToken } from "../lib/opaque-tokens";
import { jobKinds } from "../services";

/** Compared as digests: the same length whatever is sent, and in constant time. */
function isToken(given: string, expected: string): boolean {
  return timingSafeEqual(Buffer.from(hashToken(given)), Buffer.from(hashToken(expected)));
}

/** The job gauges, read from the database the instances share. */
async function readQueue(deps: AppDeps): Promise<void> {
  const now = deps.clock.now();
  const counts = new Map((await queueCounts(deps.db, now.toISOString())).map((row) => [row.kind, row]));
  const kinds = new Set([...jobKinds.map((kind) => kind.kind), ...counts.keys()]);
  for (const kind of kinds) {
    const row = counts.get(kind);
    jobsQueued.set({ kind }, row?.due ?? 0);
    jobsRunning.set({ kind }, row?.running ?? 0);
    const waited = row?.oldestDueAt ? (now.getTime() - Date.parse(row.oldestDueAt)) / 1000 : 0;
    jobsOldestQueuedAge.set({ kind }, Math.max(0, waited));
  }
}

/**
 * Prometheus metrics. Every response is counted and timed by its route's pattern (a path no
 * route has counts as "unmatched", so made-up paths add no series). GET /metrics answers the
 * text format when METRICS_TOKEN is set and sent as a bearer token (401 otherwise); unset, it
 * answers 404, as if there were no such route.
 */
export const metrics = fp<{ deps: AppDeps }>(
  async (app, { deps }) => {
    app.addHook("onResponse", (request, reply, done) => {
      httpRequestDuration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? "unmatched",
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
      done();
    });

    app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
      const token = deps.config.metricsToken;
      if (!token) throw new NotFound("Route GET /metrics not found");
      const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? "")?.[1] ?? "";
      if (!isToken(given, token)) {
        reply.header("www-authenticate", 'Bearer realm="metrics"');
        throw new Unauthenticated("A valid METRICS_TOKEN bearer token is required");
      }
      await readQueue(deps);
      return reply
        .header("cache-control", "no-store")
        .type(metricsRegistry.contentType)
        .send(await metricsRegistry.metrics());
    });
  },
  { name: "tasklane-metrics" },
);
