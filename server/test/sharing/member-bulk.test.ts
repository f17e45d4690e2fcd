import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes, pathFor } from "@contract/routes";
import { trashListSchema } from "@contract/trash";
import { createTestApp, type TestApp } from "../helpers";
import { newApiUser, taskUrl, type ApiUser } from "../projects/api-user";
import { share } from "./share";

const BATCH = apiRoutes.batchUpdateTasks.path;
const TRASH = apiRoutes.trashTasks.path;
const RESTORE = apiRoutes.restoreTasks.path;

/** The trash, its restore and the bulk edit of a shared project's tasks, by role. */
describe("bulk actions and the trash in a shared project", () => {
  let t: TestApp;
  let owner: ApiUser;
  let editor: ApiUser;
  let admin: ApiUser;
  let viewer: ApiUser;
  let outsider: ApiUser;
  let projectId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newApiUser(t);
    editor = await newApiUser(t);
    admin = await newApiUser(t);
    viewer = await newApiUser(t);
    outsider = await newApiUser(t);
    projectId = (await owner.createProject("Trip")).id;
    await share(owner, editor, projectId, "editor");
    await share(owner, admin, projectId, "admin");
    await share(owner, viewer, projectId, "viewer");
  });
  afterAll(async () => t.close());

  it("lets an editor change the shared project's tasks and their own in one batch, as them", async () => {
    const shared = await owner.create({ title: "Book hotel", project_id: projectId });
    const own = await editor.create({ title: "Pack bag" });
    const response = await editor.call("POST", BATCH, {
      updates: [
        { id: shared.id, changes: { priority: "high", status: "inprogress" } },
        { id: own.id, changes: { priority: "low" } },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as Array<{ id: string; priority: string }>).map((task) => task.priority)).toEqual(
      ["high", "low"],
    );
    expect((await owner.task(shared.id)).priority).toBe("high");
    const activity = await owner.call("GET", pathFor(apiRoutes.projectActivity.path, { id: projectId }));
    expect(activity.json()).toContainEqual(
      expect.objectContaining({
        task_id: shared.id,
        actor: { id: editor.user.id, username: editor.user.username },
      }),
    );
  });

  it("refuses a viewer's batch (403) and an outsider's (404), changing nothing", async () => {
    const shared = await owner.create({ title: "Buy tickets", project_id: projectId });
    const own = await viewer.create({ title: "Viewer's own" });
    const updates = [
      { id: own.id, changes: { priority: "high" } },
      { id: shared.id, changes: { priority: "high" } },
    ];
    expect((await viewer.call("POST", BATCH, { updates })).statusCode).toBe(403);
    expect((await viewer.task(own.id)).priority).not.toBe("high");
    expect((await outsider.call("POST", BATCH, { updates: updates.slice(1) })).statusCode).toBe(404);
    expect((await owner.task(shared.id)).priority).not.toBe("high");
  });

  it("lets an editor or admin delete and restore the shared project's tasks; the owner's trash holds them", async () => {
    for (const member of [editor, admin]) {
      const task = await owner.create({ title: `Rent car ${member.user.username}`, project_id: projectId });
      const subtask = await owner.create({ title: "Compare prices", parent_id: task.id });
      const deleted = await member.call("POST", TRASH, { ids: [task.id] });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect((await owner.call("GET", taskUrl(task.id))).statusCode).toBe(404);
      const ownersTrash = trashListSchema.parse((await owner.call("GET", apiRoutes.listTrash.path)).json());
      expect(ownersTrash.map((entry) => entry.task.id)).toContain(task.id);
      const restored = await member.call("POST", RESTORE, { ids: [task.id] });
      expect(restored.statusCode, restored.body).toBe(200);
      expect((restored.json() as { ids: string[] }).ids.sort()).toEqual([task.id, subtask.id].sort());
      expect((await owner.task(subtask.id)).parent_id).toBe(task.id);
      expect((await member.task(task.id)).project_id).toBe(projectId);
    }
  });

  it("refuses a viewer (403) and an outsider (404) to delete or restore, changing nothing", async () => {
    const task = await owner.create({ title: "Print boarding passes", project_id: projectId });
    expect((await viewer.call("POST", TRASH, { ids: [task.id] })).statusCode).toBe(403);
    expect((await outsider.call("POST", TRASH, { ids: [task.id] })).statusCode).toBe(404);
    expect((await owner.task(task.id)).id).toBe(task.id);
    expect((await owner.call("POST", TRASH, { ids: [task.id] })).statusCode).toBe(200);
    expect((await viewer.call("POST", RESTORE, { ids: [task.id] })).statusCode).toBe(403);
    expect((await outsider.call("POST", RESTORE, { ids: [task.id] })).statusCode).toBe(404);
    expect((await owner.call("GET", taskUrl(task.id))).statusCode).toBe(404);
    expect((await owner.call("POST", RESTORE, { ids: [task.id] })).statusCode).toBe(200);
  });
});

/** Who leaves a project, or Tasklane, leaves no assignment behind in it. */
describe("assignments of members who are gone", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("assigns to nobody the tasks of a member removed, of one who left, and of a deleted account", async () => {
    const owner = await newApiUser(t);
    const removed = await newApiUser(t);
    const leaving = await newApiUser(t);
    const deleted = await newApiUser(t);
    const projectId = (await owner.createProject("Chores")).id;
    const assigned = new Map<ApiUser, string>();
    for (const member of [removed, leaving, deleted]) {
      await share(owner, member, projectId, "editor");
      const task = await owner.create({ title: "Chore", project_id: projectId, assignee_id: member.user.id });
      assigned.set(member, task.id);
    }
    const memberUrl = (user: ApiUser) =>
      pathFor(apiRoutes.updateMember.path, { id: projectId, user_id: user.user.id });
    expect((await owner.call("DELETE", memberUrl(removed))).statusCode).toBe(204);
    expect((await leaving.call("DELETE", memberUrl(leaving))).statusCode).toBe(204);
    const gone = await deleted.call("DELETE", apiRoutes.deleteAccount.path, { password: deleted.password });
    expect(gone.statusCode, gone.body).toBe(204);
    for (const taskId of assigned.values()) expect((await owner.task(taskId)).assignee_id).toBeNull();
  });
});
