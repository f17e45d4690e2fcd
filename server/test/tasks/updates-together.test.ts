import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTaskRequestSchema,
  updateTaskRequestSchema,
  type TaskJson,
  type UpdateTaskRequest,
} from "@contract/tasks";
import type { Db } from "../../src/db/database";
import { NotFound } from "../../src/lib/domain-errors";
import { createTask, deleteTask, getTask, listOpenTasks, updateTask } from "../../src/modules/tasks/service";
import { createTestApp, signUp, testClock, type TestApp } from "../helpers";

/**
 * Changes to one task that arrive at the same moment apply one after another, in whatever order
 * they reach the database: none is lost, each answers the task as it left it, and a repeating
 * task completed at once by several gets one next occurrence. Runs on SQLite, and on PostgreSQL
 * with TEST_DATABASE_URL (where the transactions really run side by side).
 */

let t: TestApp;
let db: Db;
const clock = testClock("2026-11-21T10:00:00.000Z");

beforeAll(async () => {
  t = await createTestApp({ clock });
  db = t.deps.db;
});
afterAll(async () => t.close());

const update = (userId: string, id: string, body: UpdateTaskRequest) =>
  updateTask(db, clock, userId, id, updateTaskRequestSchema.parse(body));

async function newTask(userId: string, title: string, extra: object = {}) {
  return createTask(db, clock, userId, createTaskRequestSchema.parse({ title, ...extra }));
}

describe("PUTs of one task arriving together", () => {
  it("lose no change, each answers with its own, and completing makes one next occurrence", async () => {
    const { user } = await signUp(t);
    const task = await newTask(user.id, "Water the plants", {
      due_date: "2026-11-23T09:00:00.000Z",
      recurrence: "FREQ=WEEKLY",
    });

    const answers = await Promise.all([
      update(user.id, task.id, { title: "Water the ferns" }),
      update(user.id, task.id, { status: "completed" }),
      update(user.id, task.id, { priority: "high" }),
      update(user.id, task.id, { status: "completed" }),
    ]);

    expect(answers[0]?.title).toBe("Water the ferns");
    expect(answers[1]?.status).toBe("completed");
    expect(answers[2]?.priority).toBe("high");
    expect(answers[3]?.status).toBe("completed");
    // Each answer shows the changes applied before its own: one after another, every later
    // answer holds every change an earlier one holds (none answered from a stale read).
    const appliedIn = (answer: TaskJson) =>
      [answer.title === "Water the ferns", answer.status === "completed", answer.priority === "high"]
        .map((applied, index) => (applied ? index : -1))
        .filter((index) => index >= 0);
    const applied = answers.map(appliedIn).sort((a, b) => a.length - b.length);
    for (const [index, changes] of applied.entries()) {
      const next = applied[index + 1];
      if (next) expect(next).toEqual(expect.arrayContaining(changes));
    }
    expect(applied.at(-1)).toEqual([0, 1, 2]);
    const stored = await getTask(db, user.id, task.id);
    expect([stored.title, stored.status, stored.priority, stored.completed_at]).toEqual([
      "Water the ferns",
      "completed",
      "high",
      "2026-11-21T10:00:00.000Z",
    ]);
    const open = await listOpenTasks(db, user.id);
    expect(open.map((next) => next.due_date)).toEqual(["2026-11-30T09:00:00.000Z"]);
  });

  it("answer 404 once the task is deleted, and to another user's task", async () => {
    const { user } = await signUp(t);
    const { user: other } = await signUp(t);
    const task = await newTask(user.id, "Renew the passport");
    const kept = await newTask(user.id, "Book the dentist");

    const results = await Promise.allSettled([
      deleteTask(db, clock, user.id, task.id),
      update(user.id, task.id, { priority: "low" }),
      update(other.id, kept.id, { title: "Not mine to change" }),
      update(user.id, kept.id, { title: "Book the dentist for March" }),
    ]);

    expect(results[0]?.status).toBe("fulfilled");
    // Before the delete it changed the task, after it there was none.
    const late = results[1];
    if (late?.status === "rejected") expect(late.reason).toBeInstanceOf(NotFound);
    expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(NotFound);
    expect(results[3]?.status).toBe("fulfilled");
    await expect(getTask(db, user.id, task.id)).rejects.toBeInstanceOf(NotFound);
    expect((await getTask(db, user.id, kept.id)).title).toBe("Book the dentist for March");
  });
});
