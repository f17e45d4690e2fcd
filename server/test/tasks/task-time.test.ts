import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes, pathFor } from "@contract/routes";
import { taskJsonSchema, type TaskJson } from "@contract/tasks";
import { bearer, createTestApp, signUp, type TestApp } from "../helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function newUser() {
  const { token } = await signUp(t);
  const headers = bearer(token);
  const call = (method: "POST" | "PUT" | "GET", url: string, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return { call };
}

const taskUrl = (id: string) => pathFor(apiRoutes.updateTask.path, { id });

describe("a task's estimate and planned start", () => {
  it("are null unless given, are stored as given (the start in UTC) and can be changed and cleared", async () => {
    const alice = await newUser();
    const plain = await alice.call("POST", apiRoutes.createTask.path, { title: "Plain" });
    expect(plain.json()).toMatchObject({ duration_minutes: null, scheduled_start: null });

    const created = await alice.call("POST", apiRoutes.createTask.path, {
      title: "Write the report",
      duration_minutes: 90,
      scheduled_start: "2026-12-01T10:00:00+01:00",
    });
    expect(created.statusCode, created.body).toBe(201);
    const task = taskJsonSchema.parse(created.json());
    expect(task).toMatchObject({ duration_minutes: 90, scheduled_start: "2026-12-01T09:00:00.000Z" });

    const moved = await alice.call("PUT", taskUrl(task.id), {
      duration_minutes: 45,
      scheduled_start: "2026-12-02T08:30:00Z",
    });
    expect(moved.json()).toMatchObject({ duration_minutes: 45, scheduled_start: "2026-12-02T08:30:00.000Z" });

    const untouched = await alice.call("PUT", taskUrl(task.id), { title: "Write the annual report" });
    expect(untouched.json()).toMatchObject({
      duration_minutes: 45,
      scheduled_start: "2026-12-02T08:30:00.000Z",
    });

    const cleared = await alice.call("PUT", taskUrl(task.id), {
      duration_minutes: null,
      scheduled_start: null,
    });
    expect(cleared.json()).toMatchObject({ duration_minutes: null, scheduled_start: null });
    const fetched = (await alice.call("GET", taskUrl(task.id))).json() as TaskJson;
    expect(fetched).toMatchObject({ duration_minutes: null, scheduled_start: null });
  });

  it.each([
    [{ duration_minutes: 4 }, "duration_minutes"],
    [{ duration_minutes: 721 }, "duration_minutes"],
    [{ duration_minutes: 30.5 }, "duration_minutes"],
    [{ duration_minutes: "30" }, "duration_minutes"],
    [{ scheduled_start: "tomorrow" }, "scheduled_start"],
    [{ scheduled_start: "0999-01-01T00:00:00Z" }, "scheduled_start"],
  ])("refuses %j with a 400 naming the field", async (fields, name) => {
    const alice = await newUser();
    const response = await alice.call("POST", apiRoutes.createTask.path, { title: "Bad", ...fields });
    expect(response.statusCode).toBe(400);
    expect((response.json() as { message: string }).message).toContain(name);
  });

  it("the next occurrence of a repeating task keeps the estimate and is not planned", async () => {
    const alice = await newUser();
    const created = taskJsonSchema.parse(
      (
        await alice.call("POST", apiRoutes.createTask.path, {
          title: "Water the plants",
          due_date: "2026-11-23T08:00:00.000Z",
          recurrence: "FREQ=WEEKLY",
          duration_minutes: 15,
          scheduled_start: "2026-11-23T07:00:00.000Z",
        })
      ).json(),
    );
    await alice.call("PUT", taskUrl(created.id), { status: "completed" });
    const tasks = (await alice.call("GET", apiRoutes.listTasks.path)).json() as TaskJson[];
    const next = tasks.find((task) => task.id !== created.id);
    expect(next).toMatchObject({
      duration_minutes: 15,
      scheduled_start: null,
      due_date: "2026-11-30T08:00:00.000Z",
    });
  });
});

describe("planning settings", () => {
  it("default to weekdays 9 to 5, six hours and 30-minute estimates, and change when sent", async () => {
    const alice = await newUser();
    const me = (await alice.call("GET", apiRoutes.me.path)).json() as Record<string, unknown>;
    expect(me).toMatchObject({
      working_hours: { days: [1, 2, 3, 4, 5], start: "09:00", end: "17:00" },
      daily_capacity_minutes: 360,
      default_duration_minutes: 30,
    });
    const changed = await alice.call("PUT", apiRoutes.settings.path, {
      working_hours: { days: [7, 1, 3, 3], start: "08:30", end: "12:00" },
      daily_capacity_minutes: 120,
      default_duration_minutes: 45,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      working_hours: { days: [1, 3, 7], start: "08:30", end: "12:00" },
      daily_capacity_minutes: 120,
      default_duration_minutes: 45,
    });
    // Other settings stay; null puts the default duration back.
    const reset = await alice.call("PUT", apiRoutes.settings.path, { default_duration_minutes: null });
    expect(reset.json()).toMatchObject({
      working_hours: { days: [1, 3, 7], start: "08:30", end: "12:00" },
      daily_capacity_minutes: 120,
      default_duration_minutes: 30,
    });
    const none = await alice.call("PUT", apiRoutes.settings.path, {
      working_hours: { days: [], start: "08:30", end: "12:00" },
    });
    expect(none.json()).toMatchObject({ working_hours: { days: [] } });
  });

  it.each([
    [{ working_hours: { days: [0], start: "09:00", end: "17:00" } }, "working_hours.days"],
    [{ working_hours: { days: [1], start: "9:00", end: "17:00" } }, "working_hours.start"],
    [{ working_hours: { days: [1], start: "17:00", end: "09:00" } }, "working_hours.end must be after"],
    [{ working_hours: { days: [1], start: "09:00", end: "24:00" } }, "working_hours.end"],
    [{ daily_capacity_minutes: 5 }, "daily_capacity_minutes"],
    [{ daily_capacity_minutes: 2000 }, "daily_capacity_minutes"],
    [{ default_duration_minutes: 721 }, "duration_minutes"],
  ])("refuses %j with a 400 naming the field", async (body, text) => {
    const alice = await newUser();
    const response = await alice.call("PUT", apiRoutes.settings.path, body);
    expect(response.statusCode).toBe(400);
    expect((response.json() as { message: string }).message).toContain(text);
  });
});
