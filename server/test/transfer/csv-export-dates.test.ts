import { parse as parseCsv } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DateOrder, Clock as ClockChoice } from "@contract/date-format";
import { apiRoutes } from "@contract/routes";
import { taskJsonSchema, type CreateTaskRequest, type TaskJson } from "@contract/tasks";
import { importResultSchema, type ImportResult } from "@contract/transfer";
import { bearer, createTestApp, signUp, type TestApp } from "../helpers";
import { multipartFile } from "./multipart";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set("2026-12-02T10:00:00.000Z");
});
afterAll(async () => t.close());

/** A Berlin user (UTC+1 in December) with the date order and clock given, or none chosen. */
async function newUser(choice?: { date_order: DateOrder; clock: ClockChoice }) {
  const { token } = await signUp(t);
  const headers = bearer(token);
  await t.app.inject({
    method: "POST",
    url: apiRoutes.timezone.path,
    headers,
    payload: { timezone: "Europe/Berlin" },
  });
  if (choice) {
    const saved = await t.app.inject({
      method: "PUT",
      url: apiRoutes.settings.path,
      headers,
      payload: choice,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return {
    async create(body: CreateTaskRequest): Promise<TaskJson> {
      const response = await t.app.inject({
        method: "POST",
        url: apiRoutes.createTask.path,
        headers,
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(201);
      return taskJsonSchema.parse(response.json());
    },
    async tasks(): Promise<TaskJson[]> {
      const response = await t.app.inject({ method: "GET", url: apiRoutes.listTasks.path, headers });
      return (response.json() as unknown[]).map((task) => taskJsonSchema.parse(task));
    },
    async exportCsv(query: Record<string, string> = {}) {
      const response = await t.app.inject({
        method: "GET",
        url: apiRoutes.exportTasks.path,
        headers,
        query: { format: "csv", ...query },
      });
      expect(response.statusCode, response.body).toBe(200);
      const rows = parseCsv(response.body, { columns: true }) as Record<string, string>[];
      return { body: response.body, byTitle: new Map(rows.map((row) => [row.title, row])) };
    },
    async imported(content: string): Promise<ImportResult> {
      const upload = multipartFile(content, "tasks.csv");
      const response = await t.app.inject({
        method: "POST",
        url: apiRoutes.importTasks.path,
        headers: { ...headers, ...upload.headers },
        payload: upload.payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      return importResultSchema.strict().parse(response.json());
    },
  };
}
type User = Awaited<ReturnType<typeof newUser>>;

/** Due on 10 December at 17:30 Berlin, due all that day, planned for 9:05:30, and completed. */
async function seed(user: User) {
  await user.create({
    title: "Timed",
    due_date: "2026-12-10T16:30:00.000Z",
    scheduled_start: "2026-12-09T08:05:30.000Z",
  });
  // The last second of 10 December in Berlin: due all that day.
  await user.create({ title: "All day", due_date: "2026-12-10T22:59:59.000Z" });
  await user.create({ title: "Done", status: "completed" });
  await user.create({ title: "Undated" });
}

const dated = (task: TaskJson) => [task.title, task.due_date, task.scheduled_start, task.status];

describe("the CSV export in the user's date format", () => {
  it("writes day-first, 24-hour dates in the user's zone, a task due all day as its day", async () => {
    const ada = await newUser({ date_order: "dmy", clock: "24h" });
    await seed(ada);
    const { byTitle } = await ada.exportCsv();
    expect(byTitle.get("Timed")).toMatchObject({
      due_date: "10/12/2026 17:30",
      scheduled_start: "09/12/2026 09:05:30",
      created_at: "02/12/2026 11:00",
      updated_at: "02/12/2026 11:00",
      completed_at: "",
    });
    expect(byTitle.get("All day")?.due_date).toBe("10/12/2026");
    expect(byTitle.get("Done")?.completed_at).toBe("02/12/2026 11:00");
    expect(byTitle.get("Undated")).toMatchObject({ due_date: "", scheduled_start: "" });
  });

  it("writes month-first with a 12-hour clock, and year-first, as chosen", async () => {
    const bob = await newUser({ date_order: "mdy", clock: "12h" });
    await seed(bob);
    const us = await bob.exportCsv();
    expect(us.byTitle.get("Timed")).toMatchObject({
      due_date: "12/10/2026 5:30 PM",
      scheduled_start: "12/09/2026 9:05:30 AM",
    });
    expect(us.byTitle.get("All day")?.due_date).toBe("12/10/2026");

    const cy = await newUser({ date_order: "ymd", clock: "24h" });
    await seed(cy);
    expect((await cy.exportCsv()).byTitle.get("Timed")?.due_date).toBe("2026-12-10 17:30");
  });

  it("writes ISO 8601 in UTC with dates=iso, for programs", async () => {
    const ada = await newUser({ date_order: "dmy", clock: "24h" });
    await seed(ada);
    const { byTitle } = await ada.exportCsv({ dates: "iso" });
    expect(byTitle.get("Timed")).toMatchObject({
      due_date: "2026-12-10T16:30:00.000Z",
      scheduled_start: "2026-12-09T08:05:30.000Z",
      created_at: "2026-12-02T10:00:00.000Z",
    });
    expect(byTitle.get("All day")?.due_date).toBe("2026-12-10T22:59:59.000Z");
  });

  it("writes days year first until the user chooses an order, with the default 12-hour clock", async () => {
    const dee = await newUser();
    await seed(dee);
    const { byTitle } = await dee.exportCsv();
    expect(byTitle.get("Timed")?.due_date).toBe("2026-12-10 5:30 PM");
    expect(byTitle.get("All day")?.due_date).toBe("2026-12-10");
  });

  it("refuses an unknown dates style with a 400 naming it", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: apiRoutes.exportTasks.path,
      headers: bearer((await signUp(t)).token),
      query: { format: "csv", dates: "local" },
    });
    expect(response.statusCode).toBe(400);
    expect((response.json() as { message: string }).message).toMatch(/dates/);
  });

  it.each([
    { date_order: "dmy", clock: "24h" },
    { date_order: "mdy", clock: "12h" },
    { date_order: "ymd", clock: "12h" },
    undefined,
  ] as const)(
    "reads its own export back (%o): all already there, and the same dates in a new account",
    async (choice) => {
      const ada = await newUser(choice);
      await seed(ada);
      const { body } = await ada.exportCsv();
      expect(await ada.imported(body)).toEqual({ created: 0, skipped: 4, errors: [] });

      const twin = await newUser(choice);
      expect(await twin.imported(body)).toEqual({ created: 4, skipped: 0, errors: [] });
      expect((await twin.tasks()).map(dated).sort()).toEqual((await ada.tasks()).map(dated).sort());
    },
  );

  it("names the line of a 12-hour time that does not exist", async () => {
    const bob = await newUser({ date_order: "mdy", clock: "12h" });
    const result = await bob.imported(
      ["title,due_date", "Fine,12/10/2026 12:15 AM", "Bad,12/10/2026 13:15 PM"].join("\n"),
    );
    expect(result.created).toBe(1);
    expect(result.errors).toEqual([
      {
        line: 3,
        message:
          "due_date: '12/10/2026 13:15 PM' is not a date (2026-12-10 or 12/10/2026) or a date and time (2026-12-10 09:30)",
      },
    ]);
    // 12:15 AM is a quarter past midnight.
    expect((await bob.tasks())[0]?.due_date).toBe("2026-12-09T23:15:00.000Z");
  });
});
