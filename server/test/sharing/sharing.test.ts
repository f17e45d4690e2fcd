import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes, pathFor } from "@contract/routes";
import {
  activityListSchema,
  commentListSchema,
  commentSchema,
  invitationListSchema,
  memberListSchema,
} from "@contract/sharing";
import { notificationListSchema } from "@contract/notifications";
import { runDueJobs } from "../../src/jobs/runner";
import { jobKinds } from "../../src/services";
import { createTestApp, type TestApp } from "../helpers";
import { newApiUser, projectUrl, taskUrl, type ApiUser } from "../projects/api-user";
import { membersUrl, share } from "./share";

const memberUrl = (id: string, userId: string) =>
  pathFor(apiRoutes.updateMember.path, { id, user_id: userId });
const activityUrl = (id: string) => pathFor(apiRoutes.projectActivity.path, { id });
const commentsUrl = (id: string) => pathFor(apiRoutes.listComments.path, { id });
const commentUrl = (id: string) => pathFor(apiRoutes.updateComment.path, { id });

async function bell(user: ApiUser) {
  return notificationListSchema.parse((await user.call("GET", apiRoutes.listNotifications.path)).json());
}

describe("shared projects", () => {
  let t: TestApp;
  let owner: ApiUser;
  let editor: ApiUser;
  let viewer: ApiUser;
  let admin: ApiUser;
  let outsider: ApiUser;
  let projectId: string;
  let privateId: string;
  let taskId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newApiUser(t);
    editor = await newApiUser(t);
    viewer = await newApiUser(t);
    admin = await newApiUser(t);
    outsider = await newApiUser(t);
    projectId = (await owner.createProject("Groceries")).id;
    privateId = (await owner.createProject("Diary")).id;
    taskId = (await owner.create({ title: "Buy milk", project_id: projectId })).id;
    await owner.create({ title: "Secret plan", project_id: privateId });
    await share(owner, editor, projectId, "editor");
    await share(owner, viewer, projectId, "viewer");
    await share(owner, admin, projectId, "admin");
  });
  afterAll(async () => {
    await t.close();
  });

  it("invites by username or e-mail, in the bell and by invitation; declining removes it", async () => {
    const other = await newApiUser(t);
    const invited = await owner.call("POST", membersUrl(projectId), {
      user: other.user.email,
      role: "viewer",
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect((await bell(other)).items[0]).toMatchObject({ kind: "invitation", task_id: null });
    const [invitation] = invitationListSchema.parse(
      (await other.call("GET", apiRoutes.listInvitations.path)).json(),
    );
    expect(invitation).toMatchObject({
      project_id: projectId,
      project_name: "Groceries",
      role: "viewer",
      invited_by: { id: owner.user.id, username: owner.user.username },
    });
    const declined = await other.call(
      "POST",
      pathFor(apiRoutes.declineInvitation.path, { id: invitation!.id }),
    );
    expect(declined.statusCode).toBe(204);
    expect((await other.call("GET", apiRoutes.listInvitations.path)).json()).toEqual([]);
    expect((await other.projects()).some((project) => project.id === projectId)).toBe(false);
  });

  it("refuses unknown accounts, oneself, twice, and the Inbox", async () => {
    const unknown = await owner.call("POST", membersUrl(projectId), { user: "nobody-here", role: "viewer" });
    expect(unknown.statusCode).toBe(400);
    const self = await owner.call("POST", membersUrl(projectId), {
      user: owner.user.username,
      role: "viewer",
    });
    expect(self.statusCode).toBe(400);
    const twice = await owner.call("POST", membersUrl(projectId), {
      user: editor.user.username,
      role: "viewer",
    });
    expect(twice.statusCode).toBe(409);
    const inbox = await owner.inbox();
    const shareInbox = await owner.call("POST", membersUrl(inbox.id), {
      user: editor.user.username,
      role: "viewer",
    });
    expect(shareInbox.statusCode).toBe(400);
  });

  it("lists the shared project beside a member's own, with the role and the owner", async () => {
    const projects = await viewer.projects();
    expect(projects.find((project) => project.id === projectId)).toMatchObject({
      name: "Groceries",
      role: "viewer",
      owner: { id: owner.user.id, username: owner.user.username },
      open_count: 1,
    });
    expect(projects.some((project) => project.id === privateId)).toBe(false);
    expect((await owner.projects()).find((project) => project.id === projectId)).toMatchObject({
      role: "owner",
      member_count: 3,
    });
    const members = memberListSchema.parse((await viewer.call("GET", membersUrl(projectId))).json());
    expect(members[0]).toEqual({
      user: { id: owner.user.id, username: owner.user.username },
      role: "owner",
      pending: false,
    });
    expect(new Set(members.slice(1).map((member) => `${member.user.id} ${member.role}`))).toEqual(
      new Set([`${editor.user.id} editor`, `${viewer.user.id} viewer`, `${admin.user.id} admin`]),
    );
  });

  it("shows the shared tasks, never the owner's private ones", async () => {
    const titles = (await viewer.list()).map((task) => task.title);
    expect(titles).toContain("Buy milk");
    expect(titles).not.toContain("Secret plan");
    expect((await viewer.list({ project_id: projectId })).map((task) => task.title)).toEqual(["Buy milk"]);
    expect((await viewer.task(taskId)).title).toBe("Buy milk");
  });

  it("a viewer reads but may not change (403)", async () => {
    expect((await viewer.call("PUT", taskUrl(taskId), { title: "Nope" })).statusCode).toBe(403);
    expect((await viewer.call("DELETE", taskUrl(taskId))).statusCode).toBe(403);
    expect(
      (await viewer.call("POST", apiRoutes.createTask.path, { title: "x", project_id: projectId }))
        .statusCode,
    ).toBe(403);
    expect((await viewer.call("POST", commentsUrl(taskId), { body: "hi" })).statusCode).toBe(403);
    expect((await viewer.call("PUT", projectUrl(projectId), { name: "Mine" })).statusCode).toBe(403);
    expect(
      (await viewer.call("POST", membersUrl(projectId), { user: outsider.user.username, role: "viewer" }))
        .statusCode,
    ).toBe(403);
    expect((await viewer.call("GET", commentsUrl(taskId))).statusCode).toBe(200);
    expect((await viewer.call("GET", activityUrl(projectId))).statusCode).toBe(200);
  });

  it("an editor creates, edits, completes and comments; an admin manages; only the owner deletes", async () => {
    const created = await editor.create({ title: "Eggs", project_id: projectId });
    expect(created.project_id).toBe(projectId);
    expect((await owner.task(created.id)).title).toBe("Eggs");
    expect((await editor.update(created.id, { status: "completed" })).status).toBe("completed");
    expect((await editor.call("PUT", projectUrl(projectId), { name: "Food" })).statusCode).toBe(403);
    expect(
      (await editor.call("POST", membersUrl(projectId), { user: outsider.user.username, role: "viewer" }))
        .statusCode,
    ).toBe(403);
    const renamed = await admin.call("PUT", projectUrl(projectId), { name: "Food" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: "Food", role: "admin" });
    expect((await admin.call("DELETE", projectUrl(projectId))).statusCode).toBe(403);
    // Moving a task into the owner's private project needs a right there too: the editor has none.
    expect((await editor.call("PUT", taskUrl(created.id), { project_id: privateId })).statusCode).toBe(404);
  });

  it("gives an outsider 404 on everything of the project", async () => {
    const calls: Array<[string, string, unknown?]> = [
      ["GET", taskUrl(taskId)],
      ["PUT", taskUrl(taskId), { title: "x" }],
      ["DELETE", taskUrl(taskId)],
      ["GET", commentsUrl(taskId)],
      ["POST", commentsUrl(taskId), { body: "x" }],
      ["PUT", projectUrl(projectId), { name: "x" }],
      ["DELETE", projectUrl(projectId)],
      ["GET", membersUrl(projectId)],
      ["POST", membersUrl(projectId), { user: outsider.user.username, role: "viewer" }],
      ["PUT", memberUrl(projectId, viewer.user.id), { role: "editor" }],
      ["DELETE", memberUrl(projectId, viewer.user.id)],
      ["GET", activityUrl(projectId)],
      ["POST", apiRoutes.createTask.path, { title: "x", project_id: projectId }],
    ];
    for (const [method, url, payload] of calls) {
      const response = await outsider.call(method as "GET", url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await outsider.list({ project_id: projectId }).catch(() => "404")).toBe("404");
    expect((await outsider.list()).some((task) => task.id === taskId)).toBe(false);
  });

  it("assigns only to members (400 otherwise), tells the assignee, and counts it as theirs", async () => {
    const total = async (user: ApiUser) =>
      (await user.call("GET", apiRoutes.taskStats.path)).json<{ total: number }>().total;
    const [ownerBefore, editorBefore] = [await total(owner), await total(editor)];
    const refused = await owner.call("PUT", taskUrl(taskId), { assignee_id: outsider.user.id });
    expect(refused.statusCode).toBe(400);
    expect((await owner.update(taskId, { assignee_id: editor.user.id })).assignee_id).toBe(editor.user.id);
    expect([await total(owner), await total(editor)]).toEqual([ownerBefore - 1, editorBefore + 1]);
    await runDueJobs(t.deps, jobKinds, "test-worker", { warn: () => undefined, error: () => undefined });
    const entry = (await bell(editor)).items.find((item) => item.kind === "assigned");
    expect(entry).toMatchObject({ task_id: taskId, text: "You were assigned “Buy milk”" });
  });

  it("comments in Markdown, tells the mentioned, and lets only the author edit or delete", async () => {
    const posted = await editor.call("POST", commentsUrl(taskId), {
      body: `**Two** litres, @${viewer.user.username}?`,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const comment = commentSchema.parse(posted.json());
    expect(comment.author).toEqual({ id: editor.user.id, username: editor.user.username });
    expect((await bell(viewer)).items.find((item) => item.kind === "mentioned")).toMatchObject({
      task_id: taskId,
    });
    expect((await owner.call("PUT", commentUrl(comment.id), { body: "mine now" })).statusCode).toBe(403);
    expect((await outsider.call("DELETE", commentUrl(comment.id))).statusCode).toBe(404);
    const edited = await editor.call("PUT", commentUrl(comment.id), { body: "One litre" });
    expect(edited.json()).toMatchObject({ body: "One litre", edited_at: t.clock.now().toISOString() });
    const listed = commentListSchema.parse((await viewer.call("GET", commentsUrl(taskId))).json());
    expect(listed.map((item) => item.body)).toEqual(["One litre"]);
    const activity = activityListSchema.parse((await viewer.call("GET", activityUrl(projectId))).json());
    expect(activity.some((item) => item.kind === "commented" && item.actor?.id === editor.user.id)).toBe(
      true,
    );
    expect(activity.some((item) => item.kind === "status_changed" && item.actor?.id === editor.user.id)).toBe(
      true,
    );
    expect((await editor.call("DELETE", commentUrl(comment.id))).statusCode).toBe(204);
  });

  it("lets a member leave and an admin remove one; they lose the project's tasks", async () => {
    const leaver = await newApiUser(t);
    await share(owner, leaver, projectId, "viewer");
    expect((await leaver.list()).some((task) => task.id === taskId)).toBe(true);
    expect((await leaver.call("DELETE", memberUrl(projectId, leaver.user.id))).statusCode).toBe(204);
    expect((await leaver.list()).some((task) => task.id === taskId)).toBe(false);
    expect((await leaver.call("GET", taskUrl(taskId))).statusCode).toBe(404);
    const removed = await newApiUser(t);
    await share(owner, removed, projectId, "viewer");
    const changed = await admin.call("PUT", memberUrl(projectId, removed.user.id), { role: "editor" });
    expect(changed.json()).toMatchObject({ role: "editor", pending: false });
    await owner.update(taskId, { assignee_id: removed.user.id });
    expect((await admin.call("DELETE", memberUrl(projectId, removed.user.id))).statusCode).toBe(204);
    expect((await removed.call("GET", taskUrl(taskId))).statusCode).toBe(404);
    // What was assigned to them there is nobody's now.
    expect((await owner.task(taskId)).assignee_id).toBeNull();
  });

  it("moves a member's list version (no stale 304) when the owner changes a shared task", async () => {
    const first = await viewer.call("GET", apiRoutes.listTasks.path);
    const etag = first.headers.etag as string;
    await owner.update(taskId, { title: "Buy oat milk" });
    const again = await t.app.inject({
      method: "GET",
      url: apiRoutes.listTasks.path,
      headers: { ...viewer.headers, "if-none-match": etag },
    });
    expect(again.statusCode).toBe(200);
  });
});
