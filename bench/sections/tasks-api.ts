import type { TaskPriority, TaskStatus } from "../../contract/tasks";
import { apiRoutes, pathFor } from "../../contract/routes";
import type { HTTPMethods } from "fastify";
import type { App } from "../../server/src/app-types";
import { createTasks } from "../../server/src/modules/tasks/service";
import { startBenchApp, seedUser, type BenchApp } from "../lib/bench-app";
import { loadTest, sequentialLatency, type LoadFigures } from "../lib/measure";
import {
  formatBytes,
  formatCount,
  formatMs,
  formatRatio,
  type BenchSection,
  type BenchTable,
} from "../lib/report";

/**
 * Issue 3, scale: list and stats latency with 1,000 and 10,000 tasks, and the throughput of the
 * task calls compared with a plain Fastify route that returns a constant body of the same size
 * (what the framework costs by itself on this machine, in this run).
 */

const LOAD_SECONDS = 3;
const CONNECTIONS = 10;

const WORDS = [
  "report",
  "invoice",
  "call",
  "review",
  "plan",
  "email",
  "draft",
  "book",
  "fix",
  "order",
  "pay",
  "clean",
];
const OBJECTS = [
  "the client",
  "Q3 numbers",
  "dentist",
  "flights",
  "the roof",
  "team sync",
  "budget",
  "slides",
];
const TAGS = [
  "work",
  "home",
  "urgent",
  "finance",
  "health",
  "travel",
  "errands",
  "family",
  "reading",
  "code",
];
const STATUSES: TaskStatus[] = [
  "pending",
  "pending",
  "pending",
  "pending",
  "inprogress",
  "inprogress",
  "completed",
  "completed",
  "completed",
  "cancelled",
];
const PRIORITIES: TaskPriority[] = ["low", "medium", "medium", "high", "urgent"];

/** A small deterministic generator, so every run seeds the same tasks. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
  return { next, pick };
}

function taskInputs(count: number, seed: number) {
  const random = generator(seed);
  const now = Date.now();
  return Array.from({ length: count }, (_, index) => {
    const tags = [...new Set(Array.from({ length: Math.floor(random.next() * 4) }, () => random.pick(TAGS)))];
    const due =
      random.next() < 0.6 ? new Date(now + (random.next() - 0.4) * 60 * 86_400_000).toISOString() : null;
    return {
      title: `${random.pick(WORDS)} ${random.pick(OBJECTS)} #${index}`,
      description:
        random.next() < 0.7
          ? `Notes for task ${index}: ${random.pick(WORDS)} ${random.pick(OBJECTS)} before the deadline.`
          : null,
      status: random.pick(STATUSES),
      priority: random.pick(PRIORITIES),
      tags,
      due_date: due,
    };
  });
}

/** Bodies the comparison routes return: captured from the real calls in this run. */
interface Baseline {
  list: string;
  stats: string;
  created: string;
  updated: string;
}

/** Bench-only routes: no auth, no validation, no database; a constant JSON string. */
function registerBaselineRoutes(app: App, baseline: Baseline): void {
  const routes: Array<[HTTPMethods, string, keyof Baseline]> = [
    ["GET", "/bench/baseline/tasks", "list"],
    ["GET", "/bench/baseline/tasks/stats", "stats"],
    ["POST", "/bench/baseline/tasks", "created"],
    ["PUT", "/bench/baseline/tasks/:id", "updated"],
  ];
  for (const [method, url, body] of routes) {
    app.route({
      method,
      url,
      schema: { hide: true },
      handler: async (_request, reply) => reply.type("application/json; charset=utf-8").send(baseline[body]),
    });
  }
}

async function call(
  bench: BenchApp,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<string> {
  const response = await fetch(`${bench.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 200)}`);
  return text;
}

const tasksApi: BenchSection = async () => {
  const baseline: Baseline = { list: "", stats: "", created: "", updated: "" };
  const bench = await startBenchApp({ beforeListen: (app) => registerBaselineRoutes(app, baseline) });
  try {
    const { db, clock } = bench.deps;
    const seedTimes: string[][] = [];
    const seeded = async (label: string, count: number) => {
      const user = await seedUser(bench.deps, label);
      const start = performance.now();
      const tasks = await createTasks(db, clock, user.id, taskInputs(count, count));
      seedTimes.push([
        `createTasks, ${formatCount(count)} tasks in one transaction`,
        formatMs(performance.now() - start),
      ]);
      return { ...user, firstTaskId: tasks[0]?.id ?? "" };
    };
    const small = await seeded("1k", 1_000);
    const large = await seeded("10k", 10_000);
    const writer = await seedUser(bench.deps, "writes");

    // Sequential latency: one request at a time, the whole round trip over loopback.
    const latencyRows: string[][] = [];
    const timeCall = async (label: string, token: string, path: string, iterations: number) => {
      let bytes = 0;
      const figures = await sequentialLatency(
        async () => {
          bytes = (await call(bench, token, "GET", path)).length;
        },
        { iterations, maxMs: 5_000 },
      );
      latencyRows.push([
        label,
        formatBytes(bytes),
        formatMs(figures.p50),
        formatMs(figures.p99),
        String(figures.samples),
      ]);
    };
    const list = apiRoutes.listTasks.path;
    const stats = apiRoutes.taskStats.path;
    await timeCall("GET /api/v1/tasks — 1,000 tasks", small.token, list, 200);
    await timeCall("GET /api/v1/tasks — 10,000 tasks", large.token, list, 40);
    await timeCall(
      "GET /api/v1/tasks?status=pending,in_progress&tags=work — 10,000",
      large.token,
      `${list}?status=pending,in_progress&tags=work`,
      100,
    );
    await timeCall("GET /api/v1/tasks?search=invoice — 10,000", large.token, `${list}?search=invoice`, 100);
    await timeCall("GET /api/v1/tasks/stats — 1,000 tasks", small.token, stats, 300);
    await timeCall("GET /api/v1/tasks/stats — 10,000 tasks", large.token, stats, 200);

    // The comparison routes answer exactly what the real calls answered.
    const createBody = {
      title: "Bench task",
      description: "Created by the benchmark",
      priority: "high",
      tags: ["bench"],
    };
    const taskPath = pathFor(apiRoutes.updateTask.path, { id: small.firstTaskId });
    const updateBodies = [{ status: "completed" }, { status: "pending" }];
    baseline.list = await call(bench, small.token, "GET", list);
    baseline.stats = await call(bench, small.token, "GET", stats);
    baseline.created = await call(bench, writer.token, "POST", list, createBody);
    baseline.updated = await call(bench, small.token, "PUT", taskPath, updateBodies[0]);

    const headers = (token: string) => ({
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
    });
    const compare = async (
      label: string,
      token: string,
      method: "GET" | "POST" | "PUT",
      apiPath: string,
      baselinePath: string,
      bodies: unknown[] = [],
    ): Promise<string[]> => {
      const run = (path: string): Promise<LoadFigures> =>
        loadTest({
          url: bench.baseUrl,
          duration: LOAD_SECONDS,
          connections: CONNECTIONS,
          headers: headers(token),
          requests:
            bodies.length > 0
              ? bodies.map((body) => ({ method, path, body: JSON.stringify(body) }))
              : [{ method, path }],
        });
      const api = await run(apiPath);
      const plain = await run(baselinePath);
      return [
        label,
        formatCount(api.requestsPerSecond),
        formatMs(api.p50),
        formatMs(api.p99),
        formatCount(plain.requestsPerSecond),
        formatMs(plain.p50),
        formatRatio(api.requestsPerSecond / plain.requestsPerSecond),
        String(api.failures + plain.failures),
      ];
    };

    // A short warm-up so the first measured run does not pay for JIT compilation.
    await loadTest({ url: `${bench.baseUrl}${list}`, duration: 1, headers: headers(small.token) });
    const loadRows = [
      await compare(
        `GET /api/v1/tasks (1,000 tasks, ${formatBytes(baseline.list.length)})`,
        small.token,
        "GET",
        list,
        "/bench/baseline/tasks",
      ),
      await compare(
        "GET /api/v1/tasks/stats (1,000 tasks)",
        small.token,
        "GET",
        stats,
        "/bench/baseline/tasks/stats",
      ),
      await compare("POST /api/v1/tasks", writer.token, "POST", list, "/bench/baseline/tasks", [createBody]),
      await compare(
        "PUT /api/v1/tasks/{id} (status toggled)",
        small.token,
        "PUT",
        taskPath,
        `/bench/baseline/tasks/${small.firstTaskId}`,
        updateBodies,
      ),
    ];

    const tables: BenchTable[] = [
      { title: "Seeding", columns: ["what", "time"], rows: seedTimes },
      {
        title: "Latency, one request at a time",
        columns: ["call", "body", "p50", "p99", "samples"],
        rows: latencyRows,
      },
      {
        title: `Throughput, autocannon ${CONNECTIONS} connections × ${LOAD_SECONDS} s, vs a plain route with the same-sized constant body`,
        columns: ["call", "req/s", "p50", "p99", "plain req/s", "plain p50", "ratio", "failures"],
        rows: loadRows,
      },
    ];
    return {
      title: "Tasks API (issue 3)",
      tables,
      notes: [
        "SQLite file in a temporary directory, WAL with synchronous=FULL (every write is fsynced), as `npm start` runs it.",
        "ratio = the call's req/s divided by the plain route's: the share of the framework's own speed left after auth, validation, SQL and serialisation.",
        "Sequential calls use fetch, which asks for gzip as browsers do: list latency includes compressing the body (sizes shown uncompressed); autocannon asks for none.",
        "POST creates real tasks (for a separate user); PUT alternates completed/pending so every request writes.",
      ],
    };
  } finally {
    await bench.close();
  }
};

export default tasksApi;
