import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { apiRoutes } from "../../contract/routes";
import { benchEngines, type Engine } from "../lib/engines";
import { loadTest, type LoadFigures } from "../lib/measure";
import { budgetRow, budgetsTable, formatCount, formatMs, type BenchSection } from "../lib/report";
import { startApiServer } from "../support/api-server";
import { median } from "../support/bounded";

/**
 * Durable writes: POST /api/v1/tasks from 10 connections, closed loop (autocannon: each
 * connection sends its next create when the last is answered), each answered only after its
 * commit. What a burst of new tasks costs, e.g. an import or many people adding at once. Per engine.
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

async function runEngine(engine: Engine): Promise<LoadFigures> {
  const api = await startApiServer({
    databaseUrl: engine.databaseUrl,
    users: [{ label: "writes", tasks: 0 }],
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
    return await loadTest({ ...options, duration: SECONDS });
  } finally {
    await api.close();
  }
}

const tasksWrites: BenchSection = async () => {
  const { engines, skipped } = await benchEngines();
  const fsyncMs = fsyncMedianMs();
  const runs: Array<[Engine, LoadFigures]> = [];
  for (const engine of engines) runs.push([engine, await runEngine(engine)]);
  return {
    title: "Durable writes",
    tables: [
      {
        title: `POST /api/v1/tasks, autocannon ${CONNECTIONS} connections × ${SECONDS} s`,
        columns: ["engine", "creates/s", "p50", "p99", "creates", "errors"],
        rows: runs.map(([engine, figures]) => [
          engine.name,
          formatCount(figures.requestsPerSecond),
          formatMs(figures.p50),
          formatMs(figures.p99),
          formatCount(figures.total),
          formatCount(figures.failures),
        ]),
      },
      budgetsTable(
        runs.map(([engine, figures]) => {
          const row = budgetRow(
            `${engine.name}: creates/s at ${CONNECTIONS} connections, each answered after its commit${figures.failures > 0 ? ` (${figures.failures} errors)` : ""}`,
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
      ...runs.map(([engine]) => engine.durability),
      ...(skipped ? [skipped] : []),
      `One fsync of a 4 KiB append on this machine's temporary directory: ${formatMs(fsyncMs)} (median of 50); SQLite pays one per commit, on the server's event loop.`,
      "Every create is a real task for one bench user (new each run); any non-2xx answer fails the budget.",
    ],
  };
};

export default tasksWrites;
