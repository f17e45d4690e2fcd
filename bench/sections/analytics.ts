import http from "node:http";
import { apiRoutes } from "../../contract/routes";
import type { Db } from "../../server/src/db/database";
import type { NewTask, NewTaskEvent } from "../../server/src/db/schema";
import { newTimeOrderedId } from "../../server/src/lib/ids";
import { benchEngines, type Engine } from "../lib/engines";
import { sequentialLatency, type LatencyFigures } from "../lib/measure";
import { budgetRow, budgetsTable, formatMs, type BenchSection, type BenchTable } from "../lib/report";
import { generator, startApiServer } from "../support/api-server";

/**
 * Analytics for a long-standing account: 50,000 tasks created over the last 400 days, most of them
 * completed, with 500,000 history events (each task's creation, status changes and due-date moves).
 * GET /api/v1/analytics for each range, one request at a time over loopback; per engine.
 */

const TASKS = 50_000;
const EVENTS_PER_TASK = 10;
const BUDGET_MS = 300;
const RANGES = [7, 30, 90, 365] as const;
const DAY_MS = 86_400_000;
const CHUNK = 500;

const TAGS = ["work", "home", "finance", "health", "travel", "errands", "family", "reading", "code"];
const PRIORITIES = ["low", "medium", "medium", "high", "urgent"];

/** The account's tasks and their history, written straight into the database. */
async function seedHistory(db: Db, userId: string): Promise<string[]> {
  const random = generator(37);
  const now = Date.now();
  const tasks: NewTask[] = [];
  const events: NewTaskEvent[] = [];
  for (let index = 0; index < TASKS; index += 1) {
    const created = now - random.next() * 400 * DAY_MS;
    const completed =
      random.next() < 0.7 ? Math.min(now - 60_000, created + random.next() * 20 * DAY_MS) : null;
    const due = random.next() < 0.6 ? created + random.next() * 14 * DAY_MS : null;
    const status =
      completed !== null ? "completed" : random.pick(["pending", "pending", "inprogress", "cancelled"]);
    const id = newTimeOrderedId(created);
    const iso = (time: number) => new Date(time).toISOString();
    tasks.push({
      id,
      user_id: userId,
      title: `Task ${index}`,
      description: null,
      status,
      priority: random.pick(PRIORITIES),
      due_date: due === null ? null : iso(due),
      tags: JSON.stringify(
        [...new Set([random.pick(TAGS), random.pick(TAGS)])].slice(0, Math.floor(random.next() * 3)),
      ),
      source_type: "Manual",
      source_origin: null,
      source_filename: null,
      created_at: iso(created),
      updated_at: iso(completed ?? created),
      completed_at: completed === null ? null : iso(completed),
    });
    // Creation, then changes spread between creation and now: status moves and reschedules.
    for (let step = 0; step < EVENTS_PER_TASK; step += 1) {
      const at = step === 0 ? created : created + random.next() * Math.max(1, (completed ?? now) - created);
      const kind = step === 0 ? "created" : random.pick(["status_changed", "rescheduled", "due_changed"]);
      events.push({
        id: newTimeOrderedId(at),
        user_id: userId,
        task_id: id,
        kind,
        from_value: kind === "status_changed" ? "pending" : null,
        to_value:
          kind === "status_changed" ? "inprogress" : kind === "created" ? "pending" : iso(at + DAY_MS),
        at: iso(at),
      });
    }
  }
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < tasks.length; start += CHUNK)
      await trx
        .insertInto("tasks")
        .values(tasks.slice(start, start + CHUNK))
        .execute();
    for (let start = 0; start < events.length; start += CHUNK)
      await trx
        .insertInto("task_events")
        .values(events.slice(start, start + CHUNK))
        .execute();
  });
  return tasks.map((task) => task.id);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(baseUrl: string, token: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}${path}`,
      { agent, headers: { authorization: `Bearer ${token}` }, timeout: 30_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          if (response.statusCode === 200) resolve(body.length);
          else
            reject(
              new Error(`GET ${path} answered ${response.statusCode}: ${body.toString().slice(0, 200)}`),
            );
        });
      },
    );
    request.on("timeout", () => request.destroy(new Error(`GET ${path}: no answer within 30 s`)));
    request.on("error", reject);
  });
}

interface EngineRun {
  engine: Engine;
  figures: Array<{ days: number; timing: LatencyFigures }>;
  review: LatencyFigures;
}

async function runEngine(engine: Engine): Promise<EngineRun> {
  const api = await startApiServer({
    databaseUrl: engine.databaseUrl,
    users: [{ label: "history", tasks: 0, seed: seedHistory }],
  });
  try {
    const [user] = api.users;
    if (!user) throw new Error("No bench user was seeded");
    const { baseUrl } = api.server;
    const figures = [];
    for (const days of RANGES) {
      const path = `${apiRoutes.analytics.path}?days=${days}`;
      figures.push({
        days,
        timing: await sequentialLatency(() => get(baseUrl, user.token, path).then(() => undefined), {
          iterations: 20,
          maxMs: 20_000,
          warmup: 2,
        }),
      });
    }
    const review = await sequentialLatency(
      () => get(baseUrl, user.token, apiRoutes.review.path).then(() => undefined),
      { iterations: 20, maxMs: 20_000, warmup: 2 },
    );
    return { engine, figures, review };
  } finally {
    await api.close();
  }
}

const analytics: BenchSection = async () => {
  const { engines, skipped } = await benchEngines();
  const runs: EngineRun[] = [];
  for (const engine of engines) runs.push(await runEngine(engine));
  const tables: BenchTable[] = [
    ...runs.map(({ engine, figures, review }) => ({
      title: `${engine.name}: ${TASKS.toLocaleString("en-US")} tasks and ${(TASKS * EVENTS_PER_TASK).toLocaleString("en-US")} events, one request at a time`,
      columns: ["call", "median", "p99", "samples"],
      rows: [
        ...figures.map(({ days, timing }) => [
          `GET ${apiRoutes.analytics.path}?days=${days}`,
          formatMs(timing.p50),
          formatMs(timing.p99),
          String(timing.samples),
        ]),
        [
          `GET ${apiRoutes.review.path} (the current week)`,
          formatMs(review.p50),
          formatMs(review.p99),
          String(review.samples),
        ],
      ],
    })),
    budgetsTable(
      runs.flatMap(({ engine, figures }) =>
        figures.map(({ days, timing }) =>
          budgetRow(
            `${engine.name}: analytics, ${days} days (p99)`,
            timing.p99,
            { atMost: BUDGET_MS },
            "ms",
            formatMs,
          ),
        ),
      ),
    ),
  ];
  return {
    title: "Analytics for an account with a long history",
    tables,
    notes: [
      "Timed from this process over loopback, the whole answer read: the server's time plus a loopback round trip. The server runs as `npm start` runs it, in its own process.",
      ...(skipped ? [skipped] : []),
    ],
  };
};

export default analytics;
