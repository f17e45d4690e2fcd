import { parse as parseCsv } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "@contract/routes";
import { taskJsonSchema, type CreateTaskRequest, type TaskJson } from "@contract/tasks";
import { importResultSchema, tasklaneExportSchema, type ImportResult } from "@contract/transfer";
import { bearer, createTestApp, signUp, type TestApp } from "../helpers";
import { multipartFile } from "./multipart";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set("2026-11-21T10:00:00.000Z");
});
afterAll(async () => t.close());

async function newUser(timezone = "Europe/Berlin") {
  const { token } = await signUp(t);
  const headers = bearer(token);
  await t.app.inject({ method: "POST", url: apiRoutes.timezone.path, headers, payload: { timezone } });
  return {
    headers,
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
    async exportAs(format: string) {
      return t.app.inject({ method: "GET", url: apiRoutes.exportTasks.path, headers, query: { format } });
    },
    async importFile(content: string | Buffer, filename?: string) {
      const upload = multipartFile(content, filename);
      return t.app.inject({
        method: "POST",
        url: apiRoutes.importTasks.path,
        headers: { ...headers, ...upload.headers },
        payload: upload.payload,
      });
    },
    async imported(content: string, filename?: string): Promise<ImportResult> {
      const response = await this.importFile(content, filename);
      expect(response.statusCode, response.body).toBe(200);
      return importResultSchema.strict().parse(response.json());
    },
  };
}
type User = Awaited<ReturnType<typeof newUser>>;

/** What a task is to its owner, without ids and timestamps. */
const visible = (task: TaskJson) => ({
  title: task.title,
  description: task.description,
  status: task.status,
  priority: task.priority,
  due_date: task.due_date,
  tags: task.tags,
  source: task.source,
});
const byTitle = (a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title);

async function seed(user: User) {
  await user.create({
    title: 'Call the dentist, "Dr. Who"',
    description: "Line one\nLine two, with comma",
    priority: "urgent",
    due_date: "2026-11-25T08:00:00.000Z",
    tags: ["health", "with space"],
  });
  await user.create({ title: "Plan the trip", priority: "low", tags: ["@home"], status: "in_progress" });
  await user.create({
    title: "Old report",
    status: "completed",
    priority: "high",
    due_date: "2026-11-20T22:59:59.000Z",
  });
  await user.create({ title: "Dropped idea", status: "cancelled", source: { type: "Llm", origin: "email" } });
}

describe("GET /api/v1/export", () => {
  it("downloads every task as Tasklane JSON that restores them into a new account", async () => {
    const alice = await newUser();
    await seed(alice);
    const response = await alice.exportAs("json");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="tasklane-tasks-2026-11-21\.json"$/,
    );
    const document = tasklaneExportSchema.parse(response.json());
    expect(document.tasks.map(visible).sort(byTitle)).toEqual(
      (await alice.tasks()).map(visible).sort(byTitle),
    );

    const bob = await newUser();
    expect(await bob.imported(response.body, "export.json")).toEqual({ created: 4, skipped: 0, errors: [] });
    expect((await bob.tasks()).map(visible).sort(byTitle)).toEqual(
      (await alice.tasks()).map(visible).sort(byTitle),
    );
  });

  it("writes RFC 4180 CSV with a header row, and the CSV restores the same tasks", async () => {
    const alice = await newUser();
    await seed(alice);
    const response = await alice.exportAs("csv");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/csv/);
    const rows = parseCsv(response.body, { columns: true }) as Record<string, string>[];
    expect(response.body.split("\r\n")[0]).toBe(
      "id,title,description,status,priority,due_date,tags,source_type,source_origin,source_filename,created_at,updated_at,completed_at,recurrence,duration_minutes,scheduled_start,project,parent_id,position",
    );
    expect(rows.map((row) => row.title).sort()).toEqual([
      'Call the dentist, "Dr. Who"',
      "Dropped idea",
      "Old report",
      "Plan the trip",
    ]);

    const bob = await newUser();
    expect(await bob.imported(response.body, "tasks.csv")).toEqual({ created: 4, skipped: 0, errors: [] });
    expect((await bob.tasks()).map(visible).sort(byTitle)).toEqual(
      (await alice.tasks()).map(visible).sort(byTitle),
    );
  });

  it("writes a cell that a spreadsheet would run as a formula as text, and reads it back as written", async () => {
    const alice = await newUser();
    const titles = ['=HYPERLINK("http://evil.example","x")', "+SUM(1,2)", "-10 push-ups", "@cmd", "Plain"];
    for (const title of titles) await alice.create({ title, description: "=1+1" });
    const response = await alice.exportAs("csv");
    const rows = parseCsv(response.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.title).sort()).toEqual(
      ['\'=HYPERLINK("http://evil.example","x")', "'+SUM(1,2)", "'-10 push-ups", "'@cmd", "Plain"].sort(),
    );
    expect(new Set(rows.map((row) => row.description))).toEqual(new Set(["'=1+1"]));

    const bob = await newUser();
    expect(await bob.imported(response.body, "tasks.csv")).toMatchObject({ created: 5, errors: [] });
    const restored = await bob.tasks();
    expect(restored.map((task) => task.title).sort()).toEqual([...titles].sort());
    expect(new Set(restored.map((task) => task.description))).toEqual(new Set(["=1+1"]));
  });

  it("writes todo.txt by its rules, and reads it back", async () => {
    const alice = await newUser();
    await seed(alice);
    const response = await alice.exportAs("todotxt");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    const lines = response.body.trim().split("\n").sort();
    expect(lines).toEqual([
      '(A) 2026-11-21 Call the dentist, "Dr. Who" due:2026-11-25 #health #with_space',
      "(C) 2026-11-21 Dropped idea status:cancelled",
      "(D) 2026-11-21 Plan the trip @home status:in_progress",
      "x 2026-11-21 2026-11-21 Old report due:2026-11-20 pri:B",
    ]);

    const bob = await newUser();
    expect(await bob.imported(response.body, "todo.txt")).toEqual({ created: 4, skipped: 0, errors: [] });
    const restored = (await bob.tasks()).sort(byTitle);
    expect(restored.map((task) => [task.title, task.status, task.priority, task.tags])).toEqual([
      ['Call the dentist, "Dr. Who"', "pending", "urgent", ["health", "with_space"]],
      ["Dropped idea", "cancelled", "medium", []],
      ["Old report", "completed", "high", []],
      ["Plan the trip", "in_progress", "low", ["@home"]],
    ]);
    // A todo.txt date is a calendar day: due at its end where the user lives (Berlin, UTC+1).
    expect(restored[0]?.due_date).toBe("2026-11-25T22:59:59.000Z");
  });

  it("answers 400 for an unknown format and 401 without a token", async () => {
    const alice = await newUser();
    const bad = await alice.exportAs("xml");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/format/);
    const anonymous = await t.app.inject({ method: "GET", url: apiRoutes.exportTasks.path });
    expect(anonymous.statusCode).toBe(401);
  });

  it("exports only the signed-in user's tasks", async () => {
    const alice = await newUser();
    const bob = await newUser();
    await alice.create({ title: "Alice's secret" });
    const response = await bob.exportAs("json");
    expect(tasklaneExportSchema.parse(response.json()).tasks).toEqual([]);
  });
});

describe("POST /api/v1/import", () => {
  const TODOIST_CSV = [
    "TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT",
    "section,Errands,,,,,,,,,,",
    "task,Buy milk @shopping,From the corner shop,1,1,Ann (123),,tomorrow,en,Europe/Berlin,,",
    'task,"Pay rent, flat 2",,4,1,Ann (123),,every month,en,,,',
    "note,Remember the receipt,,,,,,,,,,",
    "task,Book flights @travel @family,,2,1,Ann (123),,Dec 3 2026 5pm,en,America/New_York,,",
    ",,,,,,,,,,,",
  ].join("\r\n");

  it("imports Todoist's CSV export: tasks only, labels as tags, its priorities and dates", async () => {
    const alice = await newUser();
    expect(await alice.imported(TODOIST_CSV, "todoist.csv")).toEqual({ created: 3, skipped: 0, errors: [] });
    const tasks = (await alice.tasks()).sort(byTitle);
    expect(
      tasks.map((task) => [
        task.title,
        task.priority,
        task.tags,
        task.due_date,
        task.description,
        task.recurrence,
      ]),
    ).toEqual([
      ["Book flights", "high", ["travel", "family"], "2026-12-03T22:00:00.000Z", null, null],
      ["Buy milk", "urgent", ["shopping"], "2026-11-22T22:59:59.000Z", "From the corner shop", null],
      // A repeating date is due on the rule's first day (today, 21 November, in the user's zone).
      // The note under it is its description.
      ["Pay rent, flat 2", "low", [], "2026-11-21T22:59:59.000Z", "Remember the receipt", "FREQ=MONTHLY"],
    ]);
    expect(tasks[0]?.source).toEqual({ type: "Document", origin: "import", filename: "todoist.csv" });
  });

  it("creates nothing new when the same file is imported twice", async () => {
    const alice = await newUser();
    expect((await alice.imported(TODOIST_CSV)).created).toBe(3);
    expect(await alice.imported(TODOIST_CSV)).toEqual({ created: 0, skipped: 3, errors: [] });
    expect(await alice.tasks()).toHaveLength(3);
    // Another user importing the same file gets their own tasks.
    const bob = await newUser();
    expect((await bob.imported(TODOIST_CSV)).created).toBe(3);
  });

  it("skips a task that appears twice in one file", async () => {
    const alice = await newUser();
    expect(await alice.imported("(A) Same thing\n(A) Same thing\n(B) Other thing\n")).toEqual({
      created: 2,
      skipped: 1,
      errors: [],
    });
  });

  it("reports a malformed todo.txt line and imports the others whole", async () => {
    const alice = await newUser();
    const result = await alice.imported(
      "(A) First +work\n\n(B) Broken due:2026-13-45 +work\nx 2026-11-01 Third\n(C) +onlytags\n",
    );
    expect(result).toEqual({
      created: 2,
      skipped: 0,
      errors: [
        { line: 3, message: "due: '2026-13-45' is not a date (YYYY-MM-DD)" },
        { line: 5, message: "Title is required" },
      ],
    });
    expect((await alice.tasks()).map((task) => task.title).sort()).toEqual(["First", "Third"]);
  });

  it("reports a malformed Tasklane CSV line: wrong field count, bad priority, broken quote", async () => {
    const alice = await newUser();
    const csv = [
      "title,priority,due_date,tags",
      'Good one,high,2026-12-01T09:00:00.000Z,"[""a""]"',
      "Too many,low,,,extra",
      "Bad priority,soon,,",
      "Bad date,low,not-a-date,",
      'Another good,,,"x, y"',
      '"Never closed,low,,',
    ].join("\n");
    const result = await alice.imported(csv, "mine.csv");
    expect(result.created).toBe(2);
    expect(result.errors).toEqual([
      { line: 3, message: "Expected 4 fields like the header, found 5" },
      { line: 4, message: expect.stringMatching(/^priority: /) },
      { line: 5, message: expect.stringMatching(/^due_date: /) },
      { line: 7, message: "A quoted field is never closed" },
    ]);
    const tasks = (await alice.tasks()).sort(byTitle);
    expect(tasks.map((task) => [task.title, task.priority, task.tags])).toEqual([
      ["Another good", "medium", ["x", "y"]],
      ["Good one", "high", ["a"]],
    ]);
  });

  it("reads a CSV's plain dates as all-day and its times without a zone where the user lives", async () => {
    const alice = await newUser("Europe/Berlin");
    const csv = [
      "title,due_date",
      "All day,2026-12-10",
      "Morning,2026-12-10 09:30",
      "With seconds,2026-12-10T18:00:05",
      "Exact,2026-12-10T09:00:00.000Z",
      "No date,",
      "Written out,12/10/2026",
      "Not a day,2026-02-30",
      "Not a time,2026-12-10 25:00",
    ].join("\n");
    const result = await alice.imported(csv, "sheet.csv");
    const message = (value: string) =>
      `due_date: '${value}' is not a date (2026-12-10) or a date and time (2026-12-10 09:30)`;
    expect(result).toEqual({
      created: 5,
      skipped: 0,
      errors: [
        { line: 7, message: message("12/10/2026") },
        { line: 8, message: message("2026-02-30") },
        { line: 9, message: message("2026-12-10 25:00") },
      ],
    });
    const due = Object.fromEntries((await alice.tasks()).map((task) => [task.title, task.due_date]));
    expect(due).toEqual({
      // Berlin is UTC+1 in December: the day ends at 22:59:59 UTC.
      "All day": "2026-12-10T22:59:59.000Z",
      Morning: "2026-12-10T08:30:00.000Z",
      "With seconds": "2026-12-10T17:00:05.000Z",
      Exact: "2026-12-10T09:00:00.000Z",
      "No date": null,
    });
  });

  it("adds Todoist's notes to the description of the task above, and reports the rows it skipped", async () => {
    const alice = await newUser();
    const csv = [
      "TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE",
      "note,A comment on the project,,,,,,,,",
      "section,Home,,,,,,,,",
      "task,Fix the tap,Kitchen,3,1,,,,en,",
      "note,Washer size 1/2 inch,,,,,,,,",
      'note,"Plumber: 555-0100",,,,,,,,',
      "task,Paint the door,,3,1,,,,en,",
      "label,Someday,,,,,,,,",
      ",,,,,,,,,",
    ].join("\n");
    const result = await alice.imported(csv);
    expect(result).toEqual({
      created: 2,
      skipped: 0,
      errors: [
        { line: 2, message: "note: skipped, no task above it to add it to" },
        { line: 8, message: "type: skipped, 'label' is not task, section or note" },
      ],
    });
    const tasks = (await alice.tasks()).sort(byTitle);
    expect(tasks.map((task) => [task.title, task.description])).toEqual([
      ["Fix the tap", "Kitchen\n\nWasher size 1/2 inch\n\nPlumber: 555-0100"],
      ["Paint the door", null],
    ]);
  });

  it("reports a malformed Todoist line", async () => {
    const alice = await newUser();
    const csv = [
      "TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE",
      "task,Fine task,,3,1,,,,en,",
      "task,Bad priority,,9,1,,,,en,",
      "task,Bad date,,2,1,,,sometime soonish,en,",
      "task,,,2,1,,,,en,",
    ].join("\n");
    const result = await alice.imported(csv);
    expect(result).toEqual({
      created: 1,
      skipped: 0,
      errors: [
        { line: 3, message: "priority: '9' is not 1, 2, 3 or 4" },
        { line: 4, message: "date: cannot read 'sometime soonish'" },
        { line: 5, message: "Title is required" },
      ],
    });
  });

  it("reports a malformed entry of Tasklane JSON by its position", async () => {
    const alice = await newUser();
    const json = JSON.stringify({
      format: "tasklane",
      version: 1,
      exported_at: "2026-11-21T10:00:00.000Z",
      tasks: [{ title: "Fine" }, { title: "" }, "not a task", { title: "Bad status", status: "someday" }],
    });
    const result = await alice.imported(json);
    expect(result).toEqual({
      created: 1,
      skipped: 0,
      errors: [
        { line: 2, message: "Title is required" },
        { line: 3, message: "A task must be an object" },
        { line: 4, message: expect.stringMatching(/^Status must be one of/) },
      ],
    });
  });

  it("reports JSON that cannot be read at all", async () => {
    const alice = await newUser();
    const result = await alice.imported('{"tasks": [ {"title": "x" ');
    expect(result.created).toBe(0);
    expect(result.errors).toEqual([
      { line: 1, message: expect.stringMatching(/^The file is not valid JSON/) },
    ]);
  });

  it("answers 413 for a file over 5 MB, 400 without a file or for a binary file, 401 without a token", async () => {
    const alice = await newUser();
    const big = await alice.importFile(Buffer.alloc(5 * 1024 * 1024 + 10, "a"));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe("The file is larger than 5 MB");

    const binary = await alice.importFile(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]));
    expect(binary.statusCode).toBe(400);
    expect(binary.json().message).toBe("The file is not a text file");

    const noFile = await t.app.inject({
      method: "POST",
      url: apiRoutes.importTasks.path,
      headers: { ...alice.headers, "content-type": "application/json" },
      payload: { tasks: [] },
    });
    expect(noFile.statusCode).toBeGreaterThanOrEqual(400);
    expect(noFile.statusCode).toBeLessThan(500);
    expect(noFile.json().message).toEqual(expect.any(String));

    const upload = multipartFile("(A) x");
    const anonymous = await t.app.inject({
      method: "POST",
      url: apiRoutes.importTasks.path,
      headers: upload.headers,
      payload: upload.payload,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("accepts a file of almost 5 MB", async () => {
    const alice = await newUser();
    const line = "(C) Read chapter +books\n";
    const content = line.repeat(Math.floor((4.9 * 1024 * 1024) / line.length));
    const result = await alice.imported(content);
    expect(result).toMatchObject({ created: 1, errors: [] });
    expect(result.skipped).toBeGreaterThan(200_000);
  });
});

describe("task time in export and import", () => {
  it.each(["json", "csv"])(
    "keeps the estimate and the planned start through a %s export and import",
    async (format) => {
      const alice = await newUser();
      await alice.create({
        title: "Planned",
        duration_minutes: 45,
        scheduled_start: "2026-11-23T10:00:00+01:00",
      });
      await alice.create({ title: "Loose" });
      const file = await alice.exportAs(format);
      const bob = await newUser();
      expect(await bob.imported(file.body)).toMatchObject({ created: 2, errors: [] });
      const times = (await bob.tasks())
        .map((task) => [task.title, task.duration_minutes, task.scheduled_start])
        .sort();
      expect(times).toEqual([
        ["Loose", null, null],
        ["Planned", 45, "2026-11-23T09:00:00.000Z"],
      ]);
    },
  );

  it("refuses a CSV estimate that is not a number of minutes, naming the field", async () => {
    const alice = await newUser();
    const csv = ["title,duration_minutes", "Fine,30", "Bad,soon", "Too long,900"].join("\n");
    const result = await alice.imported(csv, "mine.csv");
    expect(result.created).toBe(1);
    expect(result.errors.map((error) => error.message)).toEqual([
      expect.stringContaining("duration_minutes"),
      expect.stringContaining("duration_minutes"),
    ]);
  });
});

describe("repeating tasks in export and import", () => {
  const repeating = {
    title: "Water the plants",
    due_date: "2026-11-23T08:00:00.000Z",
    recurrence: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO",
  } satisfies CreateTaskRequest;

  it.each(["json", "csv"])("keeps the rule through a %s export and import", async (format) => {
    const alice = await newUser();
    await alice.create(repeating);
    await alice.create({ title: "Once" });
    const file = await alice.exportAs(format);
    const bob = await newUser();
    expect(await bob.imported(file.body)).toMatchObject({ created: 2, errors: [] });
    const rules = (await bob.tasks()).map((task) => [task.title, task.recurrence]).sort();
    expect(rules).toEqual([
      ["Once", null],
      ["Water the plants", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO"],
    ]);
  });

  it("writes the rule into todo.txt as rrule: and reads it back, and reads rec: of todo.txt apps", async () => {
    const alice = await newUser();
    await alice.create(repeating);
    const file = await alice.exportAs("todotxt");
    expect(file.body).toContain("due:2026-11-23 rrule:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO");
    const bob = await newUser();
    const todo = `${file.body}(B) Pay the bills due:2026-12-01 rec:+1m\nStretch due:2026-11-22 rec:1b\n`;
    expect(await bob.imported(todo)).toMatchObject({ created: 3, errors: [] });
    expect(
      (await bob.tasks())
        .map((task) => [task.title, task.recurrence])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ["Pay the bills", "FREQ=MONTHLY"],
      ["Stretch", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"],
      ["Water the plants", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO"],
    ]);
  });

  it("reports a line with a bad rule or a rule without a due date, and imports the rest", async () => {
    const alice = await newUser();
    const json = JSON.stringify([
      { title: "Fine", due_date: "2026-11-23T08:00:00.000Z", recurrence: "FREQ=DAILY" },
      { title: "Bad rule", due_date: "2026-11-23T08:00:00.000Z", recurrence: "FREQ=SOMETIMES" },
      { title: "No date", recurrence: "FREQ=DAILY" },
    ]);
    const result = await alice.imported(json);
    expect(result.created).toBe(1);
    expect(result.errors).toEqual([
      { line: 2, message: "recurrence: FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY" },
      { line: 3, message: "recurrence: A repeating task needs a due date" },
    ]);
  });
});
