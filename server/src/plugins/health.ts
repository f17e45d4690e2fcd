import type { FastifyPluginAsync } from "fastify";
import type { AppDeps } from "../app-types";
import { pendingMigrations } from "../db/database";
import { VERSION } from "../version";

/** A database that does not answer within this is reported as not ready rather than waited on. */
const READY_TIMEOUT_MS = 3_000;

async function databaseProblem(deps: AppDeps): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve("The database did not answer in time"), READY_TIMEOUT_MS);
  });
  const check = pendingMigrations(deps.db).then(
    (pending) =>
      pending.length > 0 ? `Database migrations not applied yet: ${pending.join(", ")}` : undefined,
    () => "The database is not reachable",
  );
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For load balancers, systemd and container probes (not in the API docs). `/health`: the process
 * is alive and serves HTTP (it never touches the database, so a database outage does not get
 * instances restarted). `/ready`: this instance can serve users: its database answers and has
 * every migration applied; 503 with the reason otherwise, so a balancer sends it no traffic.
 * `/health` also names the release, so an operator can see which version each instance runs.
 */
export const health: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get("/health", { schema: { hide: true } }, async () => ({ status: "ok", version: VERSION }));

  app.get("/ready", { schema: { hide: true } }, async (request, reply) => {
    const problem = await databaseProblem(deps);
    if (problem) {
      request.log.warn({ problem }, "Not ready");
      return reply.status(503).send({ message: problem });
    }
    return { status: "ready" };
  });
};
