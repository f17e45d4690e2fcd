import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes, pathFor } from "@contract/routes";
import type { TaskJson } from "@contract/tasks";
import { compareInListOrder } from "../../src/modules/tasks/repository";
import {
  spliceTaskList,
  TaskChangeLog,
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
import { bearer, createTestApp, signUp, testClock, type SignedUp, type TestApp } from "../helpers";
import { ODD_TASKS } from "./odd-tasks";

/**
 * The whole list after a change made through this instance is the kept list with the touched
 * tasks put in anew (list-changes.ts): it must be byte for byte what JSON.stringify writes of the
 * list read whole, after every kind of change, and the list must be read whole whenever a change
 * it was not told of (another instance, another module) came in between. Runs on SQLite, and on
 * PostgreSQL with TEST_DATABASE_URL.
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

describe("TaskChangeLog", () => {
  it("follows recorded changes one after another, and only from a recorded version", () => {
    const log = new TaskChangeLog();
    log.record({ userId: "u", from: 3, to: 4, taskIds: ["a"] });
    log.record({ userId: "u", from: 4, to: 5, taskIds: ["b", "a"] });
    log.record({ userId: "u", from: 6, to: 7, taskIds: ["c"] });
    expect(log.since("u", 3)).toEqual({ to: 5, taskIds: new Set(["a", "b"]) });
    expect(log.since("u", 4)).toEqual({ to: 5, taskIds: new Set(["b", "a"]) });
    expect(log.since("u", 5)).toBeUndefined();
    expect(log.since("other", 3)).toBeUndefined();
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
  let me: SignedUp;
  let log: TaskChangeLog;
  let kept: KeptList;

  beforeAll(async () => {
    const clock = testClock();
    t = await createTestApp({ clock });
    other = await createTestApp({ db: t.deps.db, clock });
    me = await signUp(t);
    log = new TaskChangeLog();
    await createTasks(t.deps.db, clock, me.user.id, ODD_TASKS);
    kept = await listAllTasksText(t.deps.db, me.user.id, await versionNow(), undefined, log);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  async function versionNow(): Promise<number> {
    const row = await t.deps.db
      .selectFrom("users")
      .select("tasks_version")
      .where("id", "=", me.user.id)
      .executeTakeFirstOrThrow();
    return Number(row.tasks_version);
  }

  /** The list now, as listAllTasksText gives it from the kept one; checks it against a whole read. */
  async function listNow(options: { spliced: boolean }): Promise<void> {
    const version = await versionNow();
    const list = await listAllTasksText(t.deps.db, me.user.id, version, kept, log);
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
    const onChange = log.record.bind(log);
    const task = await firstTask();
    await updateTask(db, clock, userId, task.id, { status: "completed" }, onChange);
    await listNow({ spliced: true });
    await updateTask(db, clock, userId, task.id, { status: "pending", due_date: null }, onChange);
    await listNow({ spliced: true });
    clock.advance(1);
    const created = await createTask(
      db,
      clock,
      userId,
      { title: 'New "one"\n', priority: "high", tags: ["x"], due_date: "2026-12-01T10:00:00.000Z" },
      onChange,
    );
    await listNow({ spliced: true });
    // Two changes in one millisecond, then the list.
    await updateTask(db, clock, userId, created.id, { title: "Renamed" }, onChange);
    await updateTask(db, clock, userId, created.id, { status: "cancelled" }, onChange);
    await listNow({ spliced: true });
    await deleteTask(db, clock, userId, created.id, onChange);
    await listNow({ spliced: true });
    const repeating = (await listTasks(db, userId, {})).find((each) => each.recurrence !== null);
    if (!repeating) throw new Error("no repeating task");
    await updateTask(db, clock, userId, repeating.id, { status: "completed" }, onChange);
    const after = await listTasks(db, userId, {});
    expect(after.filter((each) => each.title === repeating.title)).toHaveLength(2);
    await listNow({ spliced: true });
    // No change: the kept list as it is.
    expect((await listAllTasksText(db, userId, await versionNow(), kept, log)).body).toBe(kept.body);
  });

  it("is read whole when a change it was not told of came in between", async () => {
    const { db } = t.deps;
    const clock = t.clock;
    const userId = me.user.id;
    const task = await firstTask();
    // Told of this one, not of the next (another instance's, or another module's).
    await updateTask(db, clock, userId, task.id, { title: "Told" }, log.record.bind(log));
    await updateTask(other.deps.db, clock, userId, task.id, { title: "Not told" });
    await listNow({ spliced: false });
    // The other way round: the chain from the kept version has a gap.
    await createTasks(db, clock, userId, [{ title: "Not told either", priority: "low", tags: [] }]);
    await updateTask(db, clock, userId, task.id, { title: "Told again" }, log.record.bind(log));
    await listNow({ spliced: false });
  });

  it("does not take the version read with the session as the list's when a change came after it", async () => {
    const { db } = t.deps;
    const clock = t.clock;
    const userId = me.user.id;
    const task = await firstTask();
    await updateTask(db, clock, userId, task.id, { title: "Seen" }, log.record.bind(log));
    const sessionVersion = await versionNow();
    // Committed after the session was read, before the list is: not told.
    await updateTask(db, clock, userId, task.id, { title: "After the session" });
    const list = await listAllTasksText(db, userId, sessionVersion, kept, log);
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
