import { apiRoutes, pathFor } from "../../contract/routes";
import type { TaskStatus } from "../../contract/tasks";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadTest, sequentialLatency, type LoadFigures } from "../lib/measure";
import {
  budgetRow,
  budgetsTable,
  formatBytes,
  formatCount,
  formatMs,
  formatRatio,
  holds,
  type BenchSection,
  type BenchTable,
} from "../lib/report";
import { freePort } from "../support/bounded";
import { startApiServer, type SeededUser } from "../support/api-server";
import { giveEachConnectionATask, OWN_TASK_PER_CONNECTION } from "../support/own-tasks";
import { startServerProcess, type ServerProcess } from "../support/server-process";

/**
 * The tasks API at scale: list and stats latency with 1,000 and 10,000 tasks, the server's
 * resident memory after the 10,000-task list, and the throughput of the task calls against the
 * framework's own ceiling — a bare Fastify (same version, no plugins, no hooks) started here,
 * answering the very bodies the real calls answered, from memory. The server and the ceiling each
 * run in a process of their own; autocannon loads them from a worker thread of this one. SQLite always; PostgreSQL too
 * when BENCH_DATABASE_URL (or DATABASE_URL) names one, side by side.
 */

const LOAD_SECONDS = 4;
const CONNECTIONS = 10;
/** One GET /api/v1/tasks with 10,000 tasks, p50 over loopback without compression. */
const LARGE_LIST_BUDGET_MS = 40;
/** The server's resident memory after answering the 10,000-task list. */
const RSS_BUDGET_MB = 200;

/** Bodies the ceiling returns: captured from the real calls in this run. */
interface Bodies {
  list: string;
  stats: string;
  created: string;
  updated: string;
}

type CallName = keyof Bodies;

interface LoadCall {
  name: CallName;
  label: string;
  method: "GET" | "POST" | "PUT";
  /** The minimum share of the bare-Fastify ceiling the call must reach */
  budget: number;
}

const LOAD_CALLS: LoadCall[] = [
  { name: "list", label: "GET /api/v1/tasks (1,000 tasks)", method: "GET", budget: 0.6 },
  { name: "stats", label: "GET /api/v1/tasks/stats (1,000 tasks)", method: "GET", budget: 0.25 },
  { name: "created", label: "POST /api/v1/tasks (durable)", method: "POST", budget: 0.12 },
  { name: "updated", label: "PUT /api/v1/tasks/{id} (durable, status toggled)", method: "PUT", budget: 0.12 },
];

const CEILING_PATHS: Record<CallName, string> = {
  list: "/tasks",
  stats: "/tasks/stats",
  created: "/tasks",
  updated: "/tasks/:id",
};

/**
 * The framework's own limit: a bare Fastify of the same version, no plugins, no hooks, in its own
 * process like the real server, each route sending a captured body from memory (POST and PUT
 * bodies are parsed as the real server does).
 */
async function startCeiling(bodies: Bodies, dataDir: string): Promise<ServerProcess> {
  const routesFile = path.join(dataDir, "bare-fastify-routes.json");
  const routes = LOAD_CALLS.map((call) => ({
    method: call.method,
    url: CEILING_PATHS[call.name],
    body: bodies[call.name],
  }));
  writeFileSync(routesFile, JSON.stringify(routes));
  const port = await freePort();
  return startServerProcess({
    script: "bench/support/bare-fastify.mjs",
    baseUrl: `http://127.0.0.1:${port}`,
    env: { PORT: String(port), BARE_FASTIFY_ROUTES: routesFile },
    readyPath: CEILING_PATHS.stats,
  });
}

async function call(
  bench: { baseUrl: string },
  token: string,
  method: string,
  path: string,
  options: { body?: unknown; encoding?: string } = {},
): Promise<string> {
  const { body, encoding } = options;
  const response = await fetch(`${bench.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(encoding ? { "accept-encoding": encoding } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 200)}`);
  return text;
}

const CREATE_BODY = {
  title: "Bench task",
  description: "Created by the benchmark",
  priority: "high",
  tags: ["bench"],
};
const UPDATE_BODIES = [{ status: "completed" }, { status: "pending" }];

interface EngineRun {
  seeding: string[][];
  latency: string[][];
  largeListP50: number;
  /**
   * The same call right after a change made through this server (the kept list is brought up to
   * date with the tasks the change touched), and right after one made elsewhere (another
   * instance, the e-mail intake: nothing kept is usable, the list is read and serialised whole).
   */
  largeListChangedP50: number;
  largeListElsewhereP50: number;
  rssMb: number;
  bodies: Bodies;
  load: Record<CallName, LoadFigures>;
}

function requestsOf(method: LoadCall["method"], path: string, bodies: unknown[], setupRequest?: string) {
  return bodies.length > 0
    ? bodies.map((body) => ({
        method,
        path,
        body: JSON.stringify(body),
        ...(setupRequest ? { setupRequest } : {}),
      }))
    : [{ method, path }];
}

function bodiesFor(name: CallName): unknown[] {
  if (name === "created") return [CREATE_BODY];
  if (name === "updated") return UPDATE_BODIES;
  return [];
}

/** Seeds, times and loads the real server on one database. */
async function runEngine(databaseUrl: string | undefined): Promise<EngineRun> {
  const api = await startApiServer({
    databaseUrl,
    users: [
      { label: "1k", tasks: 1_000 },
      { label: "10k", tasks: 10_000 },
      { label: "writes", tasks: 0 },
    ],
  });
  try {
    const [small, large, writer] = api.users as [SeededUser, SeededUser, SeededUser];
    const running = api.server;
    const seeding = api.seeding
      .filter(({ tasks }) => tasks > 0)
      .map(({ tasks, ms }) => [`createTasks, ${formatCount(tasks)} tasks in one transaction`, formatMs(ms)]);

    // Sequential latency: one request at a time, the whole round trip over loopback.
    const latency: string[][] = [];
    const recordLatency = <F extends { p50: number; p99: number; samples: number }>(
      label: string,
      bytes: number,
      figures: F,
    ): F => {
      latency.push([
        label,
        formatBytes(bytes),
        formatMs(figures.p50),
        formatMs(figures.p99),
        String(figures.samples),
      ]);
      return figures;
    };
    const timeCall = async (
      label: string,
      token: string,
      path: string,
      iterations: number,
      encoding?: string,
    ) => {
      let bytes = 0;
      const figures = await sequentialLatency(
        async () => {
          bytes = (await call(running, token, "GET", path, { encoding })).length;
        },
        { iterations, maxMs: 5_000 },
      );
      return recordLatency(label, bytes, figures);
    };
    const list = apiRoutes.listTasks.path;
    const stats = apiRoutes.taskStats.path;
    await timeCall("GET /api/v1/tasks — 1,000 tasks", small.token, list, 200, "identity");
    const largeList = await timeCall("GET /api/v1/tasks — 10,000 tasks", large.token, list, 40, "identity");
    const rssMb = running.residentBytes() / 1024 ** 2;
    // The same call right after a change (not timed): the server's kept answer is out of date.
    // What a client pays after every change.
    const largeTask = pathFor(apiRoutes.updateTask.path, { id: large.firstTaskId });
    let flip = 0;
    const timeAfterChange = async (label: string, change: (status: TaskStatus) => Promise<unknown>) => {
      let bytes = 0;
      const figures = await sequentialLatency(
        async () => {
          flip += 1;
          await change(flip % 2 ? "completed" : "pending");
          const start = performance.now();
          bytes = (await call(running, large.token, "GET", list, { encoding: "identity" })).length;
          return performance.now() - start;
        },
        { iterations: 20, maxMs: 5_000 },
      );
      return recordLatency(label, bytes, figures);
    };
    // A PUT through this server: its kept list is brought up to date as after any change (below).
    const largeListChanged = await timeAfterChange(
      "GET /api/v1/tasks — 10,000 tasks, right after a change made here",
      (status) => call(running, large.token, "PUT", largeTask, { body: { status } }),
    );
    // A change made by another instance (the server is not told of it): the kept list is brought
    // up to date with the tasks and deletions of a later version read from the database.
    const largeListElsewhere = await timeAfterChange(
      "GET /api/v1/tasks — 10,000 tasks, right after another instance's change",
      (status) => api.changeElsewhere(large.id, large.firstTaskId, status),
    );
    await timeCall(
      "GET /api/v1/tasks — 10,000 tasks, gzip (as a browser asks)",
      large.token,
      list,
      20,
      "gzip",
    );
    await timeCall(
      "GET /api/v1/tasks?status=pending,in_progress&tags=work — 10,000",
      large.token,
      `${list}?status=pending,in_progress&tags=work`,
      100,
      "identity",
    );
    await timeCall(
      "GET /api/v1/tasks?search=invoice — 10,000",
      large.token,
      `${list}?search=invoice`,
      100,
      "identity",
    );
    await timeCall("GET /api/v1/tasks/stats — 1,000 tasks", small.token, stats, 300, "identity");
    await timeCall("GET /api/v1/tasks/stats — 10,000 tasks", large.token, stats, 200, "identity");

    const taskPath = pathFor(apiRoutes.updateTask.path, { id: small.firstTaskId });
    const bodies: Bodies = {
      list: await call(running, small.token, "GET", list),
      stats: await call(running, small.token, "GET", stats),
      created: await call(running, writer.token, "POST", list, { body: CREATE_BODY }),
      updated: await call(running, small.token, "PUT", taskPath, { body: UPDATE_BODIES[0] }),
    };

    // The PUT load's tasks: one per connection, so that every PUT writes.
    giveEachConnectionATask(bodies.list, CONNECTIONS);
    const paths: Record<CallName, { token: string; path: string }> = {
      list: { token: small.token, path: list },
      stats: { token: small.token, path: stats },
      created: { token: writer.token, path: list },
      updated: { token: small.token, path: taskPath },
    };
    // A short warm-up so the first measured run does not pay for JIT compilation.
    await loadTest({
      url: `${running.baseUrl}${list}`,
      duration: 1,
      headers: { authorization: `Bearer ${small.token}` },
    });
    const load = {} as Record<CallName, LoadFigures>;
    for (const { name, method } of LOAD_CALLS) {
      const { token, path } = paths[name];
      load[name] = await loadTest({
        url: running.baseUrl,
        duration: LOAD_SECONDS,
        connections: CONNECTIONS,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        requests: requestsOf(
          method,
          path,
          bodiesFor(name),
          name === "updated" ? OWN_TASK_PER_CONNECTION : undefined,
        ),
      });
    }
    return {
      seeding,
      latency,
      largeListP50: largeList.p50,
      largeListChangedP50: largeListChanged.p50,
      largeListElsewhereP50: largeListElsewhere.p50,
      rssMb,
      bodies,
      load,
    };
  } finally {
    await api.close();
  }
}

async function runCeiling(bodies: Bodies, firstTaskId: string): Promise<Record<CallName, LoadFigures>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "tasklane-bench-ceiling-"));
  const ceiling = await startCeiling(bodies, dataDir);
  try {
    await loadTest({ url: `${ceiling.baseUrl}/tasks`, duration: 1 });
    const load = {} as Record<CallName, LoadFigures>;
    for (const { name, method } of LOAD_CALLS) {
      load[name] = await loadTest({
        url: ceiling.baseUrl,
        duration: LOAD_SECONDS,
        connections: CONNECTIONS,
        headers: { "content-type": "application/json" },
        requests: requestsOf(method, CEILING_PATHS[name].replace(":id", firstTaskId), bodiesFor(name)),
      });
    }
    return load;
  } finally {
    await ceiling.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function firstIdOf(updated: string): string {
  return (JSON.parse(updated) as { id?: string }).id ?? "x";
}

const tasksApi: BenchSection = async () => {
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  const sqlite = await runEngine(undefined);
  const postgres = postgresUrl ? await runEngine(postgresUrl) : undefined;
  const ceiling = await runCeiling(sqlite.bodies, firstIdOf(sqlite.bodies.updated));

  const engines: Array<[string, EngineRun]> = [["SQLite", sqlite]];
  if (postgres) engines.push(["PostgreSQL", postgres]);

  const throughputRows = LOAD_CALLS.map(({ name, label, budget }) => {
    const top = ceiling[name].requestsPerSecond;
    const cells = engines.flatMap(([, run]) => {
      const figures = run.load[name];
      const ratio = figures.requestsPerSecond / top;
      return [
        `${formatCount(figures.requestsPerSecond)} (p50 ${formatMs(figures.p50)})`,
        formatRatio(ratio),
        holds(ratio >= budget && figures.failures === 0),
      ];
    });
    const size = name === "list" ? `, ${formatBytes(sqlite.bodies.list.length)}` : "";
    return [`${label}${size}`, ...cells, formatCount(top), `≥ ${budget}×`];
  });
  const engineColumns = engines.flatMap(([engine]) => [
    `${engine} req/s`,
    `${engine} ratio`,
    `${engine} holds`,
  ]);

  const listBudget = { atMost: LARGE_LIST_BUDGET_MS };
  const budgetRows = engines.flatMap(([engine, run]) => [
    budgetRow(
      `${engine}: one GET /api/v1/tasks with 10,000 tasks (p50, uncompressed)`,
      run.largeListP50,
      listBudget,
      "ms",
      formatMs,
    ),
    budgetRow(
      `${engine}: the same, right after a change made through this server (p50)`,
      run.largeListChangedP50,
      listBudget,
      "ms",
      formatMs,
    ),
    budgetRow(
      `${engine}: the same, right after another instance's change (p50)`,
      run.largeListElsewhereP50,
      listBudget,
      "ms",
      formatMs,
    ),
    budgetRow(
      `${engine}: resident memory after the 10,000-task list`,
      run.rssMb,
      { atMost: RSS_BUDGET_MB },
      "MB",
      (mb) => `${mb.toFixed(0)} MB`,
    ),
  ]);

  const failures = engines
    .map(
      ([engine, run]) =>
        [engine, LOAD_CALLS.reduce((sum, { name }) => sum + run.load[name].failures, 0)] as const,
    )
    .filter(([, count]) => count > 0)
    .map(
      ([engine, count]) => `${engine}: ${count} failed requests under load (a failed request fails the row).`,
    );

  const tables: BenchTable[] = [
    ...engines.map(([engine, run]) => ({
      title: `Seeding, ${engine}`,
      columns: ["what", "time"],
      rows: run.seeding,
    })),
    ...engines.map(([engine, run]) => ({
      title: `Latency, one request at a time, ${engine}`,
      columns: ["call", "body", "p50", "p99", "samples"],
      rows: run.latency,
    })),
    {
      title: `Throughput, autocannon ${CONNECTIONS} connections × ${LOAD_SECONDS} s, against a bare Fastify with the same body`,
      columns: ["call", ...engineColumns, "bare Fastify req/s", "budget"],
      rows: throughputRows,
    },
    budgetsTable(budgetRows),
  ];
  return {
    title: "Tasks API",
    tables,
    notes: [
      postgres
        ? "PostgreSQL: the database of BENCH_DATABASE_URL (or DATABASE_URL), migrated, with new bench users; SQLite: a fresh file in a temporary directory."
        : "PostgreSQL skipped: set BENCH_DATABASE_URL (or DATABASE_URL) to a postgres:// database to measure it beside SQLite.",
      "SQLite runs as `npm start` runs it: WAL with synchronous=FULL, every acknowledged write is on disk.",
      "bare Fastify = the same Fastify version with no plugins and no hooks, started by this section, sending the body the real call answered (captured from the SQLite run) from memory: the framework's own ceiling on this machine, in this run.",
      "ratio = the call's req/s divided by the ceiling's; autocannon asks for no compression and sends no If-None-Match, so every list answer is the whole body.",
      "The server runs as `npm start` runs it (compiled by scripts/build-server.mjs, plain Node, LOG_LEVEL=warn, NODE_ENV=production) in its own process, the bare Fastify in another; resident memory is the server process's (VmRSS) right after the 10,000-task list calls.",
      "POST creates real tasks (for a separate user); PUT: each connection toggles a task of its own between completed and pending, so every request writes.",
      ...failures,
    ],
  };
};

export default tasksApi;
