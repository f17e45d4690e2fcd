import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTaskRequestSchema, updateTaskRequestSchema, type UpdateTaskRequest } from "@contract/tasks";
import type { Db } from "../../src/db/database";
import { NotFound } from "../../src/lib/domain-errors";
import { createTask, deleteTask, getTask, listOpenTasks, updateTask } from "../../src/modules/tasks/service";
import { createTestApp, signUp, testClock, type TestApp } from "../helpers";

/**
 * Changes to one task that arrive together are committed together (group commit); on PostgreSQL
 * the batch reads their tasks in one statement before the first of them runs. Each must still see
 * the ones before it, exactly as if it had run alone after them.
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
  it("each answers the task as the ones before it left it, and the last one's is stored", async () => {
    const { user } = await signUp(t);
    const task = await newTask(user.id, "Water the plants", {
      due_date: "2026-11-23T09:00:00.000Z",
      recurrence: "FREQ=WEEKLY",
    });

    const answers = await Promise.all([
      update(user.id, task.id, { title: "Water the ferns" }),
      update(user.id, task.id, { status: "completed" }),
      update(user.id, task.id, { priority: "high" }),
      // Changes nothing: the answer is the task as it stands, updated_at included.
      update(user.id, task.id, { status: "completed" }),
    ]);

    expect(answers.map((answer) => [answer.title, answer.status, answer.priority])).toEqual([
      ["Water the ferns", "pending", "medium"],
      ["Water the ferns", "completed", "medium"],
      ["Water the ferns", "completed", "high"],
      ["Water the ferns", "completed", "high"],
    ]);
    expect(answers[1]?.completed_at).toBe("2026-11-21T10:00:00.000Z");
    expect(await getTask(db, user.id, task.id)).toEqual(answers[3]);
    // Completing it made one next occurrence, from the title the first PUT gave it.
    const open = await listOpenTasks(db, user.id);
    expect(open.map((next) => [next.title, next.due_date])).toEqual([
      ["Water the ferns", "2026-11-30T09:00:00.000Z"],
    ]);
  });

  it("answers 404 to a PUT after a DELETE of the same task, and to a PUT of another user's task", async () => {
    const { user } = await signUp(t);
    const { user: other } = await signUp(t);
    const task = await newTask(user.id, "Renew the passport");
    const kept = await newTask(user.id, "Book the dentist");

    const results = await Promise.allSettled([
      update(user.id, task.id, { title: "Renew the passport soon" }),
      deleteTask(db, clock, user.id, task.id),
      update(user.id, task.id, { priority: "low" }),
      update(other.id, kept.id, { title: "Not mine to change" }),
      update(user.id, kept.id, { title: "Book the dentist for March" }),
    ]);

    expect(results.map((result) => result.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "rejected",
      "rejected",
      "fulfilled",
    ]);
    expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(NotFound);
    expect((results[3] as PromiseRejectedResult).reason).toBeInstanceOf(NotFound);
    await expect(getTask(db, user.id, task.id)).rejects.toBeInstanceOf(NotFound);
    expect((await getTask(db, user.id, kept.id)).title).toBe("Book the dentist for March");
  });
});
