import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers";
import { newApiUser, PROJECTS, projectUrl, TASKS } from "./api-user";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe("the Inbox", () => {
  it("is there for a new account, first, and takes tasks created without a project", async () => {
    const ada = await newApiUser(t);
    const projects = await ada.projects();
    expect(projects).toEqual([
      {
        id: expect.any(String),
        name: "Inbox",
        color: "slate",
        is_inbox: true,
        archived: false,
        open_count: 0,
        role: "owner",
        owner: { id: ada.user.id, username: ada.user.username },
        member_count: 0,
      },
    ]);
    const task = await ada.create({ title: "Buy milk" });
    expect(task.project_id).toBe(projects[0]?.id);
    expect(task.parent_id).toBeNull();
    expect((await ada.inbox()).open_count).toBe(1);
  });

  it("cannot be deleted or archived (400), but can be renamed and recoloured", async () => {
    const ada = await newApiUser(t);
    const inbox = await ada.inbox();
    for (const response of [
      await ada.call("DELETE", projectUrl(inbox.id)),
      await ada.call("DELETE", `${projectUrl(inbox.id)}?with_tasks=true`),
      await ada.call("PUT", projectUrl(inbox.id), { archived: true }),
    ]) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/The Inbox cannot be (deleted|archived)/);
    }
    const renamed = await ada.call("PUT", projectUrl(inbox.id), { name: "Triage", color: "sky" });
    expect(renamed.json()).toMatchObject({ name: "Triage", color: "sky", is_inbox: true });
  });
});

describe("projects", () => {
  it("are created (201), listed with open counts after the Inbox by name, renamed and archived", async () => {
    const ada = await newApiUser(t);
    const work = await ada.createProject("Work", "blue");
    const home = await ada.createProject("  home renovation ");
    expect(home).toMatchObject({ name: "home renovation", color: "slate", archived: false, open_count: 0 });
    await ada.create({ title: "Paint", project_id: home.id });
    await ada.create({ title: "Tiles", project_id: home.id, status: "inprogress" });
    await ada.create({ title: "Done already", project_id: home.id, status: "completed" });
    await ada.create({ title: "Cancelled", project_id: home.id, status: "cancelled" });
    const listed = await ada.projects();
    expect(listed.map((project) => [project.name, project.open_count])).toEqual([
      ["Inbox", 0],
      ["home renovation", 2],
      ["Work", 0],
    ]);

    const archived = await ada.call("PUT", projectUrl(work.id), { archived: true, name: "Office" });
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ id: work.id, name: "Office", archived: true, color: "blue" });
    const unarchived = await ada.call("PUT", projectUrl(work.id), { archived: false });
    expect(unarchived.json()).toMatchObject({ archived: false });
  });

  it("refuse a duplicate name ignoring case (409), also on rename; a bad name or colour is a 400", async () => {
    const ada = await newApiUser(t);
    const home = await ada.createProject("Home");
    const duplicate = await ada.call("POST", PROJECTS, { name: "HOME" });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ message: "A project with this name already exists" });
    expect((await ada.call("POST", PROJECTS, { name: "inbox" })).statusCode).toBe(409);
    const work = await ada.createProject("Work");
    expect((await ada.call("PUT", projectUrl(work.id), { name: "home" })).statusCode).toBe(409);
    // Its own name in another case is no clash.
    expect((await ada.call("PUT", projectUrl(home.id), { name: "HOME" })).json()).toMatchObject({
      name: "HOME",
    });

    const tooLong = await ada.call("POST", PROJECTS, { name: "x".repeat(61) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ message: expect.stringContaining("at most 60 characters") });
    expect((await ada.call("POST", PROJECTS, { name: "  " })).statusCode).toBe(400);
    expect((await ada.call("POST", PROJECTS, { name: "Red", color: "#f00" })).statusCode).toBe(400);
    // Another user may have the same name.
    await (await newApiUser(t)).createProject("Home");
  });

  it("deleted without with_tasks move their tasks, subtasks included, to the Inbox", async () => {
    const ada = await newApiUser(t);
    const inbox = await ada.inbox();
    const home = await ada.createProject("Home");
    const parent = await ada.create({ title: "Kitchen", project_id: home.id });
    const child = await ada.create({ title: "Sink", parent_id: parent.id });
    const response = await ada.call("DELETE", projectUrl(home.id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ moved: 2, deleted: 0 });
    expect((await ada.task(parent.id)).project_id).toBe(inbox.id);
    expect(await ada.task(child.id)).toMatchObject({ project_id: inbox.id, parent_id: parent.id });
    expect((await ada.projects()).map((project) => project.name)).toEqual(["Inbox"]);
    expect((await ada.call("DELETE", projectUrl(home.id))).statusCode).toBe(404);
  });

  it("deleted with_tasks=true take their tasks and reminders with them", async () => {
    const ada = await newApiUser(t);
    const keep = await ada.create({ title: "Keep me" });
    const home = await ada.createProject("Home");
    const parent = await ada.create({
      title: "Kitchen",
      project_id: home.id,
      due_date: "2026-12-01T09:00:00.000Z",
      remind_at: "2026-12-01T08:00:00.000Z",
    });
    await ada.create({ title: "Sink", parent_id: parent.id });
    const response = await ada.call("DELETE", `${projectUrl(home.id)}?with_tasks=true`);
    expect(response.json()).toEqual({ moved: 0, deleted: 2 });
    expect((await ada.list()).map((task) => task.id)).toEqual([keep.id]);
    const jobs = await t.deps.db.selectFrom("jobs").select("id").where("subject", "=", parent.id).execute();
    expect(jobs).toEqual([]);
  });

  it("of another user are a 404 everywhere, and leak nothing", async () => {
    const ada = await newApiUser(t);
    const bob = await newApiUser(t);
    const adas = await ada.createProject("Secret");
    const adaInbox = await ada.inbox();
    for (const response of [
      await bob.call("PUT", projectUrl(adas.id), { name: "Mine" }),
      await bob.call("DELETE", projectUrl(adas.id)),
      await bob.call("DELETE", projectUrl(adaInbox.id)),
      await bob.call("POST", TASKS, { title: "x", project_id: adas.id }),
      await bob.call("GET", `${TASKS}?project_id=${adas.id}`),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
    }
    const bobsTask = await bob.create({ title: "Bob's" });
    expect((await bob.call("PUT", `${TASKS}/${bobsTask.id}`, { project_id: adas.id })).statusCode).toBe(404);
    expect((await ada.projects()).map((project) => project.name)).toEqual(["Inbox", "Secret"]);
  });

  it("writes change the task list's ETag, since a task's project is on the wire", async () => {
    const ada = await newApiUser(t);
    const etag = async () => (await ada.call("GET", TASKS)).headers.etag;
    const before = await etag();
    const home = await ada.createProject("Home");
    const afterCreate = await etag();
    expect(afterCreate).not.toBe(before);
    await ada.call("PUT", projectUrl(home.id), { archived: true });
    const afterArchive = await etag();
    expect(afterArchive).not.toBe(afterCreate);
    await ada.call("DELETE", projectUrl(home.id));
    expect(await etag()).not.toBe(afterArchive);
  });

  it("filter the task list by project_id", async () => {
    const ada = await newApiUser(t);
    const home = await ada.createProject("Home");
    const paint = await ada.create({ title: "Paint", project_id: home.id });
    const brush = await ada.create({ title: "Brush", parent_id: paint.id });
    await ada.create({ title: "Elsewhere" });
    const listed = await ada.list({ project_id: home.id });
    expect(listed.map((task) => task.title).sort()).toEqual(["Brush", "Paint"]);
    expect(listed.find((task) => task.id === brush.id)?.parent_id).toBe(paint.id);
    expect((await ada.call("GET", `${TASKS}?project_id=no-such-project`)).statusCode).toBe(404);
    expect(await ada.list({ project_id: "" })).toHaveLength(3);
  });
});
