import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectTaskListJsonSqlite } from "../../src/modules/tasks/repository";
import { createTasks, listTasks, listTasksJson } from "../../src/modules/tasks/service";
import { createTestApp, signUp, testClock, type SignedUp, type TestApp } from "../helpers";
import { ODD_TASKS } from "./odd-tasks";

/**
 * The list's JSON text as sent (listTasksJson; on SQLite written by the database unless tags or
 * a search filter it) must be byte for byte what JSON.stringify writes of listTasks, whatever the tasks
 * hold and however the list is filtered — including rows written by older versions or by hand
 * that the service reads leniently (the other spelling of in progress, an unknown status or
 * priority, tags that are not a JSON array, tags text that is not JSON at all). Runs on SQLite,
 * and on PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
let me: SignedUp;
/** Whose one task has a tags text that is not JSON. */
let broken: SignedUp;

beforeAll(async () => {
  const clock = testClock();
  t = await createTestApp({ clock });
  me = await signUp(t);
  const [oddOne, oddTwo, oddThree] = await createTasks(t.deps.db, clock, me.user.id, ODD_TASKS);
  if (!oddOne || !oddTwo || !oddThree) throw new Error("no tasks");
  // Stored values the service reads leniently.
  const db = t.deps.db;
  await db
    .updateTable("tasks")
    .set({ status: "in_progress", tags: "[]" })
    .where("id", "=", oddOne.id)
    .execute();
  await db
    .updateTable("tasks")
    .set({ status: "someday", priority: "critical", tags: '{"a":1}' })
    .where("id", "=", oddTwo.id)
    .execute();
  await db
    .updateTable("tasks")
    .set({ tags: '[ "spaced" ,  "tags" ]' })
    .where("id", "=", oddThree.id)
    .execute();
});
beforeAll(async () => {
  broken = await signUp(t);
  const [task] = await createTasks(t.deps.db, t.clock, broken.user.id, [
    { title: "Broken tags", priority: "low", tags: ["x"] },
    { title: "Fine", priority: "high", tags: ["y"] },
  ]);
  if (!task) throw new Error("no task");
  await t.deps.db.updateTable("tasks").set({ tags: "not json" }).where("id", "=", task.id).execute();
});
afterAll(async () => {
  await t.close();
});

describe("the list's JSON text", () => {
  it.each([
    {},
    { status: "in_progress" },
    { status: "pending,completed" },
    { priority: "urgent,low" },
    { has_due_date: "true" as const },
    { has_due_date: "false" as const },
    { status: "cancelled", priority: "low" },
    { tags: "work" },
    { search: "quote" },
  ])("is what JSON.stringify writes of the list, for %o", async (query) => {
    const text = await listTasksJson(t.deps.db, me.user.id, query);
    expect(text).toBe(JSON.stringify(await listTasks(t.deps.db, me.user.id, query)));
  });

  // PostgreSQL lists the JavaScript way.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL)).each([
    { query: {}, filters: {} },
    { query: { status: "pending,in_progress" }, filters: { statuses: ["pending", "inprogress"] as const } },
    { query: { priority: "urgent,low" }, filters: { priorities: ["urgent", "low"] as const } },
  ])("is written by SQLite itself, for $query", async ({ query, filters }) => {
    const text = await selectTaskListJsonSqlite(t.deps.db, me.user.id, filters);
    expect(text).toBe(JSON.stringify(await listTasks(t.deps.db, me.user.id, query)));
  });

  it("reads a tags text that is not JSON as no tags, the list as a whole still sent", async () => {
    const text = await listTasksJson(t.deps.db, broken.user.id, {});
    expect(text).toBe(JSON.stringify(await listTasks(t.deps.db, broken.user.id, {})));
    const tagsOf = Object.fromEntries(
      (JSON.parse(text) as Array<{ title: string; tags: string[] }>).map((task) => [task.title, task.tags]),
    );
    expect(tagsOf).toEqual({ Fine: ["y"], "Broken tags": [] });
  });

  it("is an empty array for a user without tasks", async () => {
    const other = await signUp(t);
    expect(await listTasksJson(t.deps.db, other.user.id, {})).toBe("[]");
  });
});
