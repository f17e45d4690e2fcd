import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "@contract/routes";
import { importResultSchema, type ImportResult } from "@contract/transfer";
import type { TaskJson } from "@contract/tasks";
import { bearer, createTestApp, signUp, type TestApp } from "../helpers";
import { multipartFile } from "./multipart";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set("2026-12-02T10:00:00.000Z");
});
afterAll(async () => t.close());

/** A Berlin user who chose `date_order` in Settings, importing `csv`. */
async function importAs(dateOrder: "dmy" | "mdy" | "ymd", csv: string) {
  const { token } = await signUp(t);
  const headers = bearer(token);
  await t.app.inject({
    method: "POST",
    url: apiRoutes.timezone.path,
    headers,
    payload: { timezone: "Europe/Berlin" },
  });
  const saved = await t.app.inject({
    method: "PUT",
    url: apiRoutes.settings.path,
    headers,
    payload: { date_order: dateOrder },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const upload = multipartFile(csv, "sheet.csv");
  const response = await t.app.inject({
    method: "POST",
    url: apiRoutes.importTasks.path,
    headers: { ...headers, ...upload.headers },
    payload: upload.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  const result: ImportResult = importResultSchema.strict().parse(response.json());
  const list = await t.app.inject({ method: "GET", url: apiRoutes.listTasks.path, headers });
  const due = Object.fromEntries((list.json() as TaskJson[]).map((task) => [task.title, task.due_date]));
  return { result, due };
}

const CSV = ["title,due_date", "Day first,10/12/2026", "With a time,10/12/2026 09:30", "ISO,2026-12-10"].join(
  "\n",
);

describe("a CSV's numeric dates in the user's date format", () => {
  it("reads 10/12/2026 as 10 December for a day-first user, all day or at the time given", async () => {
    const { result, due } = await importAs("dmy", CSV);
    expect(result).toMatchObject({ created: 3, errors: [] });
    expect(due).toEqual({
      // Berlin is UTC+1 in December: the day ends at 22:59:59 UTC.
      "Day first": "2026-12-10T22:59:59.000Z",
      "With a time": "2026-12-10T08:30:00.000Z",
      ISO: "2026-12-10T22:59:59.000Z",
    });
  });

  it("reads it as 12 October for a month-first user", async () => {
    const { due } = await importAs("mdy", CSV);
    expect(due["Day first"]).toBe("2026-10-12T21:59:59.000Z");
  });

  it("says on which line a date is not in the user's format, and how to write one", async () => {
    const { result } = await importAs("dmy", ["title,due_date", "Wrong,31/31/2026"].join("\n"));
    expect(result.errors).toEqual([
      {
        line: 2,
        message:
          "due_date: '31/31/2026' is not a date (2026-12-10 or 10/12/2026) or a date and time (2026-12-10 09:30)",
      },
    ]);
  });
});
