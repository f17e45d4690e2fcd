import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTaskRequestSchema, type TaskJson } from "@contract/tasks";
import { acceptPlan, undoPlan } from "../../src/modules/planning/service";
import { createTask, getTask, updateTask } from "../../src/modules/tasks/service";
import { createTestApp, signUp, testClock, type TestApp } from "../helpers";

/**
 * A plan accepted or undone while the same tasks are being edited: every write takes the user's
 * row before any task's, so none waits for another in the opposite order (on PostgreSQL that
 * would be a deadlock, one of them failing). Runs on SQLite, and on PostgreSQL with
 * TEST_DATABASE_URL, where the transactions really run side by side.
 */

let t: TestApp;
const clock = testClock("2026-11-21T10:00:00.000Z");

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => t.close());

const block = (task: TaskJson, index: number) => ({
  task_id: task.id,
  start: `2026-11-23T${String(9 + index).padStart(2, "0")}:00:00Z`,
  end: `2026-11-23T${String(9 + index).padStart(2, "0")}:30:00Z`,
});

describe("a plan accepted while its tasks are edited", () => {
  it("applies every change, one after another, without a deadlock", async () => {
    const { user } = await signUp(t);
    const deps = { db: t.deps.db, clock };
    const tasks: TaskJson[] = [];
    for (const title of ["Draft", "Review", "Send", "File", "Archive", "Call"])
      tasks.push(await createTask(t.deps.db, clock, user.id, createTaskRequestSchema.parse({ title })));
    const blocks = tasks.map(block);

    for (let round = 0; round < 5; round += 1) {
      // The plan locks the tasks in one order while the edits walk them in the other.
      const accepted = acceptPlan(deps, user.id, { date: "2026-11-23", blocks });
      const edits = [...tasks]
        .reverse()
        .map((task) => updateTask(t.deps.db, clock, user.id, task.id, { title: `${task.title} ${round}` }));
      const [{ undo_token }] = await Promise.all([accepted, ...edits]);
      const [undone] = await Promise.all([
        undoPlan(deps, user.id, undo_token),
        ...[...tasks]
          .reverse()
          .map((task) => updateTask(t.deps.db, clock, user.id, task.id, { priority: "high" })),
      ]);
      expect(undone.restored).toBe(tasks.length);
    }

    for (const task of tasks) {
      const stored = await getTask(t.deps.db, user.id, task.id);
      expect(stored).toMatchObject({ title: `${task.title} 4`, priority: "high", scheduled_start: null });
    }
  });
});
