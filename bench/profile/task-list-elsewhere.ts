import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { openDatabase, type Db } from "../../server/src/db/database";
import { systemClock } from "../../server/src/lib/clock";
import { MAX_CHANGED_TASKS } from "../../server/src/modules/tasks/list-changes";
import { selectTasksChangedSince } from "../../server/src/modules/tasks/repository";
import * as service from "../../server/src/modules/tasks/service";
import { seedUser } from "../lib/seed-user";
import { taskInputs } from "../support/api-server";

/**
 * The 10,000-task list right after another instance's change, in-process: `npx tsx --tsconfig
 * tsconfig.node.json bench/profile/task-list-elsewhere.ts [runs] [--postgres]`. Seeds one user as
 * the tasks-api section does, keeps a whole list, then, per run, changes one task through a second
 * database handle (as another instance would) and times listAllTasksText from the kept list,
 * against the list read whole (listTasksJson), and the same after a change made through the same
 * handle. On SQLite it also prints the WAL bytes of a lone
 * POST's and a lone PUT's write (createTask, updateTask; each its own commit). --version-index adds
 * an index on (user_id, version) first, to see what it would buy and cost; --others N seeds another
 * user with N tasks after this one's.
 */
const args = process.argv.slice(2);
const postgres = args.includes("--postgres");
const versionIndex = args.includes("--version-index");
const othersAt = args.indexOf("--others");
/** Tasks of another user, made after this one's (as the bench's POST load makes them). */
const otherTasks = othersAt === -1 ? 0 : Number(args[othersAt + 1]);
const runs = Number(args.find((arg, index) => /^\d+$/.test(arg) && index !== othersAt + 1) ?? 30);
const databaseUrl = postgres ? (process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL) : undefined;
if (postgres && !databaseUrl) throw new Error("--postgres needs BENCH_DATABASE_URL or DATABASE_URL");

const dataDir = mkdtempSync(path.join(tmpdir(), "tasklane-list-elsewhere-"));
const config = { databaseUrl, dataDir };
const db = await openDatabase(config);
const elsewhere = await openDatabase(config);

const quartiles = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => (sorted[Math.floor(q * (sorted.length - 1))] ?? 0).toFixed(2);
  return `median ${at(0.5)} ms (quartiles ${at(0.25)}–${at(0.75)})`;
};

/** WAL bytes per write: the -wal file's growth over `count` lone writes, after a truncating checkpoint. */
async function walPerWrite(database: Db, count: number, write: (index: number) => Promise<unknown>) {
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(database);
  const wal = path.join(dataDir, "tasklane.sqlite-wal");
  const before = statSync(wal).size;
  for (let index = 0; index < count; index += 1) await write(index);
  return (statSync(wal).size - before) / count / 1024;
}

try {
  const user = await seedUser({ db, clock: systemClock } as Parameters<typeof seedUser>[0], "elsewhere");
  await service.createTasks(db, systemClock, user.id, taskInputs(10_000, 10_000));
  if (otherTasks > 0) {
    const other = await seedUser({ db, clock: systemClock } as Parameters<typeof seedUser>[0], "others");
    await service.createTasks(db, systemClock, other.id, taskInputs(otherTasks, 7));
  }
  // What an index on the change version would buy (and cost the writes, see the WAL figures).
  if (versionIndex) await sql`create index tasks_user_version on tasks (user_id, version)`.execute(db);
  const [first] = await service.listTasks(db, user.id, {});
  if (!first) throw new Error("no task");
  const version = async () =>
    Number(
      (
        await db
          .selectFrom("users")
          .select("tasks_version")
          .where("id", "=", user.id)
          .executeTakeFirstOrThrow()
      ).tasks_version,
    );
  const whole: number[] = [];
  for (let run = 0; run < runs + 3; run += 1) {
    const start = performance.now();
    Buffer.from(await service.listTasksJson(db, user.id, {}));
    if (run >= 3) whole.push(performance.now() - start);
  }
  console.log(`read whole:                     ${quartiles(whole)}`);
  // This checkout's listAllTasksText (db, user, version, kept); an older build's took a change log.
  if ("listAllTasksText" in service && service.listAllTasksText.length === 4) {
    const listAll = service.listAllTasksText as (...args: unknown[]) => Promise<{ starts?: Int32Array }>;
    let kept = await listAll(db, user.id, await version(), undefined);
    /** Times the list right after each of `runs` PUTs made through `writer`. */
    const afterChanges = async (writer: Db) => {
      const times: number[] = [];
      let spliced = 0;
      for (let run = 0; run < runs + 3; run += 1) {
        await service.updateTask(writer, systemClock, user.id, first.id, {
          status: run % 2 ? "completed" : "pending",
        });
        const now = await version();
        const start = performance.now();
        kept = await listAll(db, user.id, now, kept);
        if (run >= 3) times.push(performance.now() - start);
        if (kept.starts) spliced += 1;
      }
      return `${quartiles(times)}, ${spliced} of ${runs + 3} spliced`;
    };
    console.log(`after another instance's PUT:   ${await afterChanges(elsewhere)}`);
    console.log(`after a PUT made here:          ${await afterChanges(db)}`);
    const since = (await version()) - 1;
    const scan: number[] = [];
    for (let run = 0; run < runs + 3; run += 1) {
      const start = performance.now();
      await selectTasksChangedSince(db, user.id, since, MAX_CHANGED_TASKS + 1);
      if (run >= 3) scan.push(performance.now() - start);
    }
    console.log(`of which the tasks changed since: ${quartiles(scan)}`);
  }
  if (!postgres) {
    const post = await walPerWrite(db, 50, (index) =>
      service.createTask(db, systemClock, user.id, {
        title: `WAL ${index}`,
        priority: "medium",
        tags: ["a"],
      }),
    );
    const put = await walPerWrite(db, 50, (index) =>
      service.updateTask(db, systemClock, user.id, first.id, { status: index % 2 ? "completed" : "pending" }),
    );
    console.log(`SQLite WAL per lone POST ${post.toFixed(1)} KiB, per PUT ${put.toFixed(1)} KiB`);
  }
} finally {
  await elsewhere.destroy();
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
