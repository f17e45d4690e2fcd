import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes, pathFor } from "@contract/routes";
import { taskJsonSchema, type CreateTaskRequest, type TaskJson } from "@contract/tasks";
import { trashListSchema, trashResultSchema, type TrashedTaskJson } from "@contract/trash";
import { runDueJobs } from "../../src/jobs/runner";
import { jobKinds } from "../../src/services";
import { bearer, createTestApp, signUp, type TestApp } from "../helpers";

const TRASH = apiRoutes.listTrash.path;
const RESTORE = apiRoutes.restoreTasks.path;
const BATCH = apiRoutes.batchUpdateTasks.path;
const taskUrl = (id: string) => pathFor(apiRoutes.getTask.path, { id });
const DAY_MS = 24 * 60 * 60 * 1000;
const quiet = { warn: () => undefined, error: () => undefined };

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function newUser() {
  const { token, user, password } = await signUp(t);
  let headers = bearer(token);
  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  return {
    call,
    /** A new session, once the clock has moved past the first one's life. */
    async signInAgain(): Promise<void> {
      const response = await t.app.inject({
        method: "POST",
        url: apiRoutes.login.path,
        payload: { email: user.email, password },
      });
      expect(response.statusCode, response.body).toBe(200);
      headers = bearer(response.json<{ token: string }>().token);
    },
    async create(body: CreateTaskRequest): Promise<TaskJson> {
      const response = await call("POST", apiRoutes.createTask.path, body);
      expect(response.statusCode, response.body).toBe(201);
      return taskJsonSchema.parse(response.json());
    },
    async titles(query = ""): Promise<string[]> {
      const response = await call("GET", `${apiRoutes.listTasks.path}${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TaskJson[]>().map((task) => task.title);
    },
    async trash(): Promise<TrashedTaskJson[]> {
      const response = await call("GET", TRASH);
      expect(response.statusCode, response.body).toBe(200);
      return trashListSchema.parse(response.json());
    },
    async restore(ids: string[]): Promise<string[]> {
      const response = await call("POST", RESTORE, { ids });
      expect(response.statusCode, response.body).toBe(200);
      return trashResultSchema.parse(response.json()).ids;
    },
    async task(id: string): Promise<TaskJson> {
      return taskJsonSchema.parse((await call("GET", taskUrl(id))).json());
    },
  };
}

describe("the trash", () => {
  it("keeps a deleted task out of the list, search, counts and export, and restores it with its subtasks", async () => {
    const alice = await newUser();
    const parent = await alice.create({ title: "Plan the trip", tags: ["travel"] });
    const child = await alice.create({ title: "Book the train", parent_id: parent.id });
    await alice.create({ title: "Pack", parent_id: child.id });

    expect((await alice.call("DELETE", taskUrl(parent.id))).statusCode).toBe(204);

    expect(await alice.titles()).toEqual([]);
    expect(await alice.titles("?search=train")).toEqual([]);
    expect((await alice.call("GET", apiRoutes.taskStats.path)).json()).toMatchObject({ total: 0 });
    expect((await alice.call("GET", taskUrl(child.id))).statusCode).toBe(404);
    const exported = await alice.call("GET", `${apiRoutes.exportTasks.path}?format=json`);
    expect(exported.body).not.toContain("Book the train");

    const [trashed, ...others] = await alice.trash();
    expect(others).toEqual([]);
    expect(trashed).toMatchObject({
      task: { id: parent.id, title: "Plan the trip", tags: ["travel"] },
      subtask_count: 2,
      deleted_at: "2026-11-21T10:00:00.000Z",
      purge_at: "2026-12-21T10:00:00.000Z",
    });

    expect(new Set(await alice.restore([parent.id]))).toEqual(
      new Set([parent.id, child.id, expect.any(String)]),
    );
    expect((await alice.titles()).sort()).toEqual(["Book the train", "Pack", "Plan the trip"]);
    expect(await alice.task(child.id)).toMatchObject({ parent_id: parent.id, project_id: parent.project_id });
    expect(await alice.trash()).toEqual([]);
  });

  it("restores a subtask at the top of its project when its parent is gone, and in the Inbox when the project is", async () => {
    const bob = await newUser();
    const project = (await bob.call("POST", apiRoutes.createProject.path, { name: "Garden" })).json<{
      id: string;
    }>();
    const parent = await bob.create({ title: "Shed", project_id: project.id });
    const child = await bob.create({ title: "Paint the door", parent_id: parent.id });
    await bob.call("DELETE", taskUrl(child.id));
    await bob.call("DELETE", taskUrl(parent.id));
    await bob.restore([child.id]);
    expect(await bob.task(child.id)).toMatchObject({ parent_id: null, project_id: project.id });

    await bob.call("DELETE", taskUrl(child.id));
    expect(
      (await bob.call("DELETE", pathFor(apiRoutes.deleteProject.path, { id: project.id }))).statusCode,
    ).toBe(200);
    await bob.restore([child.id]);
    const inbox = (await bob.call("GET", apiRoutes.listProjects.path))
      .json<Array<{ id: string; is_inbox: boolean }>>()
      .find((each) => each.is_inbox);
    expect(await bob.task(child.id)).toMatchObject({ parent_id: null, project_id: inbox?.id });
  });

  it("is each user's own: another user's deleted task is a 404 to restore and absent from the list", async () => {
    const [owner, stranger] = [await newUser(), await newUser()];
    const task = await owner.create({ title: "Private" });
    await owner.call("DELETE", taskUrl(task.id));
    expect(await stranger.trash()).toEqual([]);
    const response = await stranger.call("POST", RESTORE, { ids: [task.id] });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "No such task in the trash" });
    expect(await owner.trash()).toHaveLength(1);
  });

  it("deletes several tasks in one call, all or none", async () => {
    const carol = await newUser();
    const [a, b] = [await carol.create({ title: "A" }), await carol.create({ title: "B" })];
    await carol.create({ title: "C" });
    const refused = await carol.call("POST", apiRoutes.trashTasks.path, { ids: [a.id, "no-such-task"] });
    expect(refused.statusCode).toBe(404);
    expect((await carol.titles()).sort()).toEqual(["A", "B", "C"]);

    const done = await carol.call("POST", apiRoutes.trashTasks.path, { ids: [a.id, b.id] });
    expect(done.statusCode, done.body).toBe(200);
    expect(await carol.titles()).toEqual(["C"]);
    expect(await carol.restore([a.id, b.id])).toHaveLength(2);

    // A parent and its subtask deleted together come back together, whichever is named.
    const parent = await carol.create({ title: "Parent" });
    const child = await carol.create({ title: "Child", parent_id: parent.id });
    await carol.call("POST", apiRoutes.trashTasks.path, { ids: [parent.id, child.id] });
    expect((await carol.trash()).map((entry) => entry.task.title)).toEqual(["Parent"]);
    expect(new Set(await carol.restore([child.id]))).toEqual(new Set([parent.id, child.id]));
    expect((await carol.titles()).sort()).toEqual(["A", "B", "C", "Child", "Parent"]);

    expect((await carol.call("POST", apiRoutes.trashTasks.path, { ids: [] })).statusCode).toBe(400);
  });

  it("empties on request, and purges what has been there 30 days", async () => {
    const dave = await newUser();
    const old = await dave.create({ title: "Old" });
    await dave.call("DELETE", taskUrl(old.id));
    t.clock.advance(20 * DAY_MS);
    await dave.signInAgain();
    const recent = await dave.create({ title: "Recent" });
    await dave.call("DELETE", taskUrl(recent.id));
    t.clock.advance(10 * DAY_MS + 1000);
    await runDueJobs(t.deps, jobKinds, "test-worker", quiet);
    await dave.signInAgain();
    expect((await dave.trash()).map((entry) => entry.task.title)).toEqual(["Recent"]);
    expect((await dave.call("POST", RESTORE, { ids: [old.id] })).statusCode).toBe(404);

    expect((await dave.call("DELETE", TRASH)).statusCode).toBe(204);
    expect(await dave.trash()).toEqual([]);
  });
});

describe("POST /api/v1/tasks/batch", () => {
  it("changes several tasks, each its own way, all or none", async () => {
    const erin = await newUser();
    const [a, b] = [await erin.create({ title: "A" }), await erin.create({ title: "B" })];
    const changed = await erin.call("POST", BATCH, {
      updates: [
        { id: a.id, changes: { status: "completed" } },
        { id: b.id, changes: { due_date: "2026-11-25T09:00:00.000Z" } },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject([
      { id: a.id, status: "completed" },
      { id: b.id, due_date: "2026-11-25T09:00:00.000Z" },
    ]);

    const refused = await erin.call("POST", BATCH, {
      updates: [
        { id: a.id, changes: { status: "pending" } },
        { id: "no-such-task", changes: { status: "pending" } },
      ],
    });
    expect(refused.statusCode).toBe(404);
    expect(await erin.task(a.id)).toMatchObject({ status: "completed" });
  });
});
