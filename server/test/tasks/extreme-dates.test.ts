import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractResponseSchema } from "@contract/extract";
import { apiRoutes } from "@contract/routes";
import { taskJsonSchema, taskStatsSchema } from "@contract/tasks";
import { bearer, createTestApp, signUp, type TestApp } from "../helpers";

let t: TestApp;
let headers: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  headers = bearer((await signUp(t)).token);
});
afterAll(async () => {
  await t?.close();
});

const extremes = [
  { content: "TODO: Renew the lease 9999-12-31 23:30", timezone: "Pacific/Honolulu" },
  { content: "TODO: Archive the scrolls 0000-01-01 00:30", timezone: "Asia/Tokyo" },
];

describe("dates at the ends of the calendar", () => {
  for (const { content, timezone } of extremes) {
    for (const strategy of ["pattern", "llm"] as const) {
      it(`extracts "${content}" in ${timezone} with the ${strategy} method without a 5xx`, async () => {
        const response = await t.app.inject({
          method: "POST",
          url: apiRoutes.extractText.path,
          headers,
          payload: { content, timezone, strategy },
        });
        expect(response.statusCode, response.body).toBe(200);
        const tasks = extractResponseSchema.parse(response.json());
        expect(tasks.length).toBeGreaterThan(0);
        for (const task of tasks) {
          // A date outside years 1900–9999 is not a deadline: the task keeps no due date.
          if (task.due_date) {
            const year = new Date(task.due_date).getUTCFullYear();
            expect(year).toBeGreaterThanOrEqual(1900);
            expect(year).toBeLessThanOrEqual(9999);
          }
        }
      });
    }
  }

  it("refuses a due date in year 10000 or before 1900 with a 400 naming due_date", async () => {
    for (const due_date of [
      "+010000-01-01T00:00:00.000Z",
      "1899-12-31T23:59:59.000Z",
      "0000-01-01T00:00:00Z",
    ]) {
      const response = await t.app.inject({
        method: "POST",
        url: apiRoutes.createTask.path,
        headers,
        payload: { title: "Far away", due_date },
      });
      expect(response.statusCode, `${due_date}: ${response.body}`).toBe(400);
      expect(response.json().message).toMatch(/due_date|due date/i);
    }
  });

  it("refuses a due date that falls after 9999 once its offset is applied", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: apiRoutes.createTask.path,
      headers,
      payload: { title: "Just past the end", due_date: "9999-12-31T23:30:00-10:00" },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toMatch(/due date/i);
  });

  it("accepts the last minute of 9999 and the first of 1900, and a far-future task is not overdue", async () => {
    const headers = bearer((await signUp(t)).token);
    for (const due_date of ["9999-12-31T23:59:00.000Z", "1900-01-01T00:00:00.000Z"]) {
      const response = await t.app.inject({
        method: "POST",
        url: apiRoutes.createTask.path,
        headers,
        payload: { title: `Edge ${due_date}`, due_date },
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(taskJsonSchema.parse(response.json()).due_date).toBe(due_date);
    }
    const stats = taskStatsSchema.parse(
      (await t.app.inject({ method: "GET", url: apiRoutes.taskStats.path, headers })).json(),
    );
    // Only the 1900 task is in the past.
    expect(stats.overdue).toBe(1);
  });

  it("refuses year 10000 on update too", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: apiRoutes.createTask.path,
      headers,
      payload: { title: "Move me" },
    });
    const id = taskJsonSchema.parse(created.json()).id;
    const response = await t.app.inject({
      method: "PUT",
      url: `/api/v1/tasks/${id}`,
      headers,
      payload: { due_date: "+010000-01-01T00:00:00.000Z" },
    });
    expect(response.statusCode, response.body).toBe(400);
  });
});
