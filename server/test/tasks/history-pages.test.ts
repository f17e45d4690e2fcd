import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes, pathFor } from "@contract/routes";
import { taskJsonSchema, taskPageCursor, taskStatsSchema, type TaskJson } from "@contract/tasks";
import { bearer, createTestApp, signUp, type TestApp } from "../helpers";

const TASKS = apiRoutes.listTasks.path;

let t: TestApp;
let headers: { authorization: string };
/** Completed one a day, "Done 1" first: "Done 12" is the newest. */
let completed: TaskJson[];

async function list(query: Record<string, string>) {
  return t.app.inject({ method: "GET", url: TASKS, headers, query });
}

async function titlesOf(query: Record<string, string>): Promise<string[]> {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as TaskJson[]).map((task) => task.title);
}

beforeAll(async () => {
  t = await createTestApp();
  headers = bearer((await signUp(t)).token);
  const create = async (title: string) => {
    const response = await t.app.inject({ method: "POST", url: TASKS, headers, payload: { title } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as TaskJson;
  };
  await create("Open one");
  t.clock.advance(1_000);
  await create("Open two");
  completed = [];
  for (let day = 1; day <= 12; day += 1) {
    const task = await create(`Done ${day}`);
    t.clock.advance(86_400_000);
    const response = await t.app.inject({
      method: "PUT",
      url: pathFor(apiRoutes.updateTask.path, { id: task.id }),
      headers,
      payload: { status: "completed" },
    });
    completed.push(response.json() as TaskJson);
  }
});
afterAll(async () => t.close());

describe("the completed tasks a page at a time, newest first", () => {
  it("answers the first page, then each next one after the last task received, until none is left", async () => {
    const pages: string[][] = [];
    let after: string | undefined;
    for (;;) {
      const response = await list({
        status: "completed",
        order: "completed_at",
        limit: "5",
        ...(after ? { after } : {}),
      });
      expect(response.statusCode, response.body).toBe(200);
      const page = (response.json() as unknown[]).map((task) => taskJsonSchema.parse(task));
      if (page.length === 0) break;
      pages.push(page.map((task) => task.title));
      after = taskPageCursor(page.at(-1) as TaskJson);
    }
    expect(pages).toEqual([
      ["Done 12", "Done 11", "Done 10", "Done 9", "Done 8"],
      ["Done 7", "Done 6", "Done 5", "Done 4", "Done 3"],
      ["Done 2", "Done 1"],
    ]);
  });

  it("orders tasks never completed after the completed ones when no status is chosen", async () => {
    const all = await titlesOf({ order: "completed_at" });
    expect(all.slice(0, 2)).toEqual(["Done 12", "Done 11"]);
    expect(all.slice(-2).sort()).toEqual(["Open one", "Open two"]);
    const last = completed[0] as TaskJson;
    expect((await titlesOf({ order: "completed_at", after: taskPageCursor(last) })).sort()).toEqual([
      "Open one",
      "Open two",
    ]);
    const never = (await list({ order: "completed_at", after: taskPageCursor(last) })).json() as TaskJson[];
    expect(never.map((task) => task.title)).toEqual(["Open two", "Open one"]);
    const after = taskPageCursor(never[0] as TaskJson);
    expect(await titlesOf({ order: "completed_at", limit: "5", after })).toEqual(["Open one"]);
  });

  it("pages tasks completed at the same instant by id, newest first, each once", async () => {
    const other = bearer((await signUp(t)).token);
    const ids: string[] = [];
    for (let index = 1; index <= 5; index += 1) {
      const response = await t.app.inject({
        method: "POST",
        url: TASKS,
        headers: other,
        payload: { title: `Same instant ${index}`, status: "completed" },
      });
      expect(response.statusCode, response.body).toBe(201);
      ids.push((response.json() as TaskJson).id);
    }
    const received: TaskJson[] = [];
    let after: string | undefined;
    for (;;) {
      const query = { status: "completed", order: "completed_at", limit: "2", ...(after ? { after } : {}) };
      const response = await t.app.inject({ method: "GET", url: TASKS, headers: other, query });
      const page = response.json() as TaskJson[];
      if (page.length === 0) break;
      received.push(...page);
      after = taskPageCursor(page.at(-1) as TaskJson);
    }
    expect(new Set(received.map((task) => task.completed_at)).size).toBe(1);
    expect(received.map((task) => task.id)).toEqual([...ids].sort().reverse());
  });

  it("keeps the open tasks on their own, in the to-do order, without the history", async () => {
    expect(await titlesOf({ status: "pending,in_progress" })).toEqual(["Open two", "Open one"]);
  });

  it("cuts the to-do order too, and a searched page after the exact matches", async () => {
    expect(await titlesOf({ limit: "3" })).toEqual(["Open two", "Open one", "Done 12"]);
    expect(await titlesOf({ search: "done 1", order: "completed_at", limit: "2" })).toEqual([
      "Done 12",
      "Done 11",
    ]);
  });

  it.each([
    [{ limit: "0" }, "limit must be a whole number from 1 to 500"],
    [{ limit: "501" }, "limit must be a whole number from 1 to 500"],
    [{ limit: "ten" }, "limit must be a whole number from 1 to 500"],
    [{ order: "newest" }, "order must be due or completed_at"],
    [{ order: "completed_at", after: "yesterday" }, "after: give the completed_at and id"],
    [{ order: "completed_at", after: "2026-01-01,abc" }, "after: give the completed_at and id"],
    [{ after: ",abc" }, "after: pages follow one another in order=completed_at only"],
  ])("answers 400 naming the parameter for %j", async (query, message) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect((response.json() as { message: string }).message).toContain(message);
  });
});

describe("the search index", () => {
  it("finds a task again after its title changed, and no longer by the old one", async () => {
    const task = completed[3] as TaskJson;
    await t.app.inject({
      method: "PUT",
      url: pathFor(apiRoutes.updateTask.path, { id: task.id }),
      headers,
      payload: { title: "Renamed to zebra crossing" },
    });
    expect(await titlesOf({ search: "zebra" })).toEqual(["Renamed to zebra crossing"]);
    expect(await titlesOf({ search: "Done 4" })).toEqual([]);
    await t.app.inject({
      method: "DELETE",
      url: pathFor(apiRoutes.deleteTask.path, { id: task.id }),
      headers,
    });
    expect(await titlesOf({ search: "zebra" })).toEqual([]);
  });
});

describe("the answers' shape", () => {
  it("sends every task and the counts exactly as the contract describes them, no field more", async () => {
    const response = await list({});
    for (const task of response.json() as unknown[]) taskJsonSchema.strict().parse(task);
    const one = completed[5] as TaskJson;
    const got = await t.app.inject({
      method: "GET",
      url: pathFor(apiRoutes.getTask.path, { id: one.id }),
      headers,
    });
    expect(taskJsonSchema.strict().parse(got.json())).toEqual(one);
    const created = await t.app.inject({
      method: "POST",
      url: TASKS,
      headers,
      payload: {
        title: "Shaped",
        tags: ["x"],
        due_date: "2026-12-01T10:00:00.000Z",
        recurrence: "FREQ=DAILY",
      },
    });
    taskJsonSchema.strict().parse(created.json());
    const stats = await t.app.inject({ method: "GET", url: apiRoutes.taskStats.path, headers });
    taskStatsSchema.strict().parse(stats.json());
  });
});

describe("subtasks with their open parents", () => {
  it("brings every subtask of the tasks kept, completed ones too, with with_subtasks=true", async () => {
    const parent = (
      await t.app.inject({ method: "POST", url: TASKS, headers, payload: { title: "Parent" } })
    ).json() as TaskJson;
    const child = (
      await t.app.inject({
        method: "POST",
        url: TASKS,
        headers,
        payload: { title: "Child", parent_id: parent.id },
      })
    ).json() as TaskJson;
    await t.app.inject({
      method: "POST",
      url: TASKS,
      headers,
      payload: { title: "Grandchild", parent_id: child.id, status: "completed" },
    });
    await t.app.inject({
      method: "PUT",
      url: pathFor(apiRoutes.updateTask.path, { id: child.id }),
      headers,
      payload: { status: "completed" },
    });
    const open = await titlesOf({ status: "pending,in_progress" });
    expect(open).toContain("Parent");
    expect(open).not.toContain("Child");
    const withSubtasks = await titlesOf({ status: "pending,in_progress", with_subtasks: "true" });
    expect(withSubtasks).toEqual(expect.arrayContaining(["Parent", "Child", "Grandchild"]));
    expect(withSubtasks.filter((title) => title.startsWith("Done"))).toEqual([]);
  });
});

describe("a searched page when the exact check drops candidates", () => {
  it("fills the page from the candidates after those dropped, and the next page after it", async () => {
    // "," is in the tags' stored text of a task with two tags, so SQL pre-selects these; the
    // exact check drops them (no tag, title or description holds a comma).
    const completeNew = async (title: string, tags: string[]) => {
      t.clock.advance(60_000);
      const task = (
        await t.app.inject({ method: "POST", url: TASKS, headers, payload: { title, tags } })
      ).json() as TaskJson;
      await t.app.inject({
        method: "PUT",
        url: pathFor(apiRoutes.updateTask.path, { id: task.id }),
        headers,
        payload: { status: "completed" },
      });
    };
    for (const n of [1, 2, 3]) await completeNew(`Comma ${n}, kept`, []);
    for (const n of [1, 2, 3, 4, 5]) await completeNew(`Two tags ${n}`, ["left", "right"]);
    const query = { status: "completed", order: "completed_at", search: ",", limit: "2" };
    const first = (await list(query)).json() as TaskJson[];
    expect(first.map((task) => task.title)).toEqual(["Comma 3, kept", "Comma 2, kept"]);
    const after = taskPageCursor(first.at(-1) as TaskJson);
    expect(await titlesOf({ ...query, after })).toEqual(["Comma 1, kept"]);
  });
});
