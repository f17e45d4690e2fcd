import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { userSchema, type User } from "../../contract/auth";
import type { CreateTaskInput, TaskPriority, TaskStatus } from "../../contract/tasks";
import { parseConfig } from "../../server/src/config";
import { openDatabase } from "../../server/src/db/database";
import { systemClock } from "../../server/src/lib/clock";
import { createProject } from "../../server/src/modules/projects/service";
import { createTasks } from "../../server/src/modules/tasks/service";
import { seedHistory } from "../lib/history-user";
import { seedingDeps, seedUser } from "../lib/seed-user";
import { freePort } from "./bounded";
import { serverBuild } from "./server-build";
import { benchServerEnv, startServerProcess, type ServerProcess } from "./server-process";
import { spaBuild } from "./spa-build";

/**
 * The real server as `npm start` runs it (the compiled server in its own process, so the browser
 * and Lighthouse work in this process does not slow it down), serving the production SPA build
 * from a fresh SQLite file in a temporary directory, on loopback only. One user is seeded with a
 * live session, and optionally N tasks (or a long history), directly in the database before the
 * server starts.
 */

export interface SpaServer {
  baseUrl: string;
  /** The seeded user's bearer token and the user as GET /auth/me returns it. */
  token: string;
  user: User;
  close(): Promise<void>;
}

const TITLE_VERBS = ["Review", "Call", "Plan", "Email", "Draft", "Book", "Fix", "Order", "Pay", "Clean"];
const TITLE_OBJECTS = [
  "the client",
  "quarterly numbers",
  "dentist",
  "flights to Lisbon",
  "the roof",
  "team sync",
  "budget",
  "slides",
  "invoice",
  "garden",
];
const TAGS = ["work", "home", "urgent", "finance", "health", "travel", "errands", "family"];
// None completed: the Tasks screen holds every one of them (the completed history comes a page at
// a time, see bench/sections/tasks-history-screens.ts).
const STATUSES: TaskStatus[] = ["pending", "pending", "pending", "inprogress", "inprogress", "cancelled"];
const PRIORITIES: TaskPriority[] = ["low", "medium", "medium", "high", "urgent"];

/** Varied, deterministic tasks: every run of the bench sees the same list. */
export function benchTasks(count: number): CreateTaskInput[] {
  let state = 20_261_121;
  const next = () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
  const now = Date.now();
  return Array.from({ length: count }, (_, index) => ({
    title: `${pick(TITLE_VERBS)} ${pick(TITLE_OBJECTS)} ${index + 1}`,
    description:
      next() < 0.6 ? `Notes: ${pick(TITLE_VERBS).toLowerCase()} ${pick(TITLE_OBJECTS)} first.` : undefined,
    status: pick(STATUSES),
    priority: pick(PRIORITIES),
    tags: [...new Set(Array.from({ length: Math.floor(next() * 3) }, () => pick(TAGS)))],
    due_date: next() < 0.6 ? new Date(now + (next() - 0.3) * 30 * 86_400_000).toISOString() : undefined,
  }));
}

/** How the seeded tasks are organised: spread over projects, some of them subtasks. */
export interface Organised {
  /** Projects in all, the Inbox counted. */
  projects: number;
  /** Of the tasks, how many are subtasks: four in five one level down, the rest two levels. */
  subtasks: number;
}

/**
 * The tasks spread round-robin over the Inbox and `projects - 1` projects of the user's; the
 * last `subtasks` of them made subtasks of earlier ones (so they land in their parents' projects).
 */
async function seedOrganised(
  db: Parameters<typeof createTasks>[0],
  userId: string,
  tasks: CreateTaskInput[],
  { projects, subtasks }: Organised,
): Promise<void> {
  const projectIds: (string | undefined)[] = [undefined];
  for (let index = 1; index < projects; index += 1) {
    const project = await createProject(db, systemClock, userId, {
      name: `Project ${index}`,
      color: "blue",
    });
    projectIds.push(project.id);
  }
  const topLevel = tasks.slice(0, tasks.length - subtasks);
  const firstLevel = tasks.slice(topLevel.length, topLevel.length + Math.round(subtasks * 0.8));
  const secondLevel = tasks.slice(topLevel.length + firstLevel.length);
  const parents = await createTasks(
    db,
    systemClock,
    userId,
    topLevel.map((task, index) => ({ ...task, project_id: projectIds[index % projects] })),
  );
  // Every fourth top-level task has subtasks; each of those takes a few.
  const children = await createTasks(
    db,
    systemClock,
    userId,
    firstLevel.map((task, index) => ({ ...task, parent_id: parents[(index * 4) % parents.length]!.id })),
  );
  await createTasks(
    db,
    systemClock,
    userId,
    secondLevel.map((task, index) => ({ ...task, parent_id: children[(index * 3) % children.length]!.id })),
  );
}

/**
 * `staticDir`: another production build to serve (bench/profile/tasks-screen-ab.ts), else the
 * bench's own. `organised`: the tasks spread over projects, some of them subtasks.
 */
export async function startSpaServer(
  options: {
    tasks?: number;
    staticDir?: string;
    organised?: Organised;
    /** A long-time user's tasks instead (bench/lib/history-user.ts). */
    history?: { open: number; completed: number };
  } = {},
): Promise<SpaServer> {
  const staticDir = options.staticDir ?? (await spaBuild()).dir;
  const dataDir = mkdtempSync(path.join(tmpdir(), "tasklane-bench-spa-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = benchServerEnv({ port, dataDir, staticDir });

  let server: ServerProcess | undefined;
  try {
    const config = parseConfig(env);
    const db = await openDatabase(config);
    let token: string;
    try {
      const deps = seedingDeps(config, db);
      const seeded = await seedUser(deps, "spa");
      token = seeded.token;
      if (options.history) {
        await seedHistory(options.history, 1)(db, seeded.id);
      } else if (options.tasks && options.organised) {
        await seedOrganised(db, seeded.id, benchTasks(options.tasks), options.organised);
      } else if (options.tasks) {
        await createTasks(db, systemClock, seeded.id, benchTasks(options.tasks));
      }
    } finally {
      await db.destroy();
    }

    server = await startServerProcess({ script: await serverBuild(), baseUrl, env });

    const me = await fetch(`${baseUrl}/auth/me`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(10_000),
    });
    if (!me.ok) throw new Error(`GET /auth/me answered ${me.status}: ${(await me.text()).slice(0, 200)}`);
    const user = userSchema.parse(await me.json());

    const running = server;
    return {
      baseUrl,
      token,
      user,
      async close() {
        await running.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
