import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { apiRoutes, pathFor } from "../../contract/routes";
import { loadTest } from "../lib/measure";
import { startApiServer } from "../support/api-server";
import { measureCpuSplit, type CpuSplit } from "../support/cpu-split";
import { giveEachConnectionATask, OWN_TASK_PER_CONNECTION } from "../support/own-tasks";
import { summariseCpuProfile } from "./summarise-cpu-profile";

/**
 * Where the server's time goes, per call: `npx tsx --tsconfig tsconfig.node.json
 * bench/profile/tasks-api.ts [list|stats|create|update|health]… [--postgres]`. For each call, the real
 * server (as in the tasks-api bench section, 1,000 tasks) runs in its own process under
 * `node --cpu-prof` while autocannon loads only that call; the profile is then summarised: self
 * time by package or server file, the busiest functions, and the inclusive time of hooks and
 * handlers. Before the summary, one line says how the machine's CPU was shared over the load
 * (cpu-split.ts: the server, autocannon, PostgreSQL's local processes, idle). --postgres uses
 * BENCH_DATABASE_URL (or DATABASE_URL); --no-profile prints only the throughput, the server's CPU
 * time per request and that line, for A/B comparisons on a busy machine.
 */

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 8);
const CALLS = ["list", "stats", "create", "update", "health"] as const;
type Call = (typeof CALLS)[number];

/** Server functions whose inclusive time is worth seeing: hooks, handlers, serialisers. */
const INCLUSIVE =
  /server\/src|helmet|@fastify\/compress|fastify-type-provider-zod|serialize|preSerialization|onSendHook|hookRunner|kysely.*executeQuery|JSON\.stringify/;

/** One line: each process's share of a core over the load, and the machine's idle share. */
function describeSplit(split: CpuSplit, postgres: boolean): string {
  const core = (value: number) => `${value.toFixed(0)} % of a core`;
  return [
    `CPU over the load: server ${core(split.server)}`,
    `load generator (this process) ${core(split.loadGenerator)}`,
    ...(postgres ? [`PostgreSQL's local processes ${core(split.postgres)}`] : []),
    `machine idle ${split.idle.toFixed(0)} % of ${split.cores} cores`,
  ].join(", ");
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1).padStart(5)} %`;

async function profileCall(call: Call, databaseUrl: string | undefined): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), `tasklane-profile-${call}-`));
  const api = await startApiServer({
    databaseUrl,
    users: [
      { label: "1k", tasks: 1_000 },
      { label: "writes", tasks: 0 },
    ],
    cpuProfileDir: profiling ? dir : undefined,
  });
  let requests = 0;
  let window: [number, number] = [0, 0];
  try {
    const [reader, writer] = api.users;
    if (!reader || !writer) throw new Error("no users");
    const list = apiRoutes.listTasks.path;
    const requestOf: Record<Call, { token: string; requests: object[] }> = {
      list: { token: reader.token, requests: [{ method: "GET", path: list }] },
      stats: { token: reader.token, requests: [{ method: "GET", path: apiRoutes.taskStats.path }] },
      create: {
        token: writer.token,
        requests: [
          { method: "POST", path: list, body: JSON.stringify({ title: "Profiled", tags: ["bench"] }) },
        ],
      },
      // No authentication, no database: what every request pays to Fastify and the plugins.
      health: { token: reader.token, requests: [{ method: "GET", path: "/health" }] },
      // Each connection toggles a task of its own, as in the bench's section: every PUT writes.
      update: {
        token: reader.token,
        requests: ["completed", "pending"].map((status) => ({
          method: "PUT",
          path: pathFor(apiRoutes.updateTask.path, { id: reader.firstTaskId }),
          body: JSON.stringify({ status }),
          setupRequest: OWN_TASK_PER_CONNECTION,
        })),
      },
    };
    if (call === "update") {
      const listed = await fetch(`${api.server.baseUrl}${list}`, {
        headers: { authorization: `Bearer ${reader.token}` },
      });
      giveEachConnectionATask(await listed.text(), 10);
    }
    const { token, requests: sequence } = requestOf[call];
    // A warm-up outside the profiled window: start-up and JIT compilation are not the call's cost.
    await loadTest({
      url: api.server.baseUrl,
      duration: 2,
      connections: 10,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      requests: sequence,
    });
    const from = Number(process.hrtime.bigint() / 1000n);
    const endCpuSplit = measureCpuSplit(api.server.pid);
    const figures = await loadTest({
      url: api.server.baseUrl,
      duration: SECONDS,
      connections: 10,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      requests: sequence,
    });
    const split = endCpuSplit();
    requests = figures.total;
    window = [from, Number(process.hrtime.bigint() / 1000n)];
    const cpuPerRequest = split ? (1000 * split.serverMs) / Math.max(1, figures.total) : Number.NaN;
    console.log(
      `\n=== ${call}: ${figures.requestsPerSecond.toFixed(0)} req/s, p50 ${figures.p50} ms, ${figures.failures} failures, server CPU ${cpuPerRequest.toFixed(0)} µs/request`,
    );
    if (split) console.log(describeSplit(split, databaseUrl !== undefined));
  } finally {
    await api.close();
  }
  if (!profiling) {
    rmSync(dir, { recursive: true, force: true });
    return;
  }
  const file = readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
  if (!file) throw new Error(`no profile in ${dir}`);
  const summary = summariseCpuProfile(path.join(dir, file), { inclusiveOf: INCLUSIVE, window });
  const perRequest = (ms: number) => `${((1000 * ms) / Math.max(1, requests)).toFixed(1).padStart(7)} µs/req`;
  console.log(
    `busy ${summary.busyMs.toFixed(0)} ms, idle ${summary.idleMs.toFixed(0)} ms, ${requests} requests: ${perRequest(summary.busyMs)}`,
  );
  console.log("-- self time by place");
  for (const [place, ms] of summary.byPlace.slice(0, 25))
    console.log(`${percent(ms, summary.busyMs)} ${perRequest(ms)}  ${place}`);
  console.log("-- busiest functions (self)");
  for (const [name, ms] of summary.byFunction.slice(0, 30))
    console.log(`${percent(ms, summary.busyMs)} ${perRequest(ms)}  ${name}`);
  console.log("-- inclusive (synchronous part) of server code, hooks, serialisers");
  for (const [name, ms] of summary.inclusive.slice(0, 40))
    console.log(`${percent(ms, summary.busyMs)} ${perRequest(ms)}  ${name}`);
  if (!process.env.PROFILE_KEEP) rmSync(dir, { recursive: true, force: true });
  else console.log(`profile kept in ${dir}`);
}

const args = process.argv.slice(2);
/** --no-profile: only the throughput and the server's CPU time per request (A/B comparisons). */
const profiling = !args.includes("--no-profile");
const databaseUrl = args.includes("--postgres")
  ? (process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL)
  : undefined;
if (args.includes("--postgres") && !databaseUrl) throw new Error("--postgres needs BENCH_DATABASE_URL");
const wanted = CALLS.filter((call) => args.includes(call));
for (const call of wanted.length > 0 ? wanted : CALLS.filter((call) => call !== "health"))
  await profileCall(call, databaseUrl);
