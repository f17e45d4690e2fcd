import http from "node:http";
import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { apiRoutes } from "../../contract/routes";
import { benchEngines, type Engine } from "../lib/engines";
import { loadTest, percentile, type LoadFigures } from "../lib/measure";
import { budgetRow, budgetsTable, formatCount, formatMs, type BenchSection } from "../lib/report";
import { startApiServer } from "../support/api-server";
import { median } from "../support/bounded";

/**
 * Durable writes: POST /api/v1/tasks from 10 connections, closed loop (each connection sends its
 * next create when the last is answered), each answered only after its commit: from one user (a
 * burst of one person's new tasks, an import), then from 10 users at once (many people adding).
 * Per engine.
 */

const CONNECTIONS = 10;
const SECONDS = 10;
const CREATES_BUDGET = 800;

const CREATE_BODY = JSON.stringify({
  title: "Bench task",
  description: "Created by the benchmark",
  priority: "high",
  tags: ["bench"],
});

/**
 * What one fsync of a small append costs on the disk under the temporary directory (where the
 * bench's SQLite file lives), median of 50: every durable commit pays at least this.
 */
function fsyncMedianMs(): number {
  const dir = mkdtempSync(path.join(tmpdir(), "tasklane-bench-fsync-"));
  const fd = openSync(path.join(dir, "probe"), "a");
  try {
    const page = Buffer.alloc(4096, 1);
    const times: number[] = [];
    for (let index = 0; index < 50; index += 1) {
      writeSync(fd, page);
      const start = performance.now();
      fsyncSync(fd);
      times.push(performance.now() - start);
    }
    return median(times);
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Creates from `tokens.length` connections, one user each, closed loop (each connection sends its
 * next create when the last is answered) for `seconds`: many people adding tasks at once, as a
 * server sees them, each user's writes taking only that user's row lock.
 */
async function createsFromSeveralUsers(
  baseUrl: string,
  tokens: string[],
  seconds: number,
): Promise<LoadFigures> {
  const url = new URL(`${baseUrl}${apiRoutes.createTask.path}`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: tokens.length });
  const latencies: number[] = [];
  let failures = 0;
  const end = performance.now() + seconds * 1000;
  const create = (token: string) =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const request = http.request(
        url,
        {
          agent,
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          timeout: 10_000,
        },
        (response) => {
          response.resume();
          response.on("end", () => {
            if (response.statusCode !== 201) failures += 1;
            latencies.push(performance.now() - started);
            resolve();
          });
        },
      );
      request.on("timeout", () => request.destroy(new Error("timeout")));
      request.on("error", () => {
        failures += 1;
        resolve();
      });
      request.end(CREATE_BODY);
    });
  await Promise.all(
    tokens.map(async (token) => {
      while (performance.now() < end) await create(token);
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    total: latencies.length,
    failures,
  };
}

interface EngineRun {
  oneUser: LoadFigures;
  severalUsers: LoadFigures;
}

async function runEngine(engine: Engine): Promise<EngineRun> {
  const api = await startApiServer({
    databaseUrl: engine.databaseUrl,
    users: Array.from({ length: CONNECTIONS }, (_, index) => ({ label: `writes${index}`, tasks: 0 })),
  });
  try {
    const [writer] = api.users;
    if (!writer) throw new Error("No bench user was seeded");
    const options = {
      url: `${api.server.baseUrl}${apiRoutes.createTask.path}`,
      method: "POST" as const,
      connections: CONNECTIONS,
      headers: { authorization: `Bearer ${writer.token}`, "content-type": "application/json" },
      body: CREATE_BODY,
    };
    await loadTest({ ...options, duration: 2 }); // warm-up, not counted
    const oneUser = await loadTest({ ...options, duration: SECONDS });
    const tokens = api.users.map((user) => user.token);
    const severalUsers = await createsFromSeveralUsers(api.server.baseUrl, tokens, SECONDS);
    return { oneUser, severalUsers };
  } finally {
    await api.close();
  }
}

const tasksWrites: BenchSection = async () => {
  const { engines, skipped } = await benchEngines();
  const fsyncMs = fsyncMedianMs();
  const byEngine: Array<[Engine, EngineRun]> = [];
  for (const engine of engines) byEngine.push([engine, await runEngine(engine)]);
  const runs = byEngine.flatMap(([engine, run]): Array<[Engine, LoadFigures, string]> => [
    [engine, run.oneUser, `one user, ${CONNECTIONS} connections`],
    [engine, run.severalUsers, `${CONNECTIONS} users, a connection each`],
  ]);
  return {
    title: "Durable writes",
    tables: [
      {
        title: `POST /api/v1/tasks, ${CONNECTIONS} connections × ${SECONDS} s, closed loop`,
        columns: ["engine", "writers", "creates/s", "p50", "p99", "creates", "errors"],
        rows: runs.map(([engine, figures, writers]) => [
          engine.name,
          writers,
          formatCount(figures.requestsPerSecond),
          formatMs(figures.p50),
          formatMs(figures.p99),
          formatCount(figures.total),
          formatCount(figures.failures),
        ]),
      },
      budgetsTable(
        runs.map(([engine, figures, writers]) => {
          const row = budgetRow(
            `${engine.name}: creates/s, ${writers}, each answered after its commit${figures.failures > 0 ? ` (${figures.failures} errors)` : ""}`,
            figures.failures > 0 ? 0 : figures.requestsPerSecond,
            { atLeast: CREATES_BUDGET },
            "creates/s",
            formatCount,
          );
          // Without fsync the figure is not the budget's: say so beside the verdict.
          return engine.durable ? row : [...row.slice(0, -1), `${row.at(-1)} (not durable)`];
        }),
      ),
    ],
    notes: [
      ...byEngine.map(([engine]) => engine.durability),
      ...(skipped ? [skipped] : []),
      `One fsync of a 4 KiB append on this machine's temporary directory: ${formatMs(fsyncMs)} (median of 50); SQLite pays one per commit, on the server's event loop.`,
      `Every create is a real task of a bench user (new each run): first one user from ${CONNECTIONS} connections (autocannon), whose creates wait for one another on that user's row lock on PostgreSQL; then ${CONNECTIONS} users, one connection each (from this process), as a server with many people sees them. Any non-2xx answer fails the budget.`,
    ],
  };
};

export default tasksWrites;
