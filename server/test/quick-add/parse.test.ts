import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "@contract/routes";
import { parseTaskResponseSchema, type ParseTaskResponse } from "@contract/quick-add";
import { bearer, createTestApp, signUp, type TestApp } from "../helpers";

const PARSE = apiRoutes.parseTask.path;
let t: TestApp;
let headers: { authorization: string };

beforeAll(async () => {
  // Saturday 21 November 2026, 11:00 in Berlin
  t = await createTestApp();
  t.clock.set("2026-11-21T10:00:00.000Z");
  const { token } = await signUp(t);
  headers = bearer(token);
  const zone = await t.app.inject({
    method: "POST",
    url: apiRoutes.timezone.path,
    headers,
    payload: { timezone: "Europe/Berlin" },
  });
  expect(zone.statusCode, zone.body).toBe(200);
});
afterAll(async () => t.close());

async function parse(text: string, timezone?: string): Promise<ParseTaskResponse> {
  const response = await t.app.inject({
    method: "POST",
    url: PARSE,
    headers,
    payload: { text, ...(timezone ? { timezone } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return parseTaskResponseSchema.strict().parse(response.json());
}

/** The text each span covers, with its kind. */
function spanTexts(text: string, result: ParseTaskResponse): string[] {
  return result.spans.map((span) => `${span.kind}:${text.slice(span.start, span.end)}`);
}

describe("POST /api/v1/tasks/parse", () => {
  it("reads the issue's example into title, due date, tags, priority and recurrence, with spans", async () => {
    const text = "Call the dentist tomorrow 9am #health !high every 6 months";
    const result = await parse(text);
    expect(result).toMatchObject({
      title: "Call the dentist",
      priority: "high",
      // 9:00 in Berlin (UTC+1) on Sunday 22 November
      due_date: "2026-11-22T08:00:00.000Z",
      tags: ["health"],
      recurrence: "FREQ=MONTHLY;INTERVAL=6",
    });
    expect(spanTexts(text, result)).toEqual([
      "date:tomorrow 9am",
      "tag:#health",
      "priority:!high",
      "recurrence:every 6 months",
    ]);
  });

  it("reads dates in the user's timezone unless one is given", async () => {
    expect((await parse("Report tomorrow 9am")).due_date).toBe("2026-11-22T08:00:00.000Z");
    expect((await parse("Report tomorrow 9am", "America/New_York")).due_date).toBe(
      "2026-11-22T14:00:00.000Z",
    );
  });

  it("makes a day without a time due at the end of that day, with its connector word", async () => {
    const text = "Send the report by nov 30";
    const result = await parse(text);
    expect(result.title).toBe("Send the report");
    expect(result.due_date).toBe("2026-11-30T22:59:59.000Z");
    expect(spanTexts(text, result)).toEqual(["date:by nov 30"]);
  });

  it.each([
    ["!low", "low"],
    ["!medium", "medium"],
    ["!high", "high"],
    ["!urgent", "urgent"],
    ["p1", "urgent"],
    ["p2", "high"],
    ["p3", "medium"],
    ["p4", "low"],
  ])("reads %s as priority %s", async (token, priority) => {
    const result = await parse(`Water the plants ${token}`);
    expect(result.priority).toBe(priority);
    expect(result.title).toBe("Water the plants");
  });

  it("leaves the priority null when none is named, and keeps p5 and !later as words", async () => {
    const result = await parse("Fix p5 bug !later");
    expect(result.priority).toBeNull();
    expect(result.title).toBe("Fix p5 bug !later");
    expect(result.spans).toEqual([]);
  });

  it("collects #tags once each", async () => {
    const result = await parse("Plan trip #travel #Family #travel");
    expect(result.tags).toEqual(["travel", "Family"]);
    expect(result.title).toBe("Plan trip");
  });

  it("keeps a phrase in quotes as title text, without the quote marks", async () => {
    const text = 'Read "The 5th Wave by friday" tomorrow';
    const result = await parse(text);
    expect(result.title).toBe("Read The 5th Wave by friday");
    expect(spanTexts(text, result)).toEqual(["date:tomorrow"]);
    expect(result.due_date).toBe("2026-11-22T22:59:59.000Z");
  });

  it("keeps a date in quotes as words: no due date at all", async () => {
    const result = await parse('Renovation "next friday" #home');
    expect(result).toMatchObject({ title: "Renovation next friday", due_date: null, tags: ["home"] });
  });

  it("leaves titles with ordinals as they are", async () => {
    for (const title of ["Watch The 5th Wave", "Renovation – 2nd Floor Bath"]) {
      const result = await parse(title);
      expect(result).toMatchObject({ title, due_date: null, spans: [] });
    }
  });

  it.each([
    ["every day", "FREQ=DAILY"],
    ["daily", "FREQ=DAILY"],
    ["weekly", "FREQ=WEEKLY"],
    ["every other week", "FREQ=WEEKLY;INTERVAL=2"],
    ["every 3 days", "FREQ=DAILY;INTERVAL=3"],
    ["every two years", "FREQ=YEARLY;INTERVAL=2"],
    ["every monday and thursday", "FREQ=WEEKLY;BYDAY=MO,TH"],
    ["every weekday", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"],
    ["monthly", "FREQ=MONTHLY"],
    ["annually", "FREQ=YEARLY"],
  ])("reads '%s' as the RRULE %s", async (phrase, rule) => {
    const result = await parse(`Water the plants ${phrase}`);
    expect(result.recurrence).toBe(rule);
    expect(result.title).toBe("Water the plants");
  });

  it.each([
    ["every monday", "FREQ=WEEKLY;BYDAY=MO", "2026-11-23T22:59:59.000Z"],
    ["every other week", "FREQ=WEEKLY;INTERVAL=2", "2026-11-21T22:59:59.000Z"],
    ["each month on the 1st", "FREQ=MONTHLY;BYMONTHDAY=1", "2026-12-01T22:59:59.000Z"],
  ])("gives '%s' (%s) without a date its first day as the due date", async (phrase, rule, dueDate) => {
    const result = await parse(`Water the plants ${phrase}`);
    expect(result).toMatchObject({ title: "Water the plants", recurrence: rule, due_date: dueDate });
  });

  it("keeps the date typed as the first due date of a repeating task", async () => {
    const result = await parse("Standup notes every monday starting dec 7 9am");
    expect(result.recurrence).toBe("FREQ=WEEKLY;BYDAY=MO");
    expect(result.due_date).toBe("2026-12-07T08:00:00.000Z");
  });

  it.each(["Treffen am 5. Mai", "Fiesta el 3 de marzo", "Rapport du 12 janvier", "Termin 3. März"])(
    "leaves the non-English month name in '%s' alone",
    async (text) => {
      const result = await parse(text);
      expect(result).toMatchObject({ title: text, due_date: null, spans: [] });
    },
  );

  it("answers 400 for an unknown timezone and 401 without a token", async () => {
    const badZone = await t.app.inject({
      method: "POST",
      url: PARSE,
      headers,
      payload: { text: "x", timezone: "Mars/Olympus" },
    });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().message).toMatch(/time-zone/i);
    const anonymous = await t.app.inject({ method: "POST", url: PARSE, payload: { text: "x" } });
    expect(anonymous.statusCode).toBe(401);
  });

  it("reads 'at 3' as 15:00 and keeps a date no task may carry as title words", async () => {
    // Saturday 11:00 in Berlin: 15:00 is still ahead today.
    expect(await parse("Review PR at 3")).toMatchObject({
      title: "Review PR",
      due_date: "2026-11-21T14:00:00.000Z",
    });
    expect(await parse("Time capsule opening on Jan 1 10000")).toMatchObject({
      title: "Time capsule opening on Jan 1 10000",
      due_date: null,
    });
  });

  it("keeps a link's date-like path whole and reads 'eod' and '@ 10:30'", async () => {
    const link = "Read https://example.com/2024/05/17/notes eod";
    const result = await parse(link);
    expect(result.title).toBe("Read https://example.com/2024/05/17/notes");
    // The end of Saturday in Berlin
    expect(result.due_date).toBe("2026-11-21T22:59:59.000Z");
    expect(spanTexts(link, result)).toEqual(["date:eod"]);
    expect(await parse("Standup @ 10:30 tomorrow")).toMatchObject({
      title: "Standup",
      due_date: "2026-11-22T09:30:00.000Z",
    });
  });

  it("answers 400 with a message for text that is too long or not text", async () => {
    for (const payload of [{ text: "a".repeat(1001) }, { text: 42 }, {}]) {
      const response = await t.app.inject({ method: "POST", url: PARSE, headers, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });
});

describe("POST /api/v1/tasks/parse with the user's date format", () => {
  async function parseAs(dateOrder: "dmy" | "mdy" | "ymd", text: string): Promise<ParseTaskResponse> {
    const saved = await t.app.inject({
      method: "PUT",
      url: apiRoutes.settings.path,
      headers,
      payload: { date_order: dateOrder },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return parse(text);
  }

  it("reads 12/03 as 12 March for a day-first user and as 3 December for a month-first one", async () => {
    const dayFirst = await parseAs("dmy", "Team lunch on 12/03 at 1pm");
    // 13:00 in Berlin (UTC+1) on Friday 12 March 2027, the next 12 March
    expect(dayFirst).toMatchObject({ title: "Team lunch", due_date: "2027-03-12T12:00:00.000Z" });
    const monthFirst = await parseAs("mdy", "Team lunch on 12/03 at 1pm");
    expect(monthFirst).toMatchObject({ title: "Team lunch", due_date: "2026-12-03T12:00:00.000Z" });
    const yearFirst = await parseAs("ymd", "Team lunch on 12/03 at 1pm");
    expect(yearFirst.due_date).toBe("2026-12-03T12:00:00.000Z");
  });
});
