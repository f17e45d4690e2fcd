import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes, pathFor } from "@contract/routes";
import type { TaskJson, TaskStats } from "@contract/tasks";
import { createTasks } from "../../src/modules/tasks/service";
import { AnswerCache } from "../../src/modules/tasks/answer-cache";
import { bearer, createTestApp, signUp, testClock, type SignedUp, type TestApp } from "../helpers";
import { ODD_TASKS } from "./odd-tasks";

/**
 * The list and the statistics are serialised once per version of the user's task data and kept:
 * what is sent must be byte for byte what the contract's serialiser writes, and a kept answer
 * must never outlive the data it was made from — a change through this instance, another
 * instance on the same database, or the clock (overdue) shows at once.
 */

const TASKS = apiRoutes.listTasks.path;
const STATS = apiRoutes.taskStats.path;

let t: TestApp;
let other: TestApp;
let me: SignedUp;

beforeAll(async () => {
  const clock = testClock();
  t = await createTestApp({ clock });
  // A second instance of the server on the same database, with its own kept answers.
  other = await createTestApp({ db: t.deps.db, clock });
  me = await signUp(t);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

async function get(app: TestApp, url: string) {
  const response = await app.app.inject({ method: "GET", url, headers: bearer(me.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

async function put(app: TestApp, id: string, payload: Record<string, unknown>) {
  const response = await app.app.inject({
    method: "PUT",
    url: pathFor(apiRoutes.updateTask.path, { id }),
    headers: bearer(me.token),
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TaskJson;
}

describe("the list and statistics as sent", () => {
  it("are byte for byte what the contract's schemas serialise, with every kind of field", async () => {
    await createTasks(t.deps.db, t.clock, me.user.id, ODD_TASKS);
    for (const url of [TASKS, `${TASKS}?status=in_progress`, `${TASKS}?search=quote`]) {
      const { body, headers } = await get(t, url);
      expect(headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(body).toBe(JSON.stringify(apiRoutes.listTasks.response.parse(JSON.parse(body))));
      // Kept, and sent again the same.
      expect((await get(t, url)).body).toBe(body);
    }
    const stats = await get(t, STATS);
    expect(stats.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(stats.body).toBe(JSON.stringify(apiRoutes.taskStats.response.parse(JSON.parse(stats.body))));
  });
});

describe("kept answers", () => {
  it("are not reused after a change made by another instance on the same database", async () => {
    const [task] = (await get(t, TASKS)).json() as TaskJson[];
    if (!task) throw new Error("no task");
    const statsBefore = (await get(t, STATS)).json() as TaskStats;
    const other_status = task.status === "completed" ? "pending" : "completed";
    await put(other, task.id, { status: other_status, title: "Renamed elsewhere" });
    const after = (await get(t, TASKS)).json() as TaskJson[];
    expect(after.find((each) => each.id === task.id)).toMatchObject({
      title: "Renamed elsewhere",
      status: other_status,
    });
    const statsAfter = (await get(t, STATS)).json() as TaskStats;
    expect(statsAfter.completed).toBe(statsBefore.completed + (other_status === "completed" ? 1 : -1));
  });

  it("count a task overdue once its due date passes, and not any more if the clock is set back", async () => {
    const start = t.clock.now();
    const due = new Date(start.getTime() + 60 * 60_000).toISOString();
    await createTasks(t.deps.db, t.clock, me.user.id, [
      { title: "Pay the rent", tags: [], priority: "high", due_date: due },
    ]);
    const before = (await get(t, STATS)).json() as TaskStats;
    t.clock.advance(59 * 60_000);
    expect(((await get(t, STATS)).json() as TaskStats).overdue).toBe(before.overdue);
    t.clock.advance(2 * 60_000);
    expect(((await get(t, STATS)).json() as TaskStats).overdue).toBe(before.overdue + 1);
    t.clock.set(start);
    expect(((await get(t, STATS)).json() as TaskStats).overdue).toBe(before.overdue);
  });
});

describe("AnswerCache", () => {
  it("keeps one version per user and drops the older one when a newer is kept", () => {
    const cache = new AnswerCache();
    cache.set("u1", 1, "list", { body: Buffer.from("[1]") });
    cache.set("u1", 1, "stats", { body: Buffer.from("{1}") });
    cache.set("u2", 7, "list", { body: Buffer.from("[7]") });
    expect(cache.get("u1", 1, "list")?.body.toString()).toBe("[1]");
    cache.set("u1", 2, "list", { body: Buffer.from("[2]") });
    expect(cache.get("u1", 1, "list")).toBeUndefined();
    expect(cache.get("u1", 1, "stats")).toBeUndefined();
    expect(cache.get("u1", 2, "list")?.body.toString()).toBe("[2]");
    // An answer made from an older version than the one kept is not kept.
    cache.set("u1", 1, "list", { body: Buffer.from("[old]") });
    expect(cache.get("u1", 1, "list")).toBeUndefined();
    expect(cache.get("u2", 7, "list")?.body.toString()).toBe("[7]");
  });

  it("keeps the newest answer for the same key, and still drops it for a newer version", () => {
    const cache = new AnswerCache();
    cache.set("u1", 1, "list", { body: Buffer.from("[a]") });
    cache.set("u1", 1, "list", { body: Buffer.from("[b]") });
    expect(cache.get("u1", 1, "list")?.body.toString()).toBe("[b]");
    cache.set("u1", 2, "stats", { body: Buffer.from("{2}") });
    expect(cache.get("u1", 1, "list")).toBeUndefined();
    expect(cache.get("u1", 2, "stats")?.body.toString()).toBe("{2}");
  });

  it("lets the least recently used answers go when it is full", () => {
    const cache = new AnswerCache();
    const big = Buffer.alloc(3 * 1024 * 1024, "x");
    for (let user = 0; user < 8; user += 1) cache.set(`u${user}`, 1, "list", { body: big });
    expect(cache.get("u0", 1, "list")).toBeUndefined();
    expect(cache.get("u7", 1, "list")?.body).toBe(big);
  });
});
