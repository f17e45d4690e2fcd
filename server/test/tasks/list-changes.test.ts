import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes, pathFor } from "@contract/routes";
import type { TaskJson } from "@contract/tasks";
import type { Db } from "../../src/db/database";
import { compareInListOrder, selectTasksVersion } from "../../src/modules/tasks/repository";
import {
  DELETIONS_KEPT_VERSIONS,
  MAX_CHANGED_TASKS,
  spliceTaskList,
  TaskListBases,
  taskStarts,
  type KeptList,
} from "../../src/modules/tasks/list-changes";
import {
  createTask,
  createTasks,
  deleteTask,
  listAllTasksText,
  listTasks,
  updateTask,
} from "../../src/modules/tasks/service";
import {
  bearer,
  createTestApp,
  signUp,
  testClock,
  testDatabase,
  type SignedUp,
  type TestApp,
} from "../helpers";
import { ODD_TASKS } from "./odd-tasks";

/**
 * The whole list after a change, made through this instance or any other, is the kept list with
 * the tasks written or deleted since put in anew (list-changes.ts): it must be byte for byte what
 * JSON.stringify writes of the list read whole, after every kind of change made anywhere, and the
 * list must be read whole when what changed since is not known (too many changes, deletions no
 * longer kept, a change after the session was read). Runs on SQLite, and on PostgreSQL with
 * TEST_DATABASE_URL (there with a second database handle for "another instance").
 */

/** A small deterministic generator, so every run makes the same lists. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  return { next, pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T };
}

const STATUSES = ["pending", "in_progress", "completed", "cancelled"] as const;
const DUE = [null, "2026-11-20T08:00:00.000Z", "2026-12-01T10:00:00.000Z", "2027-01-01T00:00:00.000Z"];
const CREATED = ["2026-11-01T00:00:00.000Z", "2026-11-02T00:00:00.000Z"];

/** A task with few distinct sort keys, so ties on due date and creation time are common. */
function randomTask(random: ReturnType<typeof generator>, index: number): TaskJson {
  return {
    id: `00000000-0000-7000-8000-${String(Math.floor(random.next() * 1e12)).padStart(12, "0")}`,
    title: `Task ${index} "quoted" {"id":"not-a-task"}`,
    description: random.next() < 0.5 ? null : 'line\n,{"id":"x"},',
    status: random.pick(STATUSES),
    priority: "medium",
    due_date: random.pick(DUE),
    tags: random.next() < 0.5 ? [] : ["a", '{"id":'],
    source: { type: "Manual" },
    created_at: random.pick(CREATED),
    updated_at: random.pick(CREATED),
    completed_at: null,
    recurrence: null,
    remind_at: null,
  };
}

const textOf = (tasks: TaskJson[]) => JSON.stringify([...tasks].sort(compareInListOrder));
const entryOf = (task: TaskJson) => ({ row: task, text: Buffer.from(JSON.stringify(task)) });

describe("spliceTaskList", () => {
  it("makes exactly the text of the changed list, for many random lists and changes", () => {
    const random = generator(14);
    for (let round = 0; round < 300; round += 1) {
      const size = Math.floor(random.next() * 40);
      const before = Array.from({ length: size }, (_, index) => randomTask(random, index));
      const body = Buffer.from(textOf(before));
      const after = new Map(before.map((task) => [task.id, task]));
      const changedIds = new Set<string>();
      for (let change = Math.floor(random.next() * 6); change > 0; change -= 1) {
        const kind = random.next();
        const existing = [...after.keys()];
        if (kind < 0.3 || existing.length === 0) {
          const task = randomTask(random, 1000 + change);
          after.set(task.id, task);
          changedIds.add(task.id);
        } else if (kind < 0.5) {
          const id = random.pick(existing);
          after.delete(id);
          changedIds.add(id);
        } else {
          const id = random.pick(existing);
          const task = after.get(id) as TaskJson;
          after.set(id, {
            ...task,
            status: random.pick(STATUSES),
            due_date: random.pick(DUE),
            title: `changed ${change}`,
          });
          changedIds.add(id);
        }
      }
      const now = [...changedIds].map((id) => after.get(id)).filter((task) => task !== undefined);
      const list = spliceTaskList({ body, starts: taskStarts(body) }, changedIds, now.map(entryOf));
      const expected = textOf([...after.values()]);
      expect(list?.body.toString()).toBe(expected);
      expect(list?.starts).toEqual(taskStarts(Buffer.from(expected)));
    }
  });

  it("finds each task's start, and only those, in text that mimics one", () => {
    const random = generator(7);
    const tasks = Array.from({ length: 5 }, (_, index) => randomTask(random, index));
    const body = Buffer.from(textOf(tasks));
    expect(taskStarts(body).length).toBe(6);
    expect(taskStarts(Buffer.from("[]"))).toEqual(Int32Array.from([2]));
  });
});

describe("TaskListBases", () => {
  it("keeps a user's list of the newest exactly known version", () => {
    const bases = new TaskListBases();
    const list = (version: number | undefined) => ({ body: Buffer.from("[]"), version });
    bases.offer("u", list(undefined));
    expect(bases.get("u")).toBeUndefined();
    bases.offer("u", list(4));
    bases.offer("u", list(3));
    bases.offer("u", list(undefined));
    expect(bases.get("u")?.version).toBe(4);
    bases.offer("u", list(6));
    expect(bases.get("u")?.version).toBe(6);
  });
});

describe("the whole list after a change", () => {
  let t: TestApp;
  let other: TestApp;
  /** Another instance's database handle (on SQLite in memory, the same one: nothing is told anyway). */
  let elsewhere: Db;
  let me: SignedUp;
  let kept: KeptList;

  beforeAll(async () => {
    const clock = testClock();
    t = await createTestApp({ clock });
    elsewhere = process.env.TEST_DATABASE_URL ? await testDatabase({ reset: false }) : t.deps.db;
    other = await createTestApp({ db: elsewhere, clock });
    me = await signUp(t);
    await createTasks(t.deps.db, clock, me.user.id, ODD_TASKS);
    kept = await listAllTasksText(t.deps.db, me.user.id, await versionNow(), undefined);
  });
  afterAll(async () => {
    await other.close();
    if (elsewhere !== t.deps.db) await elsewhere.destroy();
    await t.close();
  });

  async function versionNow(): Promise<number> {
    return selectTasksVersion(t.deps.db, me.user.id);
  }

  /** The list now, as listAllTasksText gives it from the kept one; checks it against a whole read. */
  async function listNow(options: { spliced: boolean }): Promise<void> {
    const version = await versionNow();
    const list = await listAllTasksText(t.deps.db, me.user.id, version, kept);
    expect(list.body.toString()).toBe(JSON.stringify(await listTasks(t.deps.db, me.user.id, {})));
    // Only a list put together from the kept one comes with where its tasks start.
    expect(list.starts !== undefined).toBe(options.spliced);
    expect(list.version).toBe(version);
    kept = list;
  }

  async function firstTask(): Promise<TaskJson> {
    const [task] = await listTasks(t.deps.db, me.user.id, {});
    if (!task) throw new Error("no task");
    return task;
  }

  it("is the list read whole after updates, creations, deletions and a repeating task's completion", async () => {
    const { db } = t.deps;
    const clock = t.clock;
    const userId = me.user.id;
    const task = await firstTask();
    await updateTask(db, clock, userId, task.id, { status: "completed" });
    await listNow({ spliced: true });
    await updateTask(elsewhere, clock, userId, task.id, { status: "pending", due_date: null });
    await listNow({ spliced: true });
    clock.advance(1);
    const created = await createTask(elsewhere, clock, userId, {
      title: 'New "one"\n',
      priority: "high",
      tags: ["x"],
      due_date: "2026-12-01T10:00:00.000Z",
    });
    await listNow({ spliced: true });
    // Two changes in one millisecond, on two handles, then the list.
    await updateTask(db, clock, userId, created.id, { title: "Renamed" });
    await updateTask(elsewhere, clock, userId, created.id, { status: "cancelled" });
    await listNow({ spliced: true });
    await deleteTask(elsewhere, clock, userId, created.id);
    await listNow({ spliced: true });
    const repeating = (await listTasks(db, userId, {})).find((each) => each.recurrence !== null);
    if (!repeating) throw new Error("no repeating task");
    await updateTask(elsewhere, clock, userId, repeating.id, { status: "completed" });
    const after = await listTasks(db, userId, {});
    expect(after.filter((each) => each.title === repeating.title)).toHaveLength(2);
    await listNow({ spliced: true });
    // No change: the kept list as it is.
    expect((await listAllTasksText(db, userId, await versionNow(), kept)).body).toBe(kept.body);
  });

  it("is the list read whole after many random changes, made here and elsewhere", async () => {
    const random = generator(11);
    const clock = t.clock;
    const userId = me.user.id;
    let spliced = 0;
    for (let round = 0; round < 300; round += 1) {
      const tasks = await listTasks(t.deps.db, userId, {});
      for (let change = 1 + Math.floor(random.next() * 4); change > 0; change -= 1) {
        const db = random.next() < 0.5 ? t.deps.db : elsewhere;
        const kind = random.next();
        const task = tasks.length === 0 ? undefined : random.pick(tasks);
        if (kind < 0.25 || !task) {
          clock.advance(Math.floor(random.next() * 3));
          const count = random.next() < 0.8 ? 1 : 2 + Math.floor(random.next() * 3);
          await createTasks(
            db,
            clock,
            userId,
            Array.from({ length: count }, (_, index) => ({
              title: `Round ${round} "${index}" {"id":"x"}`,
              priority: random.pick(["low", "medium", "high"] as const),
              tags: random.next() < 0.5 ? [] : ['{"id":'],
              due_date: random.pick(DUE),
              status: random.pick(["pending", "completed"] as const),
              recurrence: random.next() < 0.2 ? "FREQ=DAILY" : null,
            })).map((input) =>
              input.recurrence && !input.due_date ? { ...input, recurrence: null } : input,
            ),
          );
        } else if (kind < 0.45) {
          await deleteTask(db, clock, userId, task.id).catch((error: unknown) => {
            // Deleted earlier in this round.
            if (!(error instanceof Error) || error.message !== "Task not found") throw error;
          });
        } else {
          await updateTask(db, clock, userId, task.id, {
            status: random.pick(["pending", "inprogress", "completed", "cancelled"] as const),
            ...(random.next() < 0.5 ? { due_date: random.pick(DUE.filter((due) => due !== null)) } : {}),
            ...(random.next() < 0.3 ? { title: `changed in round ${round}` } : {}),
          }).catch((error: unknown) => {
            if (!(error instanceof Error) || error.message !== "Task not found") throw error;
          });
        }
      }
      const version = await versionNow();
      const list = await listAllTasksText(t.deps.db, userId, version, kept);
      expect(list.body.toString()).toBe(JSON.stringify(await listTasks(t.deps.db, userId, {})));
      expect(list.version).toBe(version);
      if (list.starts !== undefined) spliced += 1;
      // Now and then the next list starts from an older kept one.
      if (random.next() < 0.8) kept = list;
    }
    expect(spliced).toBe(300);
  });

  it("is read whole when more tasks changed than are placed one by one", async () => {
    await createTasks(
      elsewhere,
      t.clock,
      me.user.id,
      Array.from({ length: MAX_CHANGED_TASKS + 1 }, (_, index) => ({
        title: `Many ${index}`,
        priority: "low" as const,
        tags: [],
      })),
    );
    await listNow({ spliced: false });
    await updateTask(elsewhere, t.clock, me.user.id, (await firstTask()).id, { title: "One more" });
    await listNow({ spliced: true });
  });

  it("keeps the deletions of the last versions only, and reads a list older than those whole", async () => {
    const { db } = t.deps;
    const clock = t.clock;
    const userId = me.user.id;
    const [gone, later, changing] = await listTasks(db, userId, {});
    if (!gone || !later || !changing) throw new Error("too few tasks");
    const before = await listAllTasksText(db, userId, await versionNow(), undefined);
    await deleteTask(elsewhere, clock, userId, gone.id);
    const afterDelete = await listAllTasksText(db, userId, await versionNow(), undefined);
    // Changes in batches (group commit), to the version just before the deletion is dropped.
    for (let left = DELETIONS_KEPT_VERSIONS - 1; left > 0; left -= Math.min(left, 50)) {
      await Promise.all(
        Array.from({ length: Math.min(left, 50) }, (_, index) =>
          updateTask(index % 2 ? db : elsewhere, clock, userId, changing.id, { title: `${left} ${index}` }),
        ),
      );
    }
    /** The deletions kept: none DELETIONS_KEPT_VERSIONS older than the last deletion's `version`. */
    const deletions = async (version: number) => {
      const rows = await db
        .selectFrom("task_deletions")
        .select(["task_id", "version"])
        .where("user_id", "=", userId)
        .execute();
      expect(rows.every((row) => Number(row.version) > version - DELETIONS_KEPT_VERSIONS)).toBe(true);
      return rows.map((row) => row.task_id);
    };
    expect(await deletions(afterDelete.version ?? 0)).toContain(gone.id);
    const version = await versionNow();
    expect(version - (before.version ?? 0)).toBe(DELETIONS_KEPT_VERSIONS);
    const whole = JSON.stringify(await listTasks(db, userId, {}));
    const fromBefore = await listAllTasksText(db, userId, version, before);
    expect(fromBefore.body.toString()).toBe(whole);
    expect(fromBefore.starts).toBeDefined();

    // The next deletion drops the first one: a list from before it is read whole.
    await deleteTask(db, clock, userId, later.id);
    const now = await versionNow();
    const recorded = await deletions(now);
    expect(recorded).toContain(later.id);
    expect(recorded).not.toContain(gone.id);
    const wholeNow = JSON.stringify(await listTasks(db, userId, {}));
    const stale = await listAllTasksText(db, userId, now, before);
    expect(stale.body.toString()).toBe(wholeNow);
    expect(stale.starts).toBeUndefined();
    const recent = await listAllTasksText(db, userId, now, afterDelete);
    expect(recent.body.toString()).toBe(wholeNow);
    expect(recent.starts).toBeDefined();
    kept = recent;
  });

  it("reads the list whole after a change made by an instance of an older release (no task versions)", async () => {
    const { db } = t.deps;
    const clock = t.clock;
    const userId = me.user.id;
    /** A change as the release before migration 0011 made it: the task, then the version bump. */
    const oldRelease = async (id: string, title: string) => {
      await elsewhere.transaction().execute(async (trx) => {
        await trx.updateTable("tasks").set({ title }).where("id", "=", id).execute();
        await sql`update users set tasks_version = tasks_version + 1 where id = ${userId}`.execute(trx);
      });
    };
    const [first, second] = await listTasks(db, userId, {});
    if (!first || !second) throw new Error("too few tasks");
    await listNow({ spliced: true });

    // Its change alone, then followed by one of this release: neither is in the tasks' versions.
    await oldRelease(first.id, "Renamed by the old release");
    await listNow({ spliced: false });
    await oldRelease(second.id, "Renamed by the old release too");
    await updateTask(elsewhere, clock, userId, first.id, { priority: "low" });
    await listNow({ spliced: false });
    // From a list read after it, this release's changes are followed again.
    await updateTask(elsewhere, clock, userId, second.id, { priority: "urgent" });
    await listNow({ spliced: true });
  });

  it("does not take the version read with the session as the list's when a change came after it", async () => {
    const { db } = t.deps;
    const clock = t.clock;
    const userId = me.user.id;
    const task = await firstTask();
    await updateTask(db, clock, userId, task.id, { title: "Seen" });
    const sessionVersion = await versionNow();
    // Committed after the session was read, before the list is.
    await updateTask(elsewhere, clock, userId, task.id, { title: "After the session" });
    const list = await listAllTasksText(db, userId, sessionVersion, kept);
    expect(list.body.toString()).toBe(JSON.stringify(await listTasks(db, userId, {})));
    expect(list.version).toBeUndefined();
    expect(list.starts).toBeUndefined();
  });
  it("is what GET /api/v1/tasks sends after changes through the API, here and on another instance", async () => {
    const get = async (app: TestApp) =>
      (await app.app.inject({ method: "GET", url: apiRoutes.listTasks.path, headers: bearer(me.token) }))
        .body;
    const put = async (app: TestApp, id: string, payload: object) => {
      const response = await app.app.inject({
        method: "PUT",
        url: pathFor(apiRoutes.updateTask.path, { id }),
        headers: bearer(me.token),
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const whole = async () => JSON.stringify(await listTasks(t.deps.db, me.user.id, {}));
    const task = await firstTask();
    expect(await get(t)).toBe(await whole());
    await put(t, task.id, { status: "completed" });
    expect(await get(t)).toBe(await whole());
    // The statistics of the new version first (the answers of the older one are dropped).
    await put(t, task.id, { due_date: "2026-11-30T00:00:00.000Z" });
    await t.app.inject({ method: "GET", url: apiRoutes.taskStats.path, headers: bearer(me.token) });
    expect(await get(t)).toBe(await whole());
    await put(t, task.id, { status: "in_progress" });
    await put(other, task.id, { title: "Elsewhere" });
    expect(await get(t)).toBe(await whole());
    const created = await t.app.inject({
      method: "POST",
      url: apiRoutes.createTask.path,
      headers: bearer(me.token),
      payload: { title: "Posted", due_date: "2026-11-25T00:00:00.000Z" },
    });
    expect(created.statusCode).toBe(201);
    expect(await get(t)).toBe(await whole());
    const deleted = await t.app.inject({
      method: "DELETE",
      url: pathFor(apiRoutes.deleteTask.path, { id: (created.json() as TaskJson).id }),
      headers: bearer(me.token),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await get(t)).toBe(await whole());
  });
});
