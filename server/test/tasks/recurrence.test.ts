import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes, pathFor } from "@contract/routes";
import { taskJsonSchema, type CreateTaskRequest, type TaskJson } from "@contract/tasks";
import { createDatabase, migrateToLatest } from "../../src/db/database";
import {
  firstDueOnOrAfter,
  firstOccurrence,
  followingRecurrence,
  nextOccurrence,
  normaliseRecurrence,
  recurrenceProblem,
} from "../../src/lib/recurrence";
import { bearer, createTestApp, signUp, testClock, type TestApp, inlinedOpenApi } from "../helpers";
import { multipartFile } from "../transfer/multipart";

const TASKS = apiRoutes.listTasks.path;
const taskUrl = (id: string) => pathFor(apiRoutes.updateTask.path, { id });

describe("reading a rule", () => {
  it.each([
    ["FREQ=WEEKLY;BYDAY=MO", "FREQ=WEEKLY;BYDAY=MO"],
    ["RRULE:freq=monthly;bymonthday=15", "FREQ=MONTHLY;BYMONTHDAY=15"],
    ["FREQ=DAILY;INTERVAL=2", "FREQ=DAILY;INTERVAL=2"],
    ["FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"],
    ["FREQ=MONTHLY;BYDAY=-1FR", "FREQ=MONTHLY;BYDAY=-1FR"],
    ["FREQ=YEARLY;COUNT=3", "FREQ=YEARLY;COUNT=3"],
  ])("accepts %s, stored as %s", (rule, stored) => {
    expect(normaliseRecurrence(rule)).toBe(stored);
  });

  it.each([
    ["", "must be one RRULE value"],
    ["BYDAY=MO", "FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY"],
    ["FREQ=HOURLY", "FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY"],
    ["FREQ=WEEKLY;FOO=1", "Unknown RRULE property 'FOO'"],
    ["FREQ=WEEKLY;BYDAY=XX", "BYDAY must list"],
    ["FREQ=WEEKLY;INTERVAL=abc", "INTERVAL must be a whole number from 1 to 99"],
    ["FREQ=WEEKLY;INTERVAL=0", "INTERVAL must be a whole number"],
    ["FREQ=MONTHLY;BYMONTHDAY=32", "BYMONTHDAY must hold whole numbers from 1 to 31"],
    ["FREQ=DAILY;BYHOUR=9", "BYHOUR"],
    ["DTSTART:20260101T090000Z\nRRULE:FREQ=DAILY", "must be one RRULE value"],
    ["FREQ=WEEKLY;BYDAY=2MO", "BYDAY takes numbered days"],
    ["FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "the rule never gives a date"],
    // What ical.js steps wrongly.
    ["FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", "BYWEEKNO is not allowed with FREQ=YEARLY"],
    ["FREQ=YEARLY;BYDAY=MO;BYSETPOS=1", "BYSETPOS is not allowed with FREQ=YEARLY"],
    ["FREQ=MONTHLY;BYMONTH=3", "BYMONTH is not allowed with FREQ=MONTHLY"],
    ["FREQ=MONTHLY;BYMONTHDAY=1;BYSETPOS=1", "BYSETPOS needs BYDAY"],
    ["FREQ=WEEKLY;WKST=XX", "WKST must be MO, TU, WE, TH, FR, SA or SU"],
  ])("refuses %j: %s", (rule, message) => {
    expect(recurrenceProblem(rule, "2026-11-23T09:00:00.000Z")).toContain(`recurrence: ${message}`);
  });

  // The search for a first date is bounded (to the last due-date year), so a rule that can never
  // match ends with an answer; a search without that bound would run into the test's timeout.
  // How fast it answers belongs to the bench, not to a timed assertion here.
  it("answers, rather than searching forever, for a rule that can never match", () => {
    expect(recurrenceProblem("FREQ=MONTHLY;BYDAY=MO;BYSETPOS=6", "2026-11-23T09:00:00.000Z")).toBe(
      "recurrence: the rule never gives a date",
    );
  });

  it("needs a due date", () => {
    expect(recurrenceProblem("FREQ=DAILY", null)).toBe("recurrence: A repeating task needs a due date");
    expect(recurrenceProblem(null, null)).toBeUndefined();
  });
});

describe("the next occurrence", () => {
  it("keeps 09:00 in Berlin across the change to summer time (last Sunday of March)", () => {
    // Monday 23 March 2026 09:00 CET is 08:00 UTC; Monday 30 March 09:00 CEST is 07:00 UTC.
    expect(nextOccurrence("FREQ=WEEKLY;BYDAY=MO", "2026-03-23T08:00:00.000Z", "Europe/Berlin")).toBe(
      "2026-03-30T07:00:00.000Z",
    );
  });

  it("keeps 09:00 in Berlin across the change back to winter time (last Sunday of October)", () => {
    expect(nextOccurrence("FREQ=WEEKLY;BYDAY=MO", "2026-10-19T07:00:00.000Z", "Europe/Berlin")).toBe(
      "2026-10-26T08:00:00.000Z",
    );
  });

  it("keeps 09:00 in New York across its change to daylight time (second Sunday of March)", () => {
    // Friday 6 March 2026 09:00 EST is 14:00 UTC; Monday 9 March 09:00 EDT is 13:00 UTC.
    expect(
      nextOccurrence("FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", "2026-03-06T14:00:00.000Z", "America/New_York"),
    ).toBe("2026-03-09T13:00:00.000Z");
  });

  it("keeps 18:30 in New York across its change back to standard time (first Sunday of November)", () => {
    expect(nextOccurrence("FREQ=WEEKLY", "2026-10-30T22:30:00.000Z", "America/New_York")).toBe(
      "2026-11-06T23:30:00.000Z",
    );
  });

  it("keeps a task due all day due all day (the last millisecond of the local day)", () => {
    // Sunday 29 March 2026, all day in Berlin (CEST from that morning), weekly: 5 April, all day.
    expect(nextOccurrence("FREQ=WEEKLY", "2026-03-29T21:59:59.999Z", "Europe/Berlin")).toBe(
      "2026-04-05T21:59:59.999Z",
    );
    // Saturday 28 March 2026, still CET: next Saturday is in CEST.
    expect(nextOccurrence("FREQ=WEEKLY", "2026-03-28T22:59:59.999Z", "Europe/Berlin")).toBe(
      "2026-04-04T21:59:59.999Z",
    );
  });

  it("is strictly after the completed one's due date, by the rule's own days", () => {
    // Due Wednesday, rule Monday and Thursday: Thursday of the same week.
    expect(nextOccurrence("FREQ=WEEKLY;BYDAY=MO,TH", "2026-11-25T09:00:00.000Z", "UTC")).toBe(
      "2026-11-26T09:00:00.000Z",
    );
    expect(nextOccurrence("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", "2026-11-23T09:00:00.000Z", "UTC")).toBe(
      "2026-12-07T09:00:00.000Z",
    );
  });

  it("skips months without a 31st for a monthly rule from the 31st, as RFC 5545 says", () => {
    expect(nextOccurrence("FREQ=MONTHLY", "2026-01-31T10:00:00.000Z", "UTC")).toBe(
      "2026-03-31T10:00:00.000Z",
    );
    expect(nextOccurrence("FREQ=MONTHLY;BYMONTHDAY=31", "2026-03-31T10:00:00.000Z", "UTC")).toBe(
      "2026-05-31T10:00:00.000Z",
    );
  });

  it("takes the last day of each month with BYMONTHDAY=-1: 31st, then 28th, then 31st", () => {
    expect(nextOccurrence("FREQ=MONTHLY;BYMONTHDAY=-1", "2026-01-31T10:00:00.000Z", "UTC")).toBe(
      "2026-02-28T10:00:00.000Z",
    );
    expect(nextOccurrence("FREQ=MONTHLY;BYMONTHDAY=-1", "2026-02-28T10:00:00.000Z", "UTC")).toBe(
      "2026-03-31T10:00:00.000Z",
    );
    expect(nextOccurrence("FREQ=MONTHLY;BYMONTHDAY=-1", "2026-03-31T10:00:00.000Z", "UTC")).toBe(
      "2026-04-30T10:00:00.000Z",
    );
  });

  it("takes the 29th of February in a leap year, and the 30th otherwise, with BYMONTHDAY=-2 from the 30th", () => {
    expect(nextOccurrence("FREQ=MONTHLY;BYMONTHDAY=-2", "2028-01-30T10:00:00.000Z", "UTC")).toBe(
      "2028-02-28T10:00:00.000Z",
    );
  });

  it("repeats a yearly 29 February only in leap years, and skips 2100, which is not one", () => {
    expect(nextOccurrence("FREQ=YEARLY", "2024-02-29T10:00:00.000Z", "UTC")).toBe("2028-02-29T10:00:00.000Z");
    expect(nextOccurrence("FREQ=YEARLY", "2096-02-29T10:00:00.000Z", "UTC")).toBe("2104-02-29T10:00:00.000Z");
    expect(nextOccurrence("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1", "2027-02-28T10:00:00.000Z", "UTC")).toBe(
      "2028-02-29T10:00:00.000Z",
    );
  });

  it("has none once COUNT or UNTIL is reached, and lowers COUNT for the next task", () => {
    expect(nextOccurrence("FREQ=DAILY;COUNT=1", "2026-11-23T09:00:00.000Z", "UTC")).toBeNull();
    expect(nextOccurrence("FREQ=DAILY;COUNT=2", "2026-11-23T09:00:00.000Z", "UTC")).toBe(
      "2026-11-24T09:00:00.000Z",
    );
    expect(followingRecurrence("FREQ=DAILY;COUNT=2")).toBe("FREQ=DAILY;COUNT=1");
    expect(nextOccurrence("FREQ=WEEKLY;UNTIL=20261201T000000Z", "2026-11-23T09:00:00.000Z", "UTC")).toBe(
      "2026-11-30T09:00:00.000Z",
    );
    expect(
      nextOccurrence("FREQ=WEEKLY;UNTIL=20261201T000000Z", "2026-11-30T09:00:00.000Z", "UTC"),
    ).toBeNull();
  });

  it("counts only the rule's own dates, where ical.js alone would give others", () => {
    // ical.js gives DTSTART first whatever it is: a Saturday is no weekday.
    expect(
      firstDueOnOrAfter(
        "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR",
        "2026-11-21T09:00:00.000Z",
        "UTC",
        "2026-11-20T10:00:00.000Z",
      ),
    ).toBe("2026-11-23T09:00:00.000Z");
    // ical.js gives 1 March for the 29 February a year lacks.
    expect(nextOccurrence("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "2024-02-29T10:00:00.000Z", "UTC")).toBe(
      "2028-02-29T10:00:00.000Z",
    );
    // The last weekday of the month: ical.js starts on the first one, whatever BYSETPOS says.
    const lastWeekday = "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1";
    expect(nextOccurrence(lastWeekday, "2026-11-30T10:00:00.000Z", "UTC")).toBe("2026-12-31T10:00:00.000Z");
    expect(
      firstDueOnOrAfter(lastWeekday, "2026-12-01T10:00:00.000Z", "UTC", "2026-11-20T10:00:00.000Z"),
    ).toBe("2026-12-31T10:00:00.000Z");
  });

  it("has none for a stored rule this version refuses, so completing its task makes no next one", () => {
    expect(nextOccurrence("FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", "2026-05-11T10:00:00.000Z", "UTC")).toBeNull();
  });

  it("proposes the rule's first day from today, due at the end of that day, for a phrase without a date", () => {
    // Saturday 21 November 2026 in Berlin: "every Monday" is Monday the 23rd.
    const context = { timeZone: "Europe/Berlin", now: new Date("2026-11-21T10:00:00.000Z") };
    expect(firstOccurrence("FREQ=WEEKLY;BYDAY=MO", context)).toBe("2026-11-23T22:59:59.000Z");
    expect(firstOccurrence("FREQ=DAILY", context)).toBe("2026-11-21T22:59:59.000Z");
    expect(firstOccurrence("FREQ=MONTHLY;BYMONTHDAY=1", context)).toBe("2026-12-01T22:59:59.000Z");
  });
});

describe("repeating tasks through the API", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ clock: testClock("2026-03-20T10:00:00.000Z") });
  });
  afterAll(async () => t.close());

  async function newUser(timezone = "Europe/Berlin", app: TestApp = t) {
    const { token } = await signUp(app);
    const headers = bearer(token);
    const timezoneSet = await app.app.inject({
      method: "POST",
      url: apiRoutes.timezone.path,
      headers,
      payload: { timezone },
    });
    expect(timezoneSet.statusCode, timezoneSet.body).toBe(200);
    const call = (method: "GET" | "POST" | "PUT", url: string, payload?: unknown, on: TestApp = app) =>
      on.app.inject({
        method,
        url,
        headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    return {
      call,
      headers,
      async create(body: CreateTaskRequest): Promise<TaskJson> {
        const response = await call("POST", TASKS, body);
        expect(response.statusCode, response.body).toBe(201);
        return taskJsonSchema.strict().parse(response.json());
      },
      async list(): Promise<TaskJson[]> {
        const response = await call("GET", TASKS);
        expect(response.statusCode, response.body).toBe(200);
        return (response.json() as unknown[]).map((task) => taskJsonSchema.strict().parse(task));
      },
    };
  }

  const weekly = {
    title: "Team standup notes",
    description: "Send them to the team",
    priority: "high",
    tags: ["work", "weekly"],
    // Monday 23 March 2026, 09:00 in Berlin (CET)
    due_date: "2026-03-23T08:00:00.000Z",
    recurrence: "FREQ=WEEKLY;BYDAY=MO",
  } satisfies CreateTaskRequest;

  it("creates, reads and clears a rule; tasks without one say null", async () => {
    const user = await newUser();
    const plain = await user.create({ title: "Once" });
    expect(plain.recurrence).toBeNull();
    const repeating = await user.create({ ...weekly, recurrence: "rrule:freq=weekly;byday=mo" });
    expect(repeating.recurrence).toBe("FREQ=WEEKLY;BYDAY=MO");
    const changed = await user.call("PUT", taskUrl(repeating.id), {
      recurrence: "FREQ=MONTHLY;BYMONTHDAY=15",
    });
    expect(changed.json()).toMatchObject({ recurrence: "FREQ=MONTHLY;BYMONTHDAY=15" });
    const cleared = await user.call("PUT", taskUrl(repeating.id), { recurrence: null });
    expect(cleared.json()).toMatchObject({ recurrence: null });
    expect((await user.list()).map((task) => task.recurrence)).toEqual([null, null]);
  });

  describe("is first due on one of its rule's dates, wherever the rule is set", () => {
    // The clock: Friday 20 March 2026, 11:00 in Berlin. Monday 23 March 07:00 CET is 06:00 UTC.
    const monday7am = "2026-03-23T06:00:00.000Z";

    it("quick add: 'Gym every monday and thursday 7am' typed on a Friday is due Monday 07:00", async () => {
      const user = await newUser();
      const parsed = await user.call("POST", apiRoutes.parseTask.path, {
        text: "Gym every monday and thursday 7am",
      });
      expect(parsed.json()).toMatchObject({
        title: "Gym",
        recurrence: "FREQ=WEEKLY;BYDAY=MO,TH",
        due_date: monday7am,
      });
      const { title, recurrence, due_date } = parsed.json() as TaskJson;
      expect((await user.create({ title, recurrence, due_date })).due_date).toBe(monday7am);
    });

    it("the API: a date off the rule moves to the rule's next date, its reminder with it", async () => {
      const user = await newUser();
      const task = await user.create({
        title: "Gym",
        // Saturday 21 March 07:00 in Berlin, reminded 30 minutes ahead
        due_date: "2026-03-21T06:00:00.000Z",
        remind_at: "2026-03-21T05:30:00.000Z",
        recurrence: "FREQ=WEEKLY;BYDAY=MO,TH",
      });
      expect(task).toMatchObject({ due_date: monday7am, remind_at: "2026-03-23T05:30:00.000Z" });
    });

    it("the API: a date on the rule is kept, even a past one", async () => {
      const user = await newUser();
      // Monday 16 March 2026, 07:00 in Berlin: before the clock's Friday, overdue as the user chose.
      const due_date = "2026-03-16T06:00:00.000Z";
      const task = await user.create({ title: "Gym", due_date, recurrence: "FREQ=WEEKLY;BYDAY=MO,TH" });
      expect(task.due_date).toBe(due_date);
    });

    it("the API: setting a rule on a task moves its date onto the rule", async () => {
      const user = await newUser();
      const task = await user.create({ title: "Gym", due_date: "2026-03-21T06:00:00.000Z" });
      const changed = await user.call("PUT", taskUrl(task.id), { recurrence: "FREQ=WEEKLY;BYDAY=MO,TH" });
      expect(changed.json()).toMatchObject({ due_date: monday7am });
    });

    it("imports: Todoist's 'every sunday at 6pm' imported on a Friday is due that Sunday", async () => {
      const user = await newUser();
      const upload = multipartFile(
        [
          "TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT",
          "task,Water the plants,,1,1,Ann (123),,every sunday at 6pm,en,Europe/Berlin,,",
        ].join("\r\n"),
        "todoist.csv",
      );
      const imported = await t.app.inject({
        method: "POST",
        url: apiRoutes.importTasks.path,
        headers: { ...user.headers, ...upload.headers },
        payload: upload.payload,
      });
      expect(imported.json()).toMatchObject({ created: 1 });
      // Sunday 22 March 18:00 in Berlin (CET)
      expect((await user.list())[0]).toMatchObject({
        recurrence: "FREQ=WEEKLY;BYDAY=SU",
        due_date: "2026-03-22T17:00:00.000Z",
      });
    });
  });

  it("answers 400 naming the field for a rule it cannot read", async () => {
    const user = await newUser();
    for (const recurrence of [
      "FREQ=SOMETIMES",
      "every monday",
      "FREQ=WEEKLY;BYDAY=XX",
      "x".repeat(501),
      "FREQ=DAILY\u0000",
    ]) {
      const response = await user.call("POST", TASKS, { ...weekly, recurrence });
      expect(response.statusCode, recurrence).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/^recurrence/);
    }
    const task = await user.create({ ...weekly, recurrence: null });
    const response = await user.call("PUT", taskUrl(task.id), { recurrence: "FREQ=HOURLY" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "recurrence: FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY" });
    expect(await user.list()).toHaveLength(1);
  });

  it("answers 400 for a repeating task without a due date, or when its due date is cleared", async () => {
    const user = await newUser();
    const response = await user.call("POST", TASKS, { title: "Water the plants", recurrence: "FREQ=DAILY" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "recurrence: A repeating task needs a due date" });
    const task = await user.create(weekly);
    const cleared = await user.call("PUT", taskUrl(task.id), { due_date: null });
    expect(cleared.statusCode).toBe(400);
    const undated = await user.create({ title: "Someday" });
    expect((await user.call("PUT", taskUrl(undated.id), { recurrence: "FREQ=DAILY" })).statusCode).toBe(400);
    // Clearing both at once is fine.
    expect((await user.call("PUT", taskUrl(task.id), { due_date: null, recurrence: null })).statusCode).toBe(
      200,
    );
  });

  it("keeps the completed task and creates the next one: same fields, pending, due next Monday 09:00 local", async () => {
    const user = await newUser();
    const task = await user.create(weekly);
    const completed = await user.call("PUT", taskUrl(task.id), { status: "completed" });
    expect(completed.statusCode).toBe(200);
    expect(completed.json()).toMatchObject({ id: task.id, status: "completed", due_date: weekly.due_date });
    const tasks = await user.list();
    expect(tasks).toHaveLength(2);
    const next = tasks.find((candidate) => candidate.id !== task.id);
    expect(next).toMatchObject({
      title: weekly.title,
      description: weekly.description,
      priority: "high",
      tags: ["work", "weekly"],
      recurrence: "FREQ=WEEKLY;BYDAY=MO",
      status: "pending",
      completed_at: null,
      source: { type: "Manual" },
      // 30 March 2026 is in summer time: 09:00 CEST is 07:00 UTC.
      due_date: "2026-03-30T07:00:00.000Z",
    });
  });

  it("computes the next date in the user's own timezone (New York)", async () => {
    const user = await newUser("America/New_York");
    // Friday 6 March 2026, 09:00 EST; every weekday.
    const task = await user.create({
      title: "Check the mail",
      due_date: "2026-03-06T14:00:00.000Z",
      recurrence: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
    });
    await user.call("PUT", taskUrl(task.id), { status: "completed" });
    const next = (await user.list()).find((candidate) => candidate.status === "pending");
    expect(next?.due_date).toBe("2026-03-09T13:00:00.000Z");
  });

  it("does not delete the next one when un-completed, nor make a second one when completed again", async () => {
    const user = await newUser();
    const task = await user.create(weekly);
    await user.call("PUT", taskUrl(task.id), { status: "completed" });
    const reopened = await user.call("PUT", taskUrl(task.id), { status: "pending" });
    expect(reopened.json()).toMatchObject({ status: "pending", completed_at: null });
    expect(await user.list()).toHaveLength(2);
    await user.call("PUT", taskUrl(task.id), { status: "completed" });
    const tasks = await user.list();
    expect(tasks).toHaveLength(2);
    expect(tasks.filter((candidate) => candidate.due_date === "2026-03-30T07:00:00.000Z")).toHaveLength(1);
  });

  it("creates the next one from the whole edit when the dialog saves fields and the status together", async () => {
    const user = await newUser();
    const task = await user.create(weekly);
    await user.call("PUT", taskUrl(task.id), {
      title: "Standup notes",
      due_date: "2026-03-24T08:00:00.000Z",
      recurrence: "FREQ=WEEKLY;BYDAY=TU",
      status: "completed",
    });
    const next = (await user.list()).find((candidate) => candidate.status === "pending");
    expect(next).toMatchObject({ title: "Standup notes", due_date: "2026-03-31T07:00:00.000Z" });
  });

  it("creates nothing more once the rule is over, nor for cancelling", async () => {
    const user = await newUser();
    const last = await user.create({ ...weekly, recurrence: "FREQ=WEEKLY;COUNT=1" });
    await user.call("PUT", taskUrl(last.id), { status: "completed" });
    const cancelled = await user.create(weekly);
    await user.call("PUT", taskUrl(cancelled.id), { status: "cancelled" });
    expect(await user.list()).toHaveLength(2);
  });

  it("documents the field in the OpenAPI description of the task and its create and update bodies", async () => {
    const doc = await inlinedOpenApi<{
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: unknown }>>;
    }>(t);
    const createCall = JSON.stringify(doc.paths["/api/v1/tasks"]?.post);
    const updateCall = JSON.stringify(doc.paths["/api/v1/tasks/{id}"]?.put);
    for (const call of [createCall, updateCall]) {
      expect(call).toContain('"recurrence"');
      expect(call).toContain("RFC 5545 RRULE");
    }
  });

  it("makes exactly one next occurrence when the same task is completed by many requests at once", async () => {
    const user = await newUser();
    const task = await user.create(weekly);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => user.call("PUT", taskUrl(task.id), { status: "completed" })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    const tasks = await user.list();
    expect(tasks).toHaveLength(2);
    expect(tasks.filter((candidate) => candidate.status === "pending")).toHaveLength(1);
  });

  it("makes exactly one when two server instances on one database complete it at once", async () => {
    // On PostgreSQL a second app with its own connection pool is a second instance; the in-memory
    // SQLite of the other tests is private to one connection, so SQLite gets a shared file.
    const databaseUrl = process.env.TEST_DATABASE_URL;
    const dir = mkdtempSync(path.join(tmpdir(), "tasklane-recurrence-"));
    const file = path.join(dir, "tasklane.sqlite");
    const open = async () => {
      const db = createDatabase({ databaseUrl, sqlitePath: file });
      await migrateToLatest(db);
      return db;
    };
    const first = await createTestApp({ db: await open(), clock: t.clock });
    const second = await createTestApp({ db: await open(), clock: t.clock });
    try {
      const user = await newUser("Europe/Berlin", first);
      const task = await user.create(weekly);
      const answers = await Promise.all(
        [first, second, first, second].map((app) =>
          user.call("PUT", taskUrl(task.id), { status: "completed" }, app),
        ),
      );
      expect(answers.filter((answer) => answer.statusCode === 200).length).toBeGreaterThanOrEqual(1);
      const tasks = await user.list();
      expect(tasks).toHaveLength(2);
      expect(tasks.map((candidate) => candidate.status).sort()).toEqual(["completed", "pending"]);
    } finally {
      await first.close();
      await second.close();
      await first.deps.db.destroy();
      await second.deps.db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
