import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { sql } from "kysely";
import { apiRoutes } from "../../contract/routes";
import { parseConfig } from "../../server/src/config";
import { openDatabase } from "../../server/src/db/database";
import { systemClock } from "../../server/src/lib/clock";
import { createTasks } from "../../server/src/modules/tasks/service";
import { seedHistory } from "../lib/history-user";
import { seedingDeps, seedUser } from "../lib/seed-user";
import { taskInputs } from "../support/api-server";
import { freePort } from "../support/bounded";
import { serverBuild } from "../support/server-build";
import { benchServerEnv, startServerProcess } from "../support/server-process";

/**
 * The list and search calls of `tasks-list`, for judging a change of the read path on a shared
 * machine: the compiled server (as the bench runs it) answers each call many times, and the
 * figure is the server process's CPU time per call, which busy neighbours move much less than
 * the time waited. Run it from two checkouts one after the other on the same seeded database:
 *
 *   npx tsx --tsconfig tsconfig.node.json bench/profile/tasks-list-ab.ts seed /tmp/list-ab [postgres-url]
 *   npx tsx --tsconfig tsconfig.node.json bench/profile/tasks-list-ab.ts time /tmp/list-ab [postgres-url]
 *
 * `seed` writes the bench's users, one with 10,000 tasks and one with 300 open and 5,000
 * completed, into `<dir>/tasklane.sqlite` or the PostgreSQL database, and their tokens into
 * `<dir>`. ONLY=<part of a label> times one call; BENCH_CPU_PROF=<dir> profiles the server.
 */

const COMPLETED_PAGE = `${apiRoutes.listTasks.path}?status=completed&order=completed_at&limit=50`;
const CALLS = [
  { label: "10,000-task list", user: 0, path: apiRoutes.listTasks.path, times: 30 },
  { label: "screen search", user: 0, path: `${COMPLETED_PAGE}&search=invoice`, times: 200 },
  { label: "unpaged search", user: 0, path: `${apiRoutes.listTasks.path}?search=invoice`, times: 100 },
  {
    label: "no-match search",
    user: 0,
    path: `${apiRoutes.listTasks.path}?search=dentist%20flights`,
    times: 100,
  },
  { label: "2-letter search", user: 0, path: `${apiRoutes.listTasks.path}?search=qu`, times: 50 },
  {
    label: "300-task open list",
    user: 1,
    path: `${apiRoutes.listTasks.path}?status=pending%2Cinprogress%2Ccancelled&with_subtasks=true`,
    times: 400,
  },
  // What any list call costs whatever its size: the session, the version, hooks, one small answer.
  { label: "one-task page", user: 1, path: `${COMPLETED_PAGE.replace("limit=50", "limit=1")}`, times: 1000 },
];

const [mode = "time", dir = "/tmp/list-ab", databaseUrl = ""] = process.argv.slice(2);

const tokensFile = path.join(dir, databaseUrl ? "tokens-postgres.json" : "tokens-sqlite.json");

/** The bench's two users, written straight into the database (migrated first). */
async function seed(env: Record<string, string>): Promise<void> {
  const config = parseConfig(env);
  const db = await openDatabase(config);
  const deps = seedingDeps(config, db);
  const many = await seedUser(deps, "10k");
  await createTasks(db, systemClock, many.id, taskInputs(10_000, 1));
  const longTime = await seedUser(deps, "history");
  await seedHistory({ open: 300, completed: 5_000 }, 7)(db, longTime.id);
  if (deps.engine === "postgres") await sql`analyze`.execute(db);
  writeFileSync(tokensFile, JSON.stringify([many.token, longTime.token]));
  await db.destroy();
}

async function main(): Promise<void> {
  const port = await freePort();
  const env = benchServerEnv({ port, dataDir: dir, databaseUrl, staticDir: path.join(dir, "no-spa") });
  if (mode === "seed") {
    await seed(env);
    return;
  }
  const tokens = JSON.parse(readFileSync(tokensFile, "utf8")) as string[];
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = await startServerProcess({ script: await serverBuild(), baseUrl, env });
  try {
    const only = process.env.ONLY;
    for (const call of CALLS.filter((c) => !only || c.label.includes(only))) {
      const headers = { authorization: `Bearer ${tokens[call.user]}` };
      for (let i = 0; i < 3; i += 1) await get(`${baseUrl}${call.path}`, headers);
      const wall: number[] = [];
      let bytes = 0;
      const cpuBefore = server.cpuMs();
      for (let i = 0; i < call.times; i += 1) {
        const start = performance.now();
        bytes = await get(`${baseUrl}${call.path}`, headers);
        wall.push(performance.now() - start);
      }
      const cpu = (server.cpuMs() - cpuBefore) / call.times;
      wall.sort((a, b) => a - b);
      console.log(
        `${call.label.padEnd(20)} ${String(bytes).padStart(9)} B  server cpu ${cpu.toFixed(2).padStart(7)} ms/call  median ${(wall[Math.floor(wall.length / 2)] ?? 0).toFixed(2).padStart(7)} ms`,
      );
    }
  } finally {
    await server.close();
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One GET, its body read as sent (no Accept-Encoding: uncompressed); the bytes received. */
function get(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () =>
          response.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url}: ${response.statusCode}`)),
        );
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

await main();
