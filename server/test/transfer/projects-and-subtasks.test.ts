import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "@contract/routes";
import type { TaskJson } from "@contract/tasks";
import { importResultSchema, tasklaneExportSchema, type ImportResult } from "@contract/transfer";
import { createTestApp, type TestApp } from "../helpers";
import { newApiUser, projectUrl, taskUrl, type ApiUser } from "../projects/api-user";
import { multipartFile } from "./multipart";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set("2026-11-21T10:00:00.000Z");
});
afterAll(async () => t.close());

async function exportAs(user: ApiUser, format: string) {
  const response = await t.app.inject({
    method: "GET",
    url: apiRoutes.exportTasks.path,
    headers: user.headers,
    query: { format },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

async function imported(user: ApiUser, content: string, filename?: string): Promise<ImportResult> {
  const upload = multipartFile(content, filename);
  const response = await t.app.inject({
    method: "POST",
    url: apiRoutes.importTasks.path,
    headers: { ...user.headers, ...upload.headers },
    payload: upload.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return importResultSchema.strict().parse(response.json());
}

/** Each task as "title in project, under parent title", which survives a move between accounts. */
async function outline(user: ApiUser): Promise<string[]> {
  const projects = new Map((await user.projects()).map((project) => [project.id, project]));
  const tasks = await user.list();
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const describe = (task: TaskJson) => {
    const project = projects.get(task.project_id);
    const where = project?.is_inbox ? "Inbox" : project?.name;
    const parent = task.parent_id ? byId.get(task.parent_id)?.title : undefined;
    return `${task.title} in ${where}${parent ? ` under ${parent}` : ""}`;
  };
  return tasks.map(describe).sort();
}

async function seedTree(user: ApiUser) {
  const home = await user.createProject("Home renovation", "teal");
  const work = await user.createProject("Work", "violet");
  const kitchen = await user.create({ title: "Kitchen", project_id: home.id });
  const sink = await user.create({ title: "Sink", parent_id: kitchen.id });
  await user.create({ title: "Order tap", parent_id: sink.id });
  await user.create({ title: "Tiles", parent_id: kitchen.id });
  await user.create({ title: "Report", project_id: work.id });
  await user.create({ title: "Milk" });
  await user.call("PUT", projectUrl(work.id), { archived: true });
}

const SEEDED = [
  "Kitchen in Home renovation",
  "Milk in Inbox",
  "Order tap in Home renovation under Sink",
  "Report in Work",
  "Sink in Home renovation under Kitchen",
  "Tiles in Home renovation under Kitchen",
];

describe("JSON export and import with projects and subtasks", () => {
  it("round-trips projects (name, colour, archived) and the tree into another account", async () => {
    const alice = await newApiUser(t);
    await seedTree(alice);
    expect(await outline(alice)).toEqual(SEEDED);
    const file = await exportAs(alice, "json");
    const document = tasklaneExportSchema.parse(JSON.parse(file));
    expect(document.projects?.map((project) => project.name).sort()).toEqual([
      "Home renovation",
      "Inbox",
      "Work",
    ]);

    const bob = await newApiUser(t);
    expect(await imported(bob, file, "export.json")).toEqual({ created: 6, skipped: 0, errors: [] });
    expect(await outline(bob)).toEqual(SEEDED);
    const projects = await bob.projects();
    expect(projects.map((project) => [project.name, project.color, project.archived])).toEqual([
      ["Inbox", "slate", false],
      ["Home renovation", "teal", false],
      ["Work", "violet", true],
    ]);

    // Again: nothing new, no second project of a name.
    expect(await imported(bob, file, "export.json")).toEqual({ created: 0, skipped: 6, errors: [] });
    expect(await bob.projects()).toHaveLength(3);
  });

  it("puts tasks in a project of the same name the account already has", async () => {
    const alice = await newApiUser(t);
    await seedTree(alice);
    const bob = await newApiUser(t);
    const own = await bob.createProject("HOME-RENOVATION");
    await imported(bob, await exportAs(alice, "json"));
    expect((await bob.list({ project_id: own.id })).map((task) => task.title).sort()).toEqual([
      "Kitchen",
      "Order tap",
      "Sink",
      "Tiles",
    ]);
  });

  it("reads a file exported before projects into the Inbox", async () => {
    const bob = await newApiUser(t);
    const old = JSON.stringify({
      format: "tasklane",
      version: 1,
      exported_at: "2026-01-01T00:00:00.000Z",
      tasks: [{ id: "1", title: "Old one", status: "pending", priority: "low", tags: [] }],
    });
    expect(await imported(bob, old)).toEqual({ created: 1, skipped: 0, errors: [] });
    expect(await outline(bob)).toEqual(["Old one in Inbox"]);
  });
});

describe("importing into the account that holds the tasks already", () => {
  it("recognises its own export by id, in JSON and CSV: nothing doubles, all 'already there'", async () => {
    const alice = await newApiUser(t);
    await seedTree(alice);
    for (const format of ["json", "csv"]) {
      expect(await imported(alice, await exportAs(alice, format))).toEqual({
        created: 0,
        skipped: 6,
        errors: [],
      });
    }
    expect(await outline(alice)).toEqual(SEEDED);
    expect(await alice.projects()).toHaveLength(3);
  });

  it("brings back a task deleted since the export, and only that one", async () => {
    const alice = await newApiUser(t);
    await seedTree(alice);
    const file = await exportAs(alice, "json");
    const milk = (await alice.list()).find((task) => task.title === "Milk");
    expect((await alice.call("DELETE", taskUrl(milk?.id ?? ""))).statusCode).toBe(204);
    expect(await imported(alice, file)).toEqual({ created: 1, skipped: 5, errors: [] });
    expect(await outline(alice)).toEqual(SEEDED);
  });

  it("recognises a task of another format by its title, due day and project", async () => {
    const alice = await newApiUser(t);
    await seedTree(alice);
    await alice.create({ title: "Pay rent", due_date: "2026-12-01T09:00:00.000Z" });
    const result = await imported(
      alice,
      [
        // Already there: same title (case aside), due day and project.
        "Milk",
        "pay  RENT due:2026-12-01",
        "Report +Work",
        "Tiles +Home_renovation",
        // New: another day, another project, no due date, another title.
        "Pay rent due:2026-12-02",
        "Milk +Work",
        "Pay rent",
        "Milk and bread",
      ].join("\n"),
      "todo.txt",
    );
    expect(result).toEqual({ created: 4, skipped: 4, errors: [] });
    expect((await alice.list()).filter((task) => /^pay rent$/i.test(task.title))).toHaveLength(3);
  });

  it("imports a file of another account's export into this one whole", async () => {
    const alice = await newApiUser(t);
    await seedTree(alice);
    const bob = await newApiUser(t);
    await seedTree(bob);
    // Same titles and projects, but other tasks: a Tasklane export is matched by its ids.
    expect(await imported(bob, await exportAs(alice, "json"))).toMatchObject({ created: 6, skipped: 0 });
  });
});

describe("Tasklane CSV export and import with projects and subtasks", () => {
  it("keeps the project (by name) and the parent (by the id column)", async () => {
    const alice = await newApiUser(t);
    await seedTree(alice);
    const bob = await newApiUser(t);
    expect(await imported(bob, await exportAs(alice, "csv"), "tasks.csv")).toMatchObject({
      created: 6,
      errors: [],
    });
    expect(await outline(bob)).toEqual(SEEDED);
  });
});

describe("Todoist CSV import", () => {
  const csv = (...rows: string[]) =>
    ["TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE", ...rows].join(
      "\r\n",
    );

  it("makes the file a project and INDENT subtasks: n + 1 under the last task of n above", async () => {
    const ada = await newApiUser(t);
    const file = csv(
      "task,Kitchen,,4,1,Ada,,,en,",
      "task,Sink,,4,2,Ada,,,en,",
      "task,Order tap,,4,3,Ada,,,en,",
      "note,Chrome please,,,,,,,,",
      "task,Tiles,,4,2,Ada,,,en,",
      "task,Garden,,4,1,Ada,,,en,",
      "section,Later,,,,,,,,",
      "task,Shed,,4,2,Ada,,,en,",
    );
    expect(await imported(ada, file, "Home Renovation.csv")).toEqual({ created: 6, skipped: 0, errors: [] });
    expect(await outline(ada)).toEqual([
      "Garden in Home Renovation",
      "Kitchen in Home Renovation",
      "Order tap in Home Renovation under Sink",
      // A section starts afresh: an indented task after it has no task above to nest under.
      "Shed in Home Renovation",
      "Sink in Home Renovation under Kitchen",
      "Tiles in Home Renovation under Kitchen",
    ]);
    const tap = (await ada.list()).find((task) => task.title === "Order tap");
    expect(tap?.description).toBe("Chrome please");
  });

  it("hangs tasks indented deeper than 4 levels at the fourth", async () => {
    const ada = await newApiUser(t);
    const rows = [1, 2, 3, 4, 5, 6].map((indent) => `task,Level ${indent},,4,${indent},Ada,,,en,`);
    expect(await imported(ada, csv(...rows), "Deep.csv")).toMatchObject({ created: 6, errors: [] });
    expect(await outline(ada)).toEqual([
      "Level 1 in Deep",
      "Level 2 in Deep under Level 1",
      "Level 3 in Deep under Level 2",
      "Level 4 in Deep under Level 3",
      "Level 5 in Deep under Level 3",
      "Level 6 in Deep under Level 3",
    ]);
  });
});

describe("todo.txt and +project", () => {
  it("writes the project as +Project and tags as #tag, and reads them back", async () => {
    const alice = await newApiUser(t);
    const home = await alice.createProject("Home renovation");
    await alice.create({ title: "Paint", project_id: home.id, tags: ["diy", "@store"] });
    await alice.create({ title: "Milk" });
    const file = await exportAs(alice, "todotxt");
    expect(file.split("\n").filter(Boolean).sort()).toEqual([
      "(C) 2026-11-21 Milk",
      "(C) 2026-11-21 Paint +Home_renovation #diy @store",
    ]);

    const bob = await newApiUser(t);
    expect(await imported(bob, `${file}(A) Call +Home-Renovation +extra\n`, "todo.txt")).toMatchObject({
      created: 3,
      errors: [],
    });
    expect(await outline(bob)).toEqual([
      "Call in Home renovation",
      "Milk in Inbox",
      "Paint in Home renovation",
    ]);
    const tasks = await bob.list();
    expect(tasks.find((task) => task.title === "Paint")?.tags).toEqual(["diy", "@store"]);
    expect(tasks.find((task) => task.title === "Call")?.tags).toEqual(["extra"]);
    expect((await bob.projects()).map((project) => project.name)).toEqual(["Inbox", "Home renovation"]);
  });
});
