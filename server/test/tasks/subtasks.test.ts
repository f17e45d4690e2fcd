import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers";
import { newApiUser, taskUrl, TASKS, type ApiUser } from "../projects/api-user";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A chain of `levels` tasks, each the subtask of the one before; the top one first. */
async function chain(user: ApiUser, levels: number, projectId?: string) {
  const tasks = [await user.create({ title: "Level 1", ...(projectId ? { project_id: projectId } : {}) })];
  for (let level = 2; level <= levels; level += 1) {
    tasks.push(await user.create({ title: `Level ${level}`, parent_id: tasks.at(-1)?.id }));
  }
  return tasks;
}

async function expectRefused(
  response: { statusCode: number; body: string },
  status: number,
  message: RegExp,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect((JSON.parse(response.body) as { message: string }).message).toMatch(message);
}

describe("subtasks", () => {
  it("go into their parent's project, whatever project_id says", async () => {
    const ada = await newApiUser(t);
    const home = await ada.createProject("Home");
    const work = await ada.createProject("Work");
    const parent = await ada.create({ title: "Kitchen", project_id: home.id });
    const child = await ada.create({ title: "Sink", parent_id: parent.id, project_id: work.id });
    expect(child).toMatchObject({ parent_id: parent.id, project_id: home.id });
  });

  it("nest 4 levels deep at most: a fifth is a 400, on create and on update", async () => {
    const ada = await newApiUser(t);
    const tasks = await chain(ada, 4);
    const deepest = tasks[3];
    if (!deepest) throw new Error("no chain");
    await expectRefused(
      await ada.call("POST", TASKS, { title: "Level 5", parent_id: deepest.id }),
      400,
      /at most 4 levels deep/,
    );
    // A task with a subtask of its own under level 3 would make level 5 too.
    const pair = await chain(ada, 2);
    await expectRefused(
      await ada.call("PUT", taskUrl(pair[0]?.id ?? ""), { parent_id: tasks[2]?.id }),
      400,
      /at most 4 levels deep/,
    );
    // …while under level 2 it fits exactly.
    const moved = await ada.update(pair[0]?.id ?? "", { parent_id: tasks[1]?.id });
    expect(moved.parent_id).toBe(tasks[1]?.id);
  });

  it("refuse cycles with a 400: under itself or under one of its own subtasks", async () => {
    const ada = await newApiUser(t);
    const [top, middle, bottom] = await chain(ada, 3);
    if (!top || !middle || !bottom) throw new Error("no chain");
    await expectRefused(
      await ada.call("PUT", taskUrl(top.id), { parent_id: top.id }),
      400,
      /subtask of itself/,
    );
    await expectRefused(
      await ada.call("PUT", taskUrl(top.id), { parent_id: bottom.id }),
      400,
      /one of its own subtasks/,
    );
    expect((await ada.task(top.id)).parent_id).toBeNull();
  });

  it("move with their parent: a new project moves the whole subtree", async () => {
    const ada = await newApiUser(t);
    const home = await ada.createProject("Home");
    const work = await ada.createProject("Work");
    const [top, middle, bottom] = await chain(ada, 3, home.id);
    const other = await ada.create({ title: "Stays", project_id: home.id });
    await ada.update(top?.id ?? "", { project_id: work.id });
    for (const task of [top, middle, bottom]) {
      expect((await ada.task(task?.id ?? "")).project_id).toBe(work.id);
    }
    expect((await ada.task(middle?.id ?? "")).parent_id).toBe(top?.id);
    expect((await ada.task(other.id)).project_id).toBe(home.id);
    expect((await ada.list({ project_id: work.id })).length).toBe(3);
  });

  it("set under a parent in another project move there with their own subtree", async () => {
    const ada = await newApiUser(t);
    const home = await ada.createProject("Home");
    const work = await ada.createProject("Work");
    const [top, child] = await chain(ada, 2, home.id);
    const target = await ada.create({ title: "Target", project_id: work.id });
    const moved = await ada.update(top?.id ?? "", { parent_id: target.id });
    expect(moved).toMatchObject({ parent_id: target.id, project_id: work.id });
    expect((await ada.task(child?.id ?? "")).project_id).toBe(work.id);
  });

  it("moved to another project on their own leave their parent; parent_id null makes them top level", async () => {
    const ada = await newApiUser(t);
    const home = await ada.createProject("Home");
    const [top, middle, bottom] = await chain(ada, 3);
    const moved = await ada.update(middle?.id ?? "", { project_id: home.id });
    expect(moved).toMatchObject({ parent_id: null, project_id: home.id });
    expect((await ada.task(bottom?.id ?? "")).project_id).toBe(home.id);
    expect((await ada.task(top?.id ?? "")).project_id).not.toBe(home.id);

    const outdented = await ada.update(bottom?.id ?? "", { parent_id: null });
    expect(outdented).toMatchObject({ parent_id: null, project_id: home.id });
  });

  it("are deleted with their parent, the whole subtree", async () => {
    const ada = await newApiUser(t);
    const [top, middle, bottom] = await chain(ada, 3);
    const sibling = await ada.create({ title: "Sibling" });
    const response = await ada.call("DELETE", taskUrl(middle?.id ?? ""));
    expect(response.statusCode).toBe(204);
    expect((await ada.call("GET", taskUrl(bottom?.id ?? ""))).statusCode).toBe(404);
    expect((await ada.list()).map((task) => task.id).sort()).toEqual([top?.id, sibling.id].sort());
  });

  it("are completed with their parent when complete_subtasks is true, else left open", async () => {
    const ada = await newApiUser(t);
    const parent = await ada.create({ title: "Move house" });
    const open = await ada.create({ title: "Pack", parent_id: parent.id });
    const working = await ada.create({ title: "Label", parent_id: parent.id, status: "inprogress" });
    const deep = await ada.create({ title: "Tape", parent_id: open.id });
    const cancelled = await ada.create({ title: "Hire van", parent_id: parent.id, status: "cancelled" });

    const alone = await ada.create({ title: "Alone" });
    const aloneChild = await ada.create({ title: "Alone's child", parent_id: alone.id });
    await ada.update(alone.id, { status: "completed" });
    expect((await ada.task(aloneChild.id)).status).toBe("pending");

    const completed = await ada.update(parent.id, { status: "completed", complete_subtasks: true });
    expect(completed.status).toBe("completed");
    for (const task of [open, working, deep]) {
      const after = await ada.task(task.id);
      expect(after.status).toBe("completed");
      expect(after.completed_at).toBe(t.clock.now().toISOString());
    }
    expect((await ada.task(cancelled.id)).status).toBe("cancelled");
  });

  it("keep their project and parent in a repeating task's next occurrence", async () => {
    const ada = await newApiUser(t);
    const home = await ada.createProject("Home");
    const parent = await ada.create({ title: "Chores", project_id: home.id });
    const weekly = await ada.create({
      title: "Water plants",
      parent_id: parent.id,
      due_date: "2026-11-23T09:00:00.000Z",
      recurrence: "FREQ=WEEKLY",
    });
    await ada.update(weekly.id, { status: "completed" });
    const next = (await ada.list()).find(
      (task) => task.title === "Water plants" && task.status === "pending",
    );
    expect(next).toMatchObject({ project_id: home.id, parent_id: parent.id });
    expect(next?.id).not.toBe(weekly.id);
  });

  it("are created as extraction's Add All posts them: under a new task, with their source, in a project", async () => {
    const ada = await newApiUser(t);
    const trip = await ada.createProject("Trip");
    const subject = await ada.create({
      title: "Weekend in Lisbon",
      project_id: trip.id,
      source: { type: "Llm", origin: "extract" },
    });
    const extracted = [];
    for (const title of ["Book flights", "Reserve hotel"]) {
      extracted.push(
        await ada.create({ title, parent_id: subject.id, source: { type: "Llm", origin: "extract" } }),
      );
    }
    for (const task of extracted) {
      expect(task).toMatchObject({ parent_id: subject.id, project_id: trip.id, source: { type: "Llm" } });
    }
  });

  it("never outlive a parent deleted while one is being added under it", async () => {
    const ada = await newApiUser(t);
    for (let round = 0; round < 8; round += 1) {
      const parent = await ada.create({ title: `Parent ${round}` });
      const [deleted, added] = await Promise.all([
        ada.call("DELETE", taskUrl(parent.id)),
        ada.call("POST", TASKS, { title: `Child ${round}`, parent_id: parent.id }),
      ]);
      expect(deleted.statusCode).toBe(204);
      expect([201, 404]).toContain(added.statusCode);
    }
    const tasks = await ada.list();
    const ids = new Set(tasks.map((task) => task.id));
    expect(tasks.filter((task) => task.parent_id !== null && !ids.has(task.parent_id))).toEqual([]);
    expect(tasks).toEqual([]);
  });

  it("of another user are a 404, as parent and as task", async () => {
    const ada = await newApiUser(t);
    const bob = await newApiUser(t);
    const adas = await ada.create({ title: "Ada's" });
    const bobs = await bob.create({ title: "Bob's" });
    for (const response of [
      await bob.call("POST", TASKS, { title: "Under Ada's", parent_id: adas.id }),
      await bob.call("PUT", taskUrl(bobs.id), { parent_id: adas.id }),
      await bob.call("PUT", taskUrl(adas.id), { parent_id: bobs.id }),
      await bob.call("DELETE", taskUrl(adas.id)),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
    }
    await expectRefused(
      await bob.call("POST", TASKS, { title: "x", parent_id: "no-such-task" }),
      404,
      /parent_id: no such task/,
    );
    expect((await ada.task(adas.id)).parent_id).toBeNull();
  });
});
