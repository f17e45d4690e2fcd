import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsSchema, reviewSchema, type Analytics } from "@contract/analytics";
import { apiRoutes } from "@contract/routes";
import {
  taskJsonSchema,
  type CreateTaskRequest,
  type TaskJson,
  type UpdateTaskRequest,
} from "@contract/tasks";
import { importResultSchema, tasklaneExportSchema } from "@contract/transfer";
import { linesAsTasks, startFakeOpenAiServer } from "../fake-openai-server";
import { bearer, createTestApp, signUp, type TestApp } from "../helpers";
import { multipartFile } from "../transfer/multipart";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function newUser(app: TestApp = t, timezone = "UTC") {
  const { token, user } = await signUp(app);
  const headers = bearer(token);
  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    app.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  await call("POST", apiRoutes.timezone.path, { timezone });
  return {
    id: user.id,
    headers,
    call,
    async create(body: CreateTaskRequest): Promise<TaskJson> {
      const response = await call("POST", apiRoutes.createTask.path, body);
      expect(response.statusCode, response.body).toBe(201);
      return taskJsonSchema.parse(response.json());
    },
    async update(id: string, body: UpdateTaskRequest): Promise<TaskJson> {
      const response = await call("PUT", `/api/v1/tasks/${id}`, body);
      expect(response.statusCode, response.body).toBe(200);
      return taskJsonSchema.parse(response.json());
    },
    async analytics(days = 7): Promise<Analytics> {
      const response = await call("GET", `${apiRoutes.analytics.path}?days=${days}`);
      expect(response.statusCode, response.body).toBe(200);
      return analyticsSchema.strict().parse(response.json());
    },
  };
}

/** Creates a task at `createdAt` and completes it at `completedAt` (the clock moves to each). */
async function completedTask(
  user: Awaited<ReturnType<typeof newUser>>,
  title: string,
  times: { createdAt: string; completedAt: string; due?: string },
): Promise<TaskJson> {
  t.clock.set(times.createdAt);
  const task = await user.create({ title, ...(times.due ? { due_date: times.due } : {}) });
  t.clock.set(times.completedAt);
  return user.update(task.id, { status: "completed" });
}

const countOn = (series: Analytics["completed_per_day"], date: string) =>
  series.find((entry) => entry.date === date)?.count;

describe("completion times and the task history", () => {
  it("sets completed_at on completing, clears it on reopening, and logs each change", async () => {
    const user = await newUser();
    t.clock.set("2026-11-20T09:00:00.000Z");
    const task = await user.create({ title: "File the report", due_date: "2026-11-21T17:00:00.000Z" });
    expect(task).toMatchObject({ completed_at: null, completed_at_approximate: false });

    t.clock.set("2026-11-20T10:00:00.000Z");
    const done = await user.update(task.id, { status: "completed" });
    expect(done).toMatchObject({ completed_at: "2026-11-20T10:00:00.000Z", completed_at_approximate: false });

    t.clock.set("2026-11-20T11:00:00.000Z");
    const reopened = await user.update(task.id, { status: "in_progress" });
    expect(reopened.completed_at).toBeNull();
    t.clock.set("2026-11-20T11:01:00.000Z");
    expect((await user.update(task.id, { status: "completed" })).completed_at).toBe(
      "2026-11-20T11:01:00.000Z",
    );
    t.clock.set("2026-11-20T11:02:00.000Z");
    expect((await user.update(task.id, { status: "cancelled" })).completed_at).toBeNull();

    t.clock.set("2026-11-20T11:03:00.000Z");
    await user.update(task.id, { due_date: "2026-11-24T17:00:00.000Z" });
    t.clock.set("2026-11-20T11:04:00.000Z");
    await user.update(task.id, { due_date: null });
    t.clock.set("2026-11-20T11:05:00.000Z");
    expect((await user.call("DELETE", `/api/v1/tasks/${task.id}`)).statusCode).toBe(204);

    const events = await t.deps.db
      .selectFrom("task_events")
      .select(["kind", "from_value", "to_value", "at"])
      .where("task_id", "=", task.id)
      .orderBy("at")
      .execute();
    expect(events.map((event) => [event.kind, event.from_value, event.to_value])).toEqual([
      ["created", null, "pending"],
      ["status_changed", "pending", "completed"],
      ["status_changed", "completed", "inprogress"],
      ["status_changed", "inprogress", "completed"],
      ["status_changed", "completed", "cancelled"],
      ["rescheduled", "2026-11-21T17:00:00.000Z", "2026-11-24T17:00:00.000Z"],
      ["due_changed", "2026-11-24T17:00:00.000Z", null],
      ["deleted", null, null],
    ]);
  });
});

describe("GET /api/v1/analytics", () => {
  it("answers 400 naming days for a range it does not offer, and 401 without a token", async () => {
    const user = await newUser();
    const bad = await user.call("GET", `${apiRoutes.analytics.path}?days=14`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: expect.stringContaining("days") });
    expect((await t.app.inject({ method: "GET", url: apiRoutes.analytics.path })).statusCode).toBe(401);
  });

  it("counts the on-time rate: completed on or before the due date, of those that had one", async () => {
    const user = await newUser();
    const due = "2026-11-18T22:59:59.000Z";
    await completedTask(user, "early", {
      createdAt: "2026-11-16T08:00:00.000Z",
      completedAt: "2026-11-17T08:00:00.000Z",
      due,
    });
    await completedTask(user, "late", {
      createdAt: "2026-11-16T08:00:00.000Z",
      completedAt: "2026-11-19T08:00:00.000Z",
      due,
    });
    await completedTask(user, "on the dot", { createdAt: "2026-11-16T08:00:00.000Z", completedAt: due, due });
    await completedTask(user, "no date", {
      createdAt: "2026-11-16T08:00:00.000Z",
      completedAt: "2026-11-19T09:00:00.000Z",
    });
    t.clock.set("2026-11-20T12:00:00.000Z");
    const answer = await user.analytics(7);
    expect(answer.on_time_rate).toBe(67);
    expect(answer.from).toBe("2026-11-14");
    expect(answer.to).toBe("2026-11-20");
    expect(answer.completed_per_day).toHaveLength(7);
    expect(countOn(answer.completed_per_day, "2026-11-17")).toBe(1);
    expect(countOn(answer.completed_per_day, "2026-11-19")).toBe(2);
    expect(countOn(answer.created_per_day, "2026-11-16")).toBe(4);
    // From creation to completion: 1, 2.6, 3 and 3.04 days.
    expect(answer.median_days_to_complete).toBe(2.8);
    expect(answer.by_priority).toContainEqual({ priority: "medium", completed: 4 });
    expect(answer.heatmap).toHaveLength(7 * 24);
    // 2026-11-19 is a Thursday: two completions at 08:00 and 09:00 UTC.
    expect(answer.heatmap).toContainEqual({ weekday: 4, hour: 8, count: 1 });
    expect(answer.heatmap).toContainEqual({ weekday: 4, hour: 9, count: 1 });
  });

  it("buckets by the local day across a DST change, and again after a timezone change", async () => {
    const user = await newUser(t, "Europe/Berlin");
    // Berlin leaves summer time on 2026-10-25 at 01:00 UTC: +02:00 before, +01:00 after.
    await completedTask(user, "Sunday 00:30 CEST", {
      createdAt: "2026-10-24T20:00:00.000Z",
      completedAt: "2026-10-24T22:30:00.000Z",
    });
    await completedTask(user, "Sunday 23:30 CET", {
      createdAt: "2026-10-24T20:00:00.000Z",
      completedAt: "2026-10-25T22:30:00.000Z",
    });
    await completedTask(user, "Monday 00:30 CET", {
      createdAt: "2026-10-24T20:00:00.000Z",
      completedAt: "2026-10-25T23:30:00.000Z",
    });
    t.clock.set("2026-10-27T10:00:00.000Z");
    const berlin = await user.analytics(7);
    expect(countOn(berlin.completed_per_day, "2026-10-24")).toBe(0);
    expect(countOn(berlin.completed_per_day, "2026-10-25")).toBe(2);
    expect(countOn(berlin.completed_per_day, "2026-10-26")).toBe(1);
    expect(berlin.heatmap).toContainEqual({ weekday: 7, hour: 0, count: 1 });
    expect(berlin.heatmap).toContainEqual({ weekday: 7, hour: 23, count: 1 });
    expect(berlin.heatmap).toContainEqual({ weekday: 1, hour: 0, count: 1 });

    await user.call("POST", apiRoutes.timezone.path, { timezone: "America/New_York" });
    const newYork = await user.analytics(7);
    expect(newYork.to).toBe("2026-10-27");
    expect(countOn(newYork.completed_per_day, "2026-10-24")).toBe(1);
    expect(countOn(newYork.completed_per_day, "2026-10-25")).toBe(2);
    expect(countOn(newYork.completed_per_day, "2026-10-26")).toBe(0);
    expect(countOn(newYork.created_per_day, "2026-10-24")).toBe(3);

    // A zone half an hour off whole hours: 2026-10-25T22:30Z is 04:00 the next day in Kolkata.
    await user.call("POST", apiRoutes.timezone.path, { timezone: "Asia/Kolkata" });
    const kolkata = await user.analytics(7);
    expect(countOn(kolkata.completed_per_day, "2026-10-25")).toBe(1);
    expect(countOn(kolkata.completed_per_day, "2026-10-26")).toBe(2);
    expect(kolkata.heatmap).toContainEqual({ weekday: 1, hour: 4, count: 1 });
  });

  it("groups long ranges by week, dated by Monday, and follows open overdue tasks over time", async () => {
    const user = await newUser();
    t.clock.set("2026-11-02T09:00:00.000Z");
    const late = await user.create({ title: "Renew passport", due_date: "2026-11-05T12:00:00.000Z" });
    await user.create({ title: "Someday", due_date: "2026-12-30T12:00:00.000Z" });
    t.clock.set("2026-11-12T09:00:00.000Z");
    await user.update(late.id, { status: "completed" });
    t.clock.set("2026-11-20T12:00:00.000Z");

    const daily = await user.analytics(30);
    const overdueOn = (date: string) => daily.overdue_open.find((entry) => entry.date === date)?.count;
    expect(overdueOn("2026-11-04")).toBe(0);
    expect(overdueOn("2026-11-05")).toBe(1);
    expect(overdueOn("2026-11-11")).toBe(1);
    expect(overdueOn("2026-11-12")).toBe(0);

    const weekly = await user.analytics(90);
    for (const entry of [...weekly.completed_per_day, ...weekly.created_per_day, ...weekly.overdue_open])
      expect(new Date(`${entry.date}T00:00:00Z`).getUTCDay(), entry.date).toBe(1);
    expect(countOn(weekly.completed_per_day, "2026-11-09")).toBe(1);
    expect(countOn(weekly.created_per_day, "2026-11-02")).toBe(2);
    expect(weekly.overdue_open.find((entry) => entry.date === "2026-11-02")?.count).toBe(1);
    expect(weekly.overdue_open.find((entry) => entry.date === "2026-11-09")?.count).toBe(0);
  });

  it("shows today against the daily goal with the current and longest streak", async () => {
    const user = await newUser();
    expect((await user.call("PUT", apiRoutes.settings.path, { daily_goal: 0 })).statusCode).toBe(400);
    const settings = await user.call("PUT", apiRoutes.settings.path, { daily_goal: 2 });
    expect(settings.json()).toMatchObject({ daily_goal: 2 });
    const days = ["2026-11-10", "2026-11-11", "2026-11-12", "2026-11-15", "2026-11-16", "2026-11-17"];
    for (const day of days) {
      for (const hour of ["09", "10"]) {
        await completedTask(user, `${day} ${hour}`, {
          createdAt: `${day}T08:00:00.000Z`,
          completedAt: `${day}T${hour}:00:00.000Z`,
        });
      }
    }
    // One task on the 18th: below the goal, and so is today so far.
    await completedTask(user, "half", {
      createdAt: "2026-11-18T08:00:00.000Z",
      completedAt: "2026-11-18T09:00:00.000Z",
    });
    t.clock.set("2026-11-18T12:00:00.000Z");
    expect((await user.analytics(7)).streak).toEqual({ goal: 2, current: 3, longest: 3 });
    await completedTask(user, "goal met", {
      createdAt: "2026-11-18T08:00:00.000Z",
      completedAt: "2026-11-18T13:00:00.000Z",
    });
    expect((await user.analytics(7)).streak).toEqual({ goal: 2, current: 4, longest: 4 });
    await user.call("PUT", apiRoutes.settings.path, { daily_goal: null });
    expect((await user.analytics(7)).streak).toEqual({ goal: null, current: 0, longest: 0 });
  });

  it("breaks the range's completions down by project", async () => {
    const user = await newUser();
    const created = await user.call("POST", apiRoutes.createProject.path, { name: "Garden" });
    expect(created.statusCode, created.body).toBe(201);
    const garden = (created.json() as { id: string }).id;
    t.clock.set("2026-11-18T08:00:00.000Z");
    for (const title of ["Rake leaves", "Prune roses"]) {
      const task = await user.create({ title, project_id: garden });
      await user.update(task.id, { status: "completed" });
    }
    const inboxTask = await user.create({ title: "Call the bank" });
    await user.update(inboxTask.id, { status: "completed" });
    const answer = await user.analytics(7);
    expect(answer.by_project).toEqual([
      { project_id: garden, completed: 2 },
      { project_id: inboxTask.project_id, completed: 1 },
    ]);
  });

  it("counts AI uses per month and shows only the user's own tasks", async () => {
    const user = await newUser();
    const other = await newUser();
    await completedTask(other, "not mine", {
      createdAt: "2026-11-18T08:00:00.000Z",
      completedAt: "2026-11-18T09:00:00.000Z",
    });
    t.clock.set("2026-11-18T10:00:00.000Z");
    const extract = await user.call("POST", apiRoutes.extractText.path, {
      content: "Call the dentist tomorrow",
      strategy: "llm",
    });
    expect(extract.statusCode, extract.body).toBe(200);
    const answer = await user.analytics(30);
    expect(answer.ai_uses_per_month).toEqual([
      { month: "2026-10", count: 0 },
      { month: "2026-11", count: 1 },
    ]);
    expect(answer.completed_per_day.every((entry) => entry.count === 0)).toBe(true);
  });
});

describe("GET /api/v1/review", () => {
  it("lists the week's completed, slipped, carried-over and next week's tasks with a summary", async () => {
    const user = await newUser();
    t.clock.set("2026-11-16T08:00:00.000Z"); // Monday of 2026-W47
    const done = await user.create({ title: "Done this week", due_date: "2026-11-18T12:00:00.000Z" });
    const slipped = await user.create({ title: "Slipped", due_date: "2026-11-19T12:00:00.000Z" });
    const carried = await user.create({ title: "No date" });
    const upcoming = await user.create({ title: "Next week", due_date: "2026-11-24T12:00:00.000Z" });
    t.clock.set("2026-11-17T10:00:00.000Z");
    await user.update(done.id, { status: "completed" });
    t.clock.set("2026-11-23T09:00:00.000Z"); // Monday of 2026-W48

    const response = await user.call("GET", `${apiRoutes.review.path}?week=2026-W47`);
    expect(response.statusCode, response.body).toBe(200);
    const review = reviewSchema.strict().parse(response.json());
    expect(review.completed.map((task) => task.id)).toEqual([done.id]);
    expect(review.slipped.map((task) => task.id)).toEqual([slipped.id]);
    expect(review.carried_over.map((task) => task.id)).toEqual([carried.id]);
    expect(review.upcoming.map((task) => task.id)).toEqual([upcoming.id]);
    expect(review.summary).toBe(
      "In week 47 you completed 1 task (1 of 1 with a due date on time). 1 task slipped past its due date, " +
        "and 1 open task is carried over. Next week 1 task is due, the most on Tuesday (1).",
    );

    // Without a week: the current one (2026-W48), whose upcoming week is still empty.
    const current = reviewSchema.parse((await user.call("GET", apiRoutes.review.path)).json());
    expect(current.upcoming).toEqual([]);
    expect(current.carried_over.map((task) => task.id).sort()).toEqual(
      [slipped.id, carried.id, upcoming.id].sort(),
    );

    const bad = await user.call("GET", `${apiRoutes.review.path}?week=2026-W54`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: expect.stringContaining("week") });
  });

  it("says a new account's empty week was empty, and praises nothing", async () => {
    const user = await newUser();
    t.clock.set("2026-11-23T09:00:00.000Z");
    const response = await user.call("GET", `${apiRoutes.review.path}?week=2026-W47`);
    expect(response.statusCode, response.body).toBe(200);
    expect(reviewSchema.parse(response.json()).summary).toBe(
      "Week 47 was empty: no task was completed or due. Nothing is due next week yet.",
    );
  });

  it("has the model write the summary when a provider is set, once until the tasks change", async () => {
    const fake = await startFakeOpenAiServer({ fallback: linesAsTasks });
    const withModel = await createTestApp({
      db: t.deps.db,
      env: { AI_BASE_URL: fake.url, AI_MODEL: "fake" },
    });
    try {
      const user = await newUser(withModel);
      withModel.clock.set("2026-11-18T10:00:00.000Z");
      const review = async () => reviewSchema.parse((await user.call("GET", apiRoutes.review.path)).json());
      expect((await review()).summary).toBe("The fake AI saw 0 completed tasks.");
      expect((await review()).summary).toBe("The fake AI saw 0 completed tasks.");
      expect(fake.requests).toHaveLength(1);
      const me = await user.call("GET", apiRoutes.me.path);
      expect(me.json()).toMatchObject({ llm_usage_count: 1 });
    } finally {
      await withModel.close();
      await fake.close();
    }
  });
});

describe("history through a JSON export and import", () => {
  it("keeps created_at, completed_at, the approximate mark and the events", async () => {
    const source = await newUser();
    t.clock.set("2026-09-01T08:00:00.000Z");
    const task = await source.create({ title: "Old history", due_date: "2026-09-03T12:00:00.000Z" });
    t.clock.set("2026-09-02T08:00:00.000Z");
    await source.update(task.id, { due_date: "2026-09-04T12:00:00.000Z" });
    t.clock.set("2026-09-03T08:00:00.000Z");
    await source.update(task.id, { status: "completed" });
    t.clock.set("2026-11-20T08:00:00.000Z");

    const exported = await source.call("GET", `${apiRoutes.exportTasks.path}?format=json`);
    const document = tasklaneExportSchema.parse(exported.json());
    const [only] = document.tasks;
    expect(only?.events.map((event) => event.kind)).toEqual(["created", "rescheduled", "status_changed"]);
    // A task from an older installation whose completion time was approximate stays marked so.
    const file = JSON.stringify({ ...document, tasks: [{ ...only, completed_at_approximate: true }] });

    const target = await newUser();
    const upload = multipartFile(file, "tasklane.json");
    const response = await t.app.inject({
      method: "POST",
      url: apiRoutes.importTasks.path,
      headers: { ...target.headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(importResultSchema.parse(response.json())).toMatchObject({ created: 1, errors: [] });
    const [imported] = ((await target.call("GET", apiRoutes.listTasks.path)).json() as unknown[]).map(
      (value) => taskJsonSchema.parse(value),
    );
    expect(imported).toMatchObject({
      created_at: "2026-09-01T08:00:00.000Z",
      completed_at: "2026-09-03T08:00:00.000Z",
      completed_at_approximate: true,
    });
    const again = tasklaneExportSchema.parse(
      (await target.call("GET", `${apiRoutes.exportTasks.path}?format=json`)).json(),
    );
    expect(again.tasks[0]?.events).toEqual(only?.events);

    const analytics = await target.analytics(365);
    expect(countOn(analytics.completed_per_day, "2026-08-31")).toBe(1);

    const broken = multipartFile(
      JSON.stringify([{ title: "x", events: [{ kind: "exploded", at: "soon" }] }]),
    );
    const refused = await t.app.inject({
      method: "POST",
      url: apiRoutes.importTasks.path,
      headers: { ...target.headers, ...broken.headers },
      payload: broken.payload,
    });
    expect(importResultSchema.parse(refused.json()).errors[0]?.message).toMatch(/^events\.0\.kind/);
  });
});
