import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "@contract/routes";
import { taskJsonSchema, type TaskJson } from "@contract/tasks";
import { createTasks } from "../../src/modules/tasks/service";
import { toTaskJson } from "../../src/modules/tasks/task-json";
import { bearer, createTestApp, signUp, type TestApp } from "../helpers";
import { ODD_TASKS } from "./odd-tasks";

/**
 * A list reads only the columns of its answer (TASK_WIRE_COLUMNS), by every path it takes: the
 * to-do order, pages of the history, searches and subtasks. Each task must still be sent byte
 * for byte as toTaskJson writes the whole stored row, whatever the row holds (awkward text, every
 * status and source, values an older release or a hand wrote that are read leniently), with the
 * contract's fields in the contract's order. Runs on SQLite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */

const WIRE_FIELDS = Object.keys(taskJsonSchema.shape);

let t: TestApp;
let userId: string;
let headers: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  const me = await signUp(t);
  userId = me.user.id;
  headers = bearer(me.token);
  const [first, second, third] = await createTasks(t.deps.db, t.clock, userId, ODD_TASKS);
  if (!first || !second || !third) throw new Error("no tasks");
  await createTasks(t.deps.db, t.clock, userId, [
    { title: "Subtask of the plain one", parent_id: first.id, priority: "low", tags: ["sub"] },
    { title: "Done subtask", parent_id: first.id, status: "completed", priority: "low", tags: [] },
  ]);
  const stored = (id: string, set: { status?: string; priority?: string; tags?: string }) =>
    t.deps.db.updateTable("tasks").set(set).where("id", "=", id).execute();
  // Stored values the list reads leniently.
  await stored(second.id, { status: "someday", priority: "critical", tags: '{"a":1}' });
  await stored(third.id, { tags: "not json" });
});
afterAll(async () => {
  await t.close();
});

describe("a list's tasks", () => {
  it.each<Record<string, string>>([
    {},
    { status: "pending,in_progress,cancelled", with_subtasks: "true" },
    { status: "completed", order: "completed_at", limit: "3" },
    { order: "completed_at" },
    { search: "quote" },
    { tags: "sub" },
    { has_due_date: "true" },
  ])("are toTaskJson of their whole rows, for %o", async (query) => {
    const response = await t.app.inject({ method: "GET", url: apiRoutes.listTasks.path, headers, query });
    expect(response.statusCode, response.body).toBe(200);
    const sent = response.json<TaskJson[]>();
    expect(sent.length).toBeGreaterThan(0);
    const rows = await t.deps.db
      .selectFrom("tasks")
      .selectAll()
      .where(
        "id",
        "in",
        sent.map((task) => task.id),
      )
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const expected = sent.map((task) => {
      const row = byId.get(task.id);
      if (!row) throw new Error(`no row ${task.id}`);
      return toTaskJson(row);
    });
    expect(response.body).toBe(JSON.stringify(expected));
    for (const task of sent) {
      expect(Object.keys(task)).toEqual(WIRE_FIELDS);
      expect(taskJsonSchema.parse(task)).toEqual(task);
    }
  });
});
