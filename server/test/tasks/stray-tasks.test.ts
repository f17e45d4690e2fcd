import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers";
import { newApiUser } from "../projects/api-user";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** What the release before projects wrote during a rolling upgrade: a task without a project. */
async function strayTask(id: string): Promise<void> {
  await t.deps.db.updateTable("tasks").set({ project_id: null }).where("id", "=", id).execute();
}

async function projectOf(id: string): Promise<string | null> {
  const row = await t.deps.db
    .selectFrom("tasks")
    .select("project_id")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return row.project_id;
}

describe("a task written without a project", () => {
  it("moves to the Inbox once a list would answer it, and comes in that answer with the Inbox's id", async () => {
    const ada = await newApiUser(t);
    const inbox = await ada.inbox();
    const open = await ada.create({ title: "Written by the release before" });
    const done = await ada.create({ title: "Finished before the upgrade", status: "completed" });
    await strayTask(open.id);
    await strayTask(done.id);

    const openList = await ada.list({ status: "pending" });
    expect(openList.map((task) => [task.title, task.project_id])).toEqual([
      ["Written by the release before", inbox.id],
    ]);
    expect(await projectOf(open.id)).toBe(inbox.id);
    expect(await projectOf(done.id)).toBe(inbox.id);

    const all = await ada.list();
    expect(all.every((task) => task.project_id === inbox.id)).toBe(true);
  });
});
