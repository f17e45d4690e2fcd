import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes, pathFor } from "@contract/routes";
import {
  createTaskRequestSchema,
  taskJsonSchema,
  taskStatsSchema,
  type CreateTaskRequest,
  type TaskJson,
  type TaskStats,
} from "@contract/tasks";
import { createTasks, lastTaskChangeAt, listOpenTasks } from "../../src/modules/tasks/service";
import { bearer, createTestApp, signUp, type TestApp } from "../helpers";

const TASKS = apiRoutes.listTasks.path;
const STATS = apiRoutes.taskStats.path;
const taskUrl = (id: string) => pathFor(apiRoutes.getTask.path, { id });

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A signed-up user and calls made with their token. */
async function newUser() {
  const { token, user } = await signUp(t);
  const headers = bearer(token);
  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    id: user.id,
    call,
    async create(body: CreateTaskRequest): Promise<TaskJson> {
      const response = await call("POST", TASKS, body);
      expect(response.statusCode, response.body).toBe(201);
      return taskJsonSchema.parse(response.json());
    },
    async list(query: Record<string, string> = {}): Promise<TaskJson[]> {
      const response = await t.app.inject({ method: "GET", url: TASKS, headers, query });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as unknown[]).map((task) => taskJsonSchema.parse(task));
    },
    async stats(): Promise<TaskStats> {
      const response = await call("GET", STATS);
      expect(response.statusCode, response.body).toBe(200);
      return taskStatsSchema.strict().parse(response.json());
    },
  };
}
type User = Awaited<ReturnType<typeof newUser>>;

const titles = (tasks: TaskJson[]) => tasks.map((task) => task.title);

describe("authentication", () => {
  it.each([
    ["GET", TASKS],
    ["POST", TASKS],
    ["GET", STATS],
    ["GET", taskUrl("some-id")],
    ["PUT", taskUrl("some-id")],
    ["DELETE", taskUrl("some-id")],
  ] as const)("answers %s %s without a token with 401, before judging the body", async (method, url) => {
    const response = await t.app.inject({
      method,
      url,
      payload: method === "POST" || method === "PUT" ? {} : undefined,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "Authentication required" });
  });
});

describe("POST /api/v1/tasks", () => {
  let alice: User;
  beforeAll(async () => {
    alice = await newUser();
  });

  it("creates a task typed by hand with the defaults: pending, medium, no tags, Manual source", async () => {
    const response = await alice.call("POST", TASKS, { title: "Buy milk" });
    expect(response.statusCode).toBe(201);
    const task = response.json() as TaskJson;
    expect(taskJsonSchema.strict().parse(task)).toEqual({
      id: expect.any(String),
      title: "Buy milk",
      description: null,
      status: "pending",
      priority: "medium",
      due_date: null,
      tags: [],
      source: { type: "Manual" },
      created_at: "2026-11-21T10:00:00.000Z",
      updated_at: "2026-11-21T10:00:00.000Z",
      completed_at: null,
      completed_at_approximate: false,
      recurrence: null,
      remind_at: null,
      // The Inbox, since no project was named.
      project_id: expect.any(String),
      parent_id: null,
      duration_minutes: null,
      scheduled_start: null,
      assignee_id: null,
      position: null,
    });
    const fetched = await alice.call("GET", taskUrl(task.id));
    expect(fetched.json()).toEqual(task);
  });

  it("trims the title, trims and de-duplicates tags, and stores the due date as UTC with milliseconds", async () => {
    const task = await alice.create({
      title: "  Call the plumber  ",
      description: "About the leak",
      priority: "urgent",
      due_date: "2026-12-01T10:30:00+02:00",
      tags: [" home ", "home", "", "repairs", "  "],
    });
    expect(task).toMatchObject({
      title: "Call the plumber",
      description: "About the leak",
      priority: "urgent",
      due_date: "2026-12-01T08:30:00.000Z",
      tags: ["home", "repairs"],
    });
  });

  it.each(["in_progress", "inprogress", "IN_PROGRESS"])(
    "accepts status %s and sends in_progress on the wire",
    async (status) => {
      const task = await alice.create({ title: "Started", status: status as "inprogress" });
      expect(task.status).toBe("in_progress");
    },
  );

  it("records completed_at when a task is created completed", async () => {
    const task = await alice.create({ title: "Already done", status: "completed" });
    expect(task.completed_at).toBe("2026-11-21T10:00:00.000Z");
  });

  it("keeps the source of a task added from extraction, sent flat", async () => {
    const task = await alice.create({ title: "From mail", source: { type: "Llm", origin: "email" } });
    expect(task.source).toEqual({ type: "Llm", origin: "email" });
    const fromDocument = await alice.create({
      title: "From a file",
      source: { type: "Document", filename: "notes.txt" },
    });
    expect(fromDocument.source).toEqual({ type: "Document", filename: "notes.txt" });
  });

  it("accepts a title of exactly 500 characters and 20 tags of 50 characters", async () => {
    const tags = Array.from({ length: 20 }, (_, index) =>
      `${String(index).padStart(2, "0")}`.padEnd(50, "x"),
    );
    const task = await alice.create({ title: "t".repeat(500), tags, description: "d".repeat(10_000) });
    expect(task.title).toHaveLength(500);
    expect(task.tags).toEqual(tags);
  });

  it("counts tags after de-duplication: 21 tags with one duplicate are accepted", async () => {
    const tags = [...Array.from({ length: 20 }, (_, index) => `tag-${index}`), "tag-0"];
    const task = await alice.create({ title: "Many tags", tags });
    expect(task.tags).toHaveLength(20);
  });

  it.each([
    ["a missing title", {}, "Title is required"],
    ["a blank title", { title: "   " }, "Title is required"],
    ["a title that is not text", { title: 42 }, "Title is required"],
    ["a title of 501 characters", { title: "t".repeat(501) }, "Title must be at most 500 characters"],
    [
      "a description of 10,001 characters",
      { title: "x", description: "d".repeat(10_001) },
      "Description must be at most 10000 characters",
    ],
    [
      "21 tags",
      { title: "x", tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
      "At most 20 tags are allowed",
    ],
    ["a tag of 51 characters", { title: "x", tags: ["t".repeat(51)] }, "Tags must be at most 50 characters"],
    ["tags that are not a list", { title: "x", tags: "work" }, "tags:"],
    ["an unknown priority", { title: "x", priority: "critical" }, "priority:"],
    [
      "an unknown status",
      { title: "x", status: "done" },
      "Status must be one of pending, inprogress, completed, cancelled",
    ],
    ["a due date that is not ISO-8601", { title: "x", due_date: "next friday" }, "due_date:"],
    ["a due date without a time", { title: "x", due_date: "2026-12-01" }, "due_date:"],
    ["an impossible due date", { title: "x", due_date: "2026-02-31T10:00:00Z" }, "due_date:"],
    ["an unknown source type", { title: "x", source: { type: "Fax" } }, "source"],
  ])("rejects %s with 400 naming the field", async (_case, body, message) => {
    const response = await alice.call("POST", TASKS, body);
    expect(response.statusCode).toBe(400);
    expect((response.json() as { message: string }).message).toContain(message);
  });

  it("rejects a body that is not JSON with 400", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: TASKS,
      headers: { ...bearer((await signUp(t)).token), "content-type": "application/json" },
      payload: "{ not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "The request body is not valid JSON" });
  });

  it("rejects a body that is a list, not an object, with 400", async () => {
    const response = await alice.call("POST", TASKS, [{ title: "x" }]);
    expect(response.statusCode).toBe(400);
  });
});

describe("GET, PUT and DELETE /api/v1/tasks/{id}", () => {
  let alice: User;
  beforeAll(async () => {
    alice = await newUser();
  });

  it("answers 404 'Task not found' for ids that do not exist or are not ids at all", async () => {
    for (const id of ["6a3c0d6e-9b53-4d53-8f53-8b1b1f1b1b1b", "not-a-uuid", "123", "' or 1=1 --", "%"]) {
      for (const method of ["GET", "PUT", "DELETE"] as const) {
        const response = await alice.call(method, taskUrl(id), method === "PUT" ? { title: "x" } : undefined);
        expect(response.statusCode, `${method} ${id}`).toBe(404);
        expect(response.json()).toEqual({ message: "Task not found" });
      }
    }
  });

  it("changes only the fields a PUT sends and moves updated_at", async () => {
    const created = await alice.create({
      title: "Write report",
      description: "Quarterly",
      priority: "high",
      due_date: "2026-12-05T09:00:00.000Z",
      tags: ["work"],
    });
    t.clock.advance(60_000);
    const response = await alice.call("PUT", taskUrl(created.id), { title: "  Write the report " });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...created,
      title: "Write the report",
      updated_at: "2026-11-21T10:01:00.000Z",
    });
    expect((await alice.call("GET", taskUrl(created.id))).json()).toEqual(response.json());
  });

  it("clears the due date and the description when they are sent as null", async () => {
    const created = await alice.create({
      title: "Dated",
      description: "x",
      due_date: "2026-12-05T09:00:00Z",
    });
    const updated = (
      await alice.call("PUT", taskUrl(created.id), { due_date: null, description: null })
    ).json();
    expect(updated).toMatchObject({ due_date: null, description: null });
  });

  it("replaces the tags with the new list, trimmed and de-duplicated", async () => {
    const created = await alice.create({ title: "Tagged", tags: ["a", "b"] });
    const updated = (await alice.call("PUT", taskUrl(created.id), { tags: ["c", " c ", "d"] })).json();
    expect(updated.tags).toEqual(["c", "d"]);
  });

  it("sets completed_at when a task becomes completed and clears it when it leaves completed", async () => {
    const created = await alice.create({ title: "Toggle me" });
    t.clock.set("2026-11-21T12:00:00.000Z");
    const completed = (
      await alice.call("PUT", taskUrl(created.id), { status: "completed" })
    ).json() as TaskJson;
    expect(completed).toMatchObject({ status: "completed", completed_at: "2026-11-21T12:00:00.000Z" });

    t.clock.set("2026-11-21T13:00:00.000Z");
    const again = (
      await alice.call("PUT", taskUrl(created.id), { status: "completed", title: "Toggled" })
    ).json();
    expect(again.completed_at).toBe("2026-11-21T12:00:00.000Z");

    const reopened = (await alice.call("PUT", taskUrl(created.id), { status: "pending" })).json() as TaskJson;
    expect(reopened).toMatchObject({ status: "pending", completed_at: null });

    await alice.call("PUT", taskUrl(created.id), { status: "completed" });
    const cancelled = (
      await alice.call("PUT", taskUrl(created.id), { status: "cancelled" })
    ).json() as TaskJson;
    expect(cancelled).toMatchObject({ status: "cancelled", completed_at: null });
  });

  it.each(["in_progress", "inprogress"])(
    "accepts status %s on update and answers in_progress",
    async (status) => {
      const created = await alice.create({ title: `Progress ${status}` });
      const updated = (await alice.call("PUT", taskUrl(created.id), { status })).json();
      expect(updated.status).toBe("in_progress");
    },
  );

  it("leaves updated_at alone when a PUT changes nothing", async () => {
    const created = await alice.create({ title: "Stable", tags: ["x"] });
    t.clock.advance(5_000);
    const response = await alice.call("PUT", taskUrl(created.id), { title: "Stable", tags: ["x"] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(created);
    expect((await alice.call("PUT", taskUrl(created.id), {})).json()).toEqual(created);
  });

  it.each([
    ["a blank title", { title: " " }, "Title is required"],
    ["a null title", { title: null }, "Title is required"],
    ["a title of 501 characters", { title: "t".repeat(501) }, "Title must be at most 500 characters"],
    [
      "a description of 10,001 characters",
      { description: "d".repeat(10_001) },
      "Description must be at most 10000",
    ],
    ["21 tags", { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, "At most 20 tags are allowed"],
    ["a tag of 51 characters", { tags: ["t".repeat(51)] }, "Tags must be at most 50 characters"],
    ["an unknown priority", { priority: "someday" }, "priority:"],
    ["an unknown status", { status: "done" }, "Status must be one of"],
    ["a due date that is not ISO-8601", { due_date: "12/01/2026" }, "due_date:"],
  ])("rejects an update with %s with 400 and leaves the task as it was", async (_case, body, message) => {
    const created = await alice.create({ title: "Unchanged" });
    const response = await alice.call("PUT", taskUrl(created.id), body);
    expect(response.statusCode).toBe(400);
    expect((response.json() as { message: string }).message).toContain(message);
    expect((await alice.call("GET", taskUrl(created.id))).json()).toEqual(created);
  });

  it("deletes with 204 and no body; the task is then gone", async () => {
    const created = await alice.create({ title: "Delete me" });
    const response = await alice.call("DELETE", taskUrl(created.id));
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect((await alice.call("GET", taskUrl(created.id))).statusCode).toBe(404);
    expect((await alice.call("DELETE", taskUrl(created.id))).statusCode).toBe(404);
    expect(titles(await alice.list())).not.toContain("Delete me");
  });
});

describe("isolation between users", () => {
  let alice: User;
  let bob: User;
  let alicesTask: TaskJson;
  beforeAll(async () => {
    alice = await newUser();
    bob = await newUser();
    alicesTask = await alice.create({
      title: "Alice's secret",
      tags: ["private"],
      due_date: "2026-01-01T00:00:00Z",
    });
  });

  it("answers 404 to another user's GET, PUT and DELETE of a task, and changes nothing", async () => {
    const url = taskUrl(alicesTask.id);
    for (const [method, body] of [["GET"], ["PUT", { title: "Bob was here" }], ["DELETE"]] as const) {
      const response = await bob.call(method, url, body);
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toEqual({ message: "Task not found" });
    }
    expect((await alice.call("GET", url)).json()).toEqual(alicesTask);
  });

  it("lists, searches and counts only the user's own tasks", async () => {
    await bob.create({ title: "Bob's task" });
    expect(titles(await bob.list())).toEqual(["Bob's task"]);
    expect(await bob.list({ search: "secret" })).toEqual([]);
    expect(await bob.list({ tags: "private" })).toEqual([]);
    expect(await bob.stats()).toMatchObject({ total: 1, pending: 1, overdue: 0 });
    expect(titles(await alice.list())).toEqual(["Alice's secret"]);
  });
});

describe("GET /api/v1/tasks filters", () => {
  let user: User;
  beforeAll(async () => {
    user = await newUser();
    const seed: CreateTaskRequest[] = [
      { title: "Pay rent", priority: "urgent", tags: ["home", "Money"], due_date: "2026-12-01T09:00:00Z" },
      {
        title: "Write Report",
        description: "quarterly numbers",
        priority: "high",
        status: "in_progress",
        tags: ["work"],
      },
      { title: "Plan trip", priority: "low", tags: ["travel", "fun"], status: "completed" },
      {
        title: "Review PR",
        description: "the 100% coverage branch",
        priority: "high",
        tags: ["work", "code_review"],
      },
      { title: "Old idea", priority: "medium", status: "cancelled", due_date: "2026-10-01T09:00:00Z" },
      {
        title: "Buy gifts",
        description: "for the home office party",
        priority: "medium",
        tags: ["homework"],
      },
    ];
    for (const body of seed) await user.create(body);
  });

  const filtered = async (query: Record<string, string>) => titles(await user.list(query)).sort();

  it("lists every task with no filter", async () => {
    expect(await user.list()).toHaveLength(6);
  });

  it("filters by one status and by a comma-joined list of statuses", async () => {
    expect(await filtered({ status: "completed" })).toEqual(["Plan trip"]);
    expect(await filtered({ status: "pending,cancelled" })).toEqual([
      "Buy gifts",
      "Old idea",
      "Pay rent",
      "Review PR",
    ]);
  });

  it.each(["in_progress", "inprogress"])("accepts status=%s", async (status) => {
    expect(await filtered({ status })).toEqual(["Write Report"]);
  });

  it("filters by priority, any of a list", async () => {
    expect(await filtered({ priority: "high" })).toEqual(["Review PR", "Write Report"]);
    expect(await filtered({ priority: "urgent, low" })).toEqual(["Pay rent", "Plan trip"]);
  });

  it("filters by tags: any of the listed whole tags, case-insensitively", async () => {
    expect(await filtered({ tags: "work" })).toEqual(["Review PR", "Write Report"]);
    expect(await filtered({ tags: "home" })).toEqual(["Pay rent"]);
    expect(await filtered({ tags: "money,travel" })).toEqual(["Pay rent", "Plan trip"]);
    expect(await filtered({ tags: "code_review" })).toEqual(["Review PR"]);
    expect(await filtered({ tags: "code%" })).toEqual([]);
    expect(await filtered({ tags: "wor" })).toEqual([]);
  });

  it("filters by has_due_date", async () => {
    expect(await filtered({ has_due_date: "true" })).toEqual(["Old idea", "Pay rent"]);
    expect(await user.list({ has_due_date: "false" })).toHaveLength(4);
  });

  it("searches title, description and tags case-insensitively", async () => {
    expect(await filtered({ search: "REPORT" })).toEqual(["Write Report"]);
    expect(await filtered({ search: "Quarterly" })).toEqual(["Write Report"]);
    expect(await filtered({ search: "trav" })).toEqual(["Plan trip"]);
    expect(await filtered({ search: "home" })).toEqual(["Buy gifts", "Pay rent"]);
    expect(await filtered({ search: "  money " })).toEqual(["Pay rent"]);
  });

  it("treats % and _ in a search as the characters themselves", async () => {
    expect(await filtered({ search: "100%" })).toEqual(["Review PR"]);
    expect(await filtered({ search: "%" })).toEqual(["Review PR"]);
    expect(await filtered({ search: "code_" })).toEqual(["Review PR"]);
    expect(await filtered({ search: "_" })).toEqual(["Review PR"]);
  });

  it("does not match a search across the JSON text of two tags", async () => {
    expect(await filtered({ search: '","' })).toEqual([]);
    expect(await filtered({ search: "[" })).toEqual([]);
    expect(await filtered({ search: "," })).toEqual([]);
  });

  it("combines filters: all must hold", async () => {
    expect(await filtered({ status: "pending", priority: "high", tags: "work" })).toEqual(["Review PR"]);
    expect(await filtered({ priority: "high,urgent", has_due_date: "true" })).toEqual(["Pay rent"]);
    expect(await filtered({ status: "pending,in_progress", search: "re" })).toEqual([
      "Pay rent",
      "Review PR",
      "Write Report",
    ]);
    expect(await filtered({ tags: "work,home", search: "pr" })).toEqual(["Review PR"]);
    expect(await filtered({ status: "completed", tags: "work" })).toEqual([]);
  });

  it("ignores empty filter values", async () => {
    expect(await user.list({ status: "", priority: " , ", tags: ",", search: "   " })).toHaveLength(6);
  });

  it.each([
    [{ status: "done" }, "status: unknown value 'done'"],
    [{ status: "pending,finished" }, "status: unknown value 'finished'"],
    [{ priority: "critical" }, "priority: unknown value 'critical'"],
    [{ has_due_date: "yes" }, "has_due_date must be true or false"],
    [{ search: "s".repeat(501) }, "search must be at most 500 characters"],
    [{ tags: Array.from({ length: 51 }, (_, i) => `t${i}`).join(",") }, "tags: at most 50"],
  ])("answers a bad filter %j with 400 naming it", async (query, message) => {
    const response = await t.app.inject({ method: "GET", url: TASKS, query, headers: await signUpHeaders() });
    expect(response.statusCode).toBe(400);
    expect((response.json() as { message: string }).message).toContain(message);
  });

  let cachedHeaders: { authorization: string } | undefined;
  async function signUpHeaders() {
    cachedHeaders ??= bearer((await signUp(t)).token);
    return cachedHeaders;
  }
});

describe("tags that hold quotes and backslashes", () => {
  it("filters on whole tags and searches inside them, whatever characters they hold", async () => {
    const user = await newUser();
    await user.create({ title: "Quoted", tags: ['a"work', "back\\slash"] });
    await user.create({ title: "Plain", tags: ["work"] });
    expect(titles(await user.list({ tags: "work" }))).toEqual(["Plain"]);
    expect(titles(await user.list({ tags: 'a"work' }))).toEqual(["Quoted"]);
    expect(titles(await user.list({ tags: "back\\slash" }))).toEqual(["Quoted"]);
    expect(titles(await user.list({ search: '"wor' }))).toEqual(["Quoted"]);
    expect(titles(await user.list({ search: "k\\s" }))).toEqual(["Quoted"]);
  });
});

describe("searches and tag filters beyond ASCII", () => {
  it("fold the case of every letter, on SQLite too, and still match only what holds the text", async () => {
    const user = await newUser();
    await user.create({ title: "Über den Fluss", tags: ["Café"] });
    await user.create({ title: "Aber nicht heute", tags: ["cafe"] });
    await user.create({ title: "Ελληνικά μαθήματα", description: "Τρίτη 🚲 ride", tags: ["ΣΧΟΛΗ"] });
    expect(titles(await user.list({ search: "über" }))).toEqual(["Über den Fluss"]);
    expect(titles(await user.list({ search: "ÜBER DEN" }))).toEqual(["Über den Fluss"]);
    expect(titles(await user.list({ search: "CAFÉ" }))).toEqual(["Über den Fluss"]);
    expect(titles(await user.list({ tags: "café" }))).toEqual(["Über den Fluss"]);
    expect(titles(await user.list({ tags: "CAFE" }))).toEqual(["Aber nicht heute"]);
    expect(titles(await user.list({ search: "ελληνικά" }))).toEqual(["Ελληνικά μαθήματα"]);
    expect(titles(await user.list({ search: "τρίτη 🚲" }))).toEqual(["Ελληνικά μαθήματα"]);
    expect(titles(await user.list({ tags: "σχολη" }))).toEqual(["Ελληνικά μαθήματα"]);
    expect(titles(await user.list({ search: "🚴" }))).toEqual([]);
  });
});

describe("GET /api/v1/tasks order", () => {
  it("puts open tasks first, then by due date with undated last, then newest first", async () => {
    const user = await newUser();
    const at = (iso: string) => t.clock.set(iso);
    at("2026-11-01T08:00:00.000Z");
    await user.create({ title: "old undated" });
    await user.create({ title: "done early", status: "completed", due_date: "2026-11-02T00:00:00Z" });
    at("2026-11-02T08:00:00.000Z");
    await user.create({ title: "due later", due_date: "2026-12-10T00:00:00Z" });
    await user.create({ title: "cancelled undated", status: "cancelled" });
    at("2026-11-03T08:00:00.000Z");
    await user.create({ title: "new undated", status: "in_progress" });
    await user.create({ title: "due soon", due_date: "2026-11-25T00:00:00Z", status: "in_progress" });
    await user.create({ title: "overdue", due_date: "2026-11-01T00:00:00Z" });
    at("2026-11-04T08:00:00.000Z");
    await user.create({ title: "due later, newer", due_date: "2026-12-10T00:00:00Z" });
    await user.create({ title: "completed late", status: "completed", due_date: "2026-12-31T00:00:00Z" });

    expect(titles(await user.list())).toEqual([
      "overdue",
      "due soon",
      "due later, newer",
      "due later",
      "new undated",
      "old undated",
      "done early",
      "completed late",
      "cancelled undated",
    ]);
  });
});

describe("GET /api/v1/tasks/stats", () => {
  it("answers zeros and a 0 % completion rate when the user has no tasks", async () => {
    const user = await newUser();
    expect(await user.stats()).toEqual({
      total: 0,
      pending: 0,
      in_progress: 0,
      completed: 0,
      cancelled: 0,
      overdue: 0,
      completion_rate: 0,
    });
  });

  it("counts each status, overdue (past due and not completed, cancelled included) and the rounded rate", async () => {
    const user = await newUser();
    t.clock.set("2026-11-21T10:00:00.000Z");
    const past = "2026-11-21T09:59:59.000Z";
    const future = "2026-11-21T10:00:01.000Z";
    await user.create({ title: "late pending", due_date: past });
    await user.create({ title: "late in progress", status: "inprogress", due_date: "2026-01-01T00:00:00Z" });
    await user.create({ title: "late cancelled", status: "cancelled", due_date: past });
    await user.create({ title: "late but done", status: "completed", due_date: past });
    await user.create({ title: "done", status: "completed" });
    await user.create({ title: "not yet due", due_date: future });
    await user.create({ title: "no date" });

    expect(await user.stats()).toEqual({
      total: 7,
      pending: 3,
      in_progress: 1,
      completed: 2,
      cancelled: 1,
      overdue: 3,
      completion_rate: 29,
    });

    // The clock moves on: the task due a second later becomes overdue too.
    t.clock.set("2026-11-21T10:00:02.000Z");
    expect((await user.stats()).overdue).toBe(4);
  });

  it("is not taken for a task id: GET /stats answers stats, PUT and DELETE of 'stats' are 404", async () => {
    const user = await newUser();
    expect(await user.stats()).toMatchObject({ total: 0 });
    expect((await user.call("PUT", STATS, { title: "x" })).statusCode).toBe(404);
    expect((await user.call("DELETE", STATS)).statusCode).toBe(404);
  });
});

describe("what other modules use from the tasks service", () => {
  it("lastTaskChangeAt follows every create, update and delete, deletions included", async () => {
    const user = await newUser();
    const { db } = t.deps;
    expect(await lastTaskChangeAt(db, user.id)).toBeNull();
    t.clock.set("2026-11-21T10:00:00.000Z");
    const task = await user.create({ title: "Tracked" });
    expect(await lastTaskChangeAt(db, user.id)).toBe("2026-11-21T10:00:00.000Z");
    t.clock.set("2026-11-21T11:00:00.000Z");
    await user.call("PUT", taskUrl(task.id), { priority: "high" });
    expect(await lastTaskChangeAt(db, user.id)).toBe("2026-11-21T11:00:00.000Z");
    t.clock.set("2026-11-21T12:00:00.000Z");
    await user.call("PUT", taskUrl(task.id), { priority: "high" });
    expect(await lastTaskChangeAt(db, user.id), "a PUT that changes nothing").toBe(
      "2026-11-21T11:00:00.000Z",
    );
    t.clock.set("2026-11-21T13:00:00.000Z");
    await user.call("DELETE", taskUrl(task.id));
    expect(await lastTaskChangeAt(db, user.id)).toBe("2026-11-21T13:00:00.000Z");
  });

  it("createTasks adds several tasks at once and takes part in the caller's transaction", async () => {
    const user = await newUser();
    const { db, clock } = t.deps;
    const inputs = [{ title: "From mail 1" }, { title: "From mail 2", tags: ["inbox"] }].map((input) =>
      createTaskRequestSchema.parse({ ...input, source: { type: "Llm", origin: "email" } }),
    );
    await expect(
      db.transaction().execute(async (trx) => {
        await createTasks(trx, clock, user.id, inputs);
        throw new Error("the rest of the unit of work failed");
      }),
    ).rejects.toThrow("the rest of the unit of work failed");
    expect(await user.list()).toEqual([]);

    const created = await createTasks(db, clock, user.id, inputs);
    expect(created.map((task) => task.source)).toEqual([
      { type: "Llm", origin: "email" },
      { type: "Llm", origin: "email" },
    ]);
    expect((await user.list()).map((task) => task.id).sort()).toEqual(created.map((task) => task.id).sort());
  });

  it("listOpenTasks gives the pending and in-progress tasks only", async () => {
    const user = await newUser();
    for (const status of ["pending", "in_progress", "completed", "cancelled"] as const) {
      await user.create({ title: status, status: status as "inprogress" });
    }
    const open = await listOpenTasks(t.deps.db, user.id);
    expect(open.map((task) => task.status).sort()).toEqual(["in_progress", "pending"]);
  });
});

describe("a user with 10,000 tasks", () => {
  it("lists, filters and counts them all", async () => {
    const user = await newUser();
    t.clock.set("2026-11-21T10:00:00.000Z");
    const statuses = ["pending", "inprogress", "completed", "cancelled"] as const;
    const inputs = Array.from({ length: 10_000 }, (_, index) =>
      createTaskRequestSchema.parse({
        title: `Task ${index}`,
        status: statuses[index % 4],
        priority: index % 10 === 0 ? "urgent" : "medium",
        tags: index % 100 === 0 ? ["rare"] : ["bulk"],
        due_date: index % 2 === 0 ? new Date(Date.UTC(2026, 10, 1) + index * 3_600_000).toISOString() : null,
      }),
    );
    await createTasks(t.deps.db, t.deps.clock, user.id, inputs);

    const all = await user.list();
    expect(all).toHaveLength(10_000);
    expect(all[0]?.title).toBe("Task 0");
    expect(
      all.slice(0, 5_000).every((task) => task.status === "pending" || task.status === "in_progress"),
    ).toBe(true);
    expect(await user.list({ tags: "rare" })).toHaveLength(100);
    expect(await user.list({ status: "cancelled", priority: "urgent" })).toHaveLength(0);
    expect(await user.list({ status: "completed", priority: "urgent" })).toHaveLength(500);
    expect(await user.list({ status: "pending", priority: "urgent" })).toHaveLength(500);
    expect(await user.list({ search: "task 999" })).toHaveLength(11);
    expect(await user.stats()).toMatchObject({
      total: 10_000,
      pending: 2_500,
      in_progress: 2_500,
      completed: 2_500,
      cancelled: 2_500,
      completion_rate: 25,
    });
  });
});
