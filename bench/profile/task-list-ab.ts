import { apiRoutes, pathFor } from "../../contract/routes";
import { loadTest, sequentialLatency } from "../lib/measure";
import { startApiServer } from "../support/api-server";

/**
 * A/B of compiled server builds on the 10,000-task list right after a change, and on the writes:
 * `npx tsx --tsconfig tsconfig.node.json bench/profile/task-list-ab.ts [--postgres] [--rounds N]
 * <build A main.mjs> <build B main.mjs> …` (builds made with `node scripts/build-server.mjs --outdir
 * DIR`). Runs the builds alternately, each on freshly seeded users as the tasks-api section seeds
 * them: the section's own measure of the list right after a change (a PUT, untimed, then the GET),
 * a few GETs with nothing changed, and a PUT and a POST load (autocannon) with the server's CPU
 * time per request. --postgres uses BENCH_DATABASE_URL (or DATABASE_URL); --writes measures only
 * the writes (no 10,000-task user), for more rounds in the same time.
 */

const args = process.argv.slice(2);
const postgres = args.includes("--postgres");
const writesOnly = args.includes("--writes");
const roundsAt = args.indexOf("--rounds");
const rounds = roundsAt === -1 ? 2 : Number(args[roundsAt + 1]);
const builds = args.filter((arg, index) => arg.endsWith(".mjs") && args[index - 1] !== "--rounds");
const databaseUrl = postgres ? (process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL) : undefined;
if (postgres && !databaseUrl) throw new Error("--postgres needs BENCH_DATABASE_URL or DATABASE_URL");
if (builds.length === 0) throw new Error("name at least one build (main.mjs)");

const list = apiRoutes.listTasks.path;

async function call(baseUrl: string, token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      "accept-encoding": "identity",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return text;
}

/** PUT (status toggled) and POST under load: req/s and the server's CPU time per request. */
async function writeLoads(baseUrl: string, token: string, cpuMs: () => number): Promise<string> {
  const load = async (requests: object[]) => {
    const options = {
      url: baseUrl,
      connections: 10,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      requests,
    };
    // A warm-up outside the measure: start-up and JIT compilation are not the call's cost.
    await loadTest({ ...options, duration: 1 });
    const cpuBefore = cpuMs();
    const figures = await loadTest({ ...options, duration: 3 });
    const cpu = (cpuMs() - cpuBefore) / figures.total;
    return `${Math.round(figures.requestsPerSecond)} req/s, ${cpu.toFixed(3)} ms CPU/req`;
  };
  const created = JSON.parse(await call(baseUrl, token, "POST", list, { title: "A/B", tags: ["bench"] })) as {
    id: string;
  };
  const put = await load(
    ["completed", "pending"].map((status) => ({
      method: "PUT",
      path: pathFor(apiRoutes.updateTask.path, { id: created.id }),
      body: JSON.stringify({ status }),
    })),
  );
  const post = await load([
    { method: "POST", path: list, body: JSON.stringify({ title: "A/B", tags: ["bench"] }) },
  ]);
  return `PUT ${put} | POST ${post}`;
}

async function measure(script: string): Promise<string> {
  const api = await startApiServer({
    databaseUrl,
    script,
    users: [
      { label: "10k", tasks: writesOnly ? 0 : 10_000 },
      { label: "writes", tasks: 0 },
    ],
  });
  try {
    const [large, writer] = api.users;
    if (!large || !writer) throw new Error("no users");
    const { baseUrl } = api.server;
    const writes = await writeLoads(baseUrl, writer.token, api.server.cpuMs);
    if (writesOnly) return writes;
    const kept = await sequentialLatency(
      () => call(baseUrl, large.token, "GET", list).then(() => undefined),
      {
        iterations: 20,
        maxMs: 5_000,
      },
    );
    const task = pathFor(apiRoutes.updateTask.path, { id: large.firstTaskId });
    let flip = 0;
    const changed = await sequentialLatency(
      async () => {
        flip += 1;
        await call(baseUrl, large.token, "PUT", task, { status: flip % 2 ? "completed" : "pending" });
        const start = performance.now();
        await call(baseUrl, large.token, "GET", list);
        return performance.now() - start;
      },
      { iterations: 20, maxMs: 5_000 },
    );
    const rss = api.server.residentBytes() / 1024 ** 2;
    return [
      `changed p50 ${changed.p50.toFixed(1)} ms (p99 ${changed.p99.toFixed(1)})`,
      `kept p50 ${kept.p50.toFixed(1)} ms`,
      `RSS ${rss.toFixed(0)} MB`,
      writes,
    ].join(" | ");
  } finally {
    await api.close();
  }
}

for (let round = 0; round < rounds; round += 1) {
  for (const [index, script] of builds.entries()) {
    console.log(`${String.fromCharCode(65 + index)} ${await measure(script)}`);
  }
}
