import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../../server/src/db/database";
import { systemClock } from "../../server/src/lib/clock";
import { createTasks, listTasksJson } from "../../server/src/modules/tasks/service";
import { seedUser } from "../lib/seed-user";
import { taskInputs } from "../support/api-server";

/**
 * The 10,000-task list's text, in-process: `npx tsx --tsconfig tsconfig.node.json
 * bench/profile/task-list-json.ts [runs] [--postgres]`. Seeds one user as the tasks-api section
 * does (SQLite: a fresh file, WAL; --postgres: BENCH_DATABASE_URL or DATABASE_URL), then times
 * listTasksJson and the Buffer the route sends, one call after another, with no HTTP: what the list
 * costs the server when nothing is kept. Prints the median and the quartiles.
 */
const args = process.argv.slice(2);
const postgres = args.includes("--postgres");
const runs = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 30);
const databaseUrl = postgres ? (process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL) : undefined;
if (postgres && !databaseUrl) throw new Error("--postgres needs BENCH_DATABASE_URL or DATABASE_URL");

const dataDir = mkdtempSync(path.join(tmpdir(), "tasklane-list-json-"));
const config = { databaseUrl, dataDir };
const db = await openDatabase(config);
try {
  // seedUser reads only the database and the clock.
  const user = await seedUser({ db, clock: systemClock } as Parameters<typeof seedUser>[0], "list-json");
  await createTasks(db, systemClock, user.id, taskInputs(10_000, 10_000));
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < runs + 3; run += 1) {
    const start = performance.now();
    const body = Buffer.from(await listTasksJson(db, user.id, {}));
    const ms = performance.now() - start;
    bytes = body.length;
    if (run >= 3) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => (times[Math.floor(q * (times.length - 1))] ?? 0).toFixed(1);
  console.log(
    `${postgres ? "PostgreSQL" : "SQLite"}: ${bytes} bytes; median ${at(0.5)} ms (quartiles ${at(0.25)}–${at(0.75)}, ${runs} runs)`,
  );
} finally {
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
