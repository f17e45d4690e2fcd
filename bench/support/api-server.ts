import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import type { TaskPriority, TaskStatus } from "../../contract/tasks";
import { parseConfig } from "../../server/src/config";
import { openDatabase, type Db } from "../../server/src/db/database";
import { systemClock } from "../../server/src/lib/clock";
import { createTasks } from "../../server/src/modules/tasks/service";
import { seedingDeps, seedUser } from "../lib/seed-user";
import { freePort } from "./bounded";
import { serverBuild } from "./server-build";
import { benchServerEnv, startServerProcess, type ServerProcess } from "./server-process";

/**
 * The real API server as `npm start` runs it (the compiled server in its own process, so its CPU
 * and resident memory are its own), on a fresh SQLite file in a temporary directory or on the
 * PostgreSQL database of `databaseUrl` (migrated; the bench's users are new each run). Users, their
 * live sessions and their tasks are written directly into the database before it starts: the
 * bench measures the task calls, not sign-up.
 */

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
export function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
  return { next, pick };
}

export function taskInputs(count: number, seed: number) {
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

export interface SeededUser {
  id: string;
  token: string;
  /** The ids of the user's seeded tasks, in the order they were made. */
  taskIds: string[];
}

export interface ApiServer {
  server: ServerProcess;
  users: SeededUser[];
  close(): Promise<void>;
}

export async function startApiServer(options: {
  databaseUrl: string | undefined;
  /** `seed`: writes the user's data itself instead of `tasks` generated tasks. */
  users: Array<{ label: string; tasks: number; seed?: (db: Db, userId: string) => Promise<string[]> }>;
}): Promise<ApiServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "tasklane-bench-api-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = benchServerEnv({
    port,
    dataDir,
    databaseUrl: options.databaseUrl,
    staticDir: path.join(dataDir, "no-spa"),
  });
  try {
    const config = parseConfig(env);
    const db = await openDatabase(config);
    const users: SeededUser[] = [];
    try {
      const deps = seedingDeps(config, db);
      for (const [index, { label, tasks: count, seed }] of options.users.entries()) {
        const user = await seedUser(deps, label);
        if (seed) {
          users.push({ ...user, taskIds: await seed(db, user.id) });
          continue;
        }
        const tasks =
          count > 0 ? await createTasks(db, systemClock, user.id, taskInputs(count, index + 1)) : [];
        users.push({ ...user, taskIds: tasks.map((task) => task.id) });
      }
      // PostgreSQL's autovacuum analyzes a table within a minute of such a load; without it the
      // planner takes a user's thousands of tasks for one and reads them all (a searched page
      // of the history: 43 ms before, 2.6 ms after, on a busy machine).
      if (deps.engine === "postgres") await sql`analyze`.execute(db);
    } finally {
      await db.destroy();
    }
    const server = await startServerProcess({ script: await serverBuild(), baseUrl, env });
    return {
      server,
      users,
      async close() {
        await server.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
