import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarEventJsonSchema, calendarJsonSchema, type CalendarJson } from "@contract/planning";
import { apiRoutes, pathFor } from "@contract/routes";
import { runDueJobs } from "../../src/jobs/runner";
import { calendarSyncJob } from "../../src/modules/calendars/worker";
import { bearer, createTestApp, signUp, type TestApp } from "../helpers";
import { fixture, startIcsServer } from "./ics-server";

let t: TestApp;
let ics: Awaited<ReturnType<typeof startIcsServer>>;
const quiet = { warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  ics = await startIcsServer();
  t = await createTestApp({ env: { CALENDAR_ALLOW_PRIVATE: "true" } });
  t.clock.set("2026-10-20T12:00:00.000Z");
});
afterAll(async () => {
  await t.close();
  await ics.close();
});

async function newUser(app: TestApp = t, timezone = "America/New_York") {
  const { token } = await signUp(app);
  const headers = bearer(token);
  await app.app.inject({ method: "POST", url: apiRoutes.timezone.path, headers, payload: { timezone } });
  return {
    headers,
    subscribe: (payload: object) =>
      app.app.inject({ method: "POST", url: apiRoutes.subscribeCalendar.path, headers, payload }),
    upload: (body: string, options: { name?: string; type?: string } = {}) =>
      app.app.inject({
        method: "POST",
        url: apiRoutes.importCalendar.path,
        headers: { ...headers, "content-type": options.type ?? "text/calendar" },
        query: options.name ? { name: options.name } : {},
        payload: body,
      }),
    list: async () => {
      const response = await app.app.inject({ method: "GET", url: apiRoutes.listCalendars.path, headers });
      expect(response.statusCode).toBe(200);
      return (response.json() as unknown[]).map((calendar) => calendarJsonSchema.strict().parse(calendar));
    },
    sync: (id: string) =>
      app.app.inject({ method: "POST", url: pathFor(apiRoutes.syncCalendar.path, { id }), headers }),
    remove: (id: string) =>
      app.app.inject({ method: "DELETE", url: pathFor(apiRoutes.deleteCalendar.path, { id }), headers }),
    events: async (from: string, to: string) => {
      const response = await app.app.inject({
        method: "GET",
        url: apiRoutes.calendarEvents.path,
        headers,
        query: { from, to },
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as unknown[]).map((event) => calendarEventJsonSchema.strict().parse(event));
    },
  };
}

describe("subscribing to an ICS address", () => {
  it("fetches it first and answers 201 with the calendar, named as it names itself", async () => {
    ics.set("/work.ics", { status: 200, body: fixture("weekly-meeting-new-york.ics") });
    const alice = await newUser();
    const response = await alice.subscribe({ url: ics.url("/work.ics") });
    expect(response.statusCode, response.body).toBe(201);
    expect(calendarJsonSchema.strict().parse(response.json())).toEqual({
      id: expect.any(String),
      name: "Work",
      url: ics.url("/work.ics"),
      last_synced_at: "2026-10-20T12:00:00.000Z",
      error: null,
    });
    expect(await alice.list()).toEqual([response.json()]);
  });

  it("takes a name, reads webcal:// as https, and refuses the same address twice", async () => {
    ics.set("/named.ics", { status: 200, body: fixture("all-day.ics") });
    const alice = await newUser();
    const named = await alice.subscribe({ url: ics.url("/named.ics"), name: "  Home  " });
    expect(named.json()).toMatchObject({ name: "Home" });
    const again = await alice.subscribe({ url: ics.url("/named.ics") });
    expect(again.statusCode).toBe(409);
    const webcal = await alice.subscribe({ url: "webcal://127.0.0.1:1/never.ics" });
    expect(webcal.statusCode).toBe(400);
    expect(webcal.json()).toMatchObject({ message: expect.stringContaining("Could not subscribe") });
  });

  it.each([
    ["a 404", "/missing.ics", undefined, "answered 404"],
    [
      "a web page",
      "/page.html",
      { status: 200, body: "<html><body>Sign in</body></html>", type: "text/html" },
      "does not read as iCalendar",
    ],
    ["a file over 5 MiB", "/huge.ics", { bytes: 6 * 1024 * 1024 }, "larger than 5 MiB"],
  ] as const)("refuses %s with a 400 saying why, storing nothing", async (_what, path, answer, reason) => {
    if (answer) ics.set(path, answer);
    const alice = await newUser();
    const response = await alice.subscribe({ url: ics.url(path) });
    expect(response.statusCode).toBe(400);
    expect((response.json() as { message: string }).message).toContain(reason);
    expect(await alice.list()).toEqual([]);
  });

  it("follows a redirect", async () => {
    ics.set("/moved.ics", { redirect: "/berlin.ics" });
    ics.set("/berlin.ics", { status: 200, body: fixture("standup-berlin.ics") });
    const alice = await newUser();
    const response = await alice.subscribe({ url: ics.url("/moved.ics") });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ name: "Stand-ups" });
  });

  it.each([
    { url: "ftp://example.com/cal.ics" },
    { url: "not a url" },
    {},
    { url: "https://x.test/a.ics", name: "" },
  ])("refuses the body %j with a 400", async (payload) => {
    const alice = await newUser();
    expect((await alice.subscribe(payload)).statusCode).toBe(400);
  });
});

describe("the events of the user's calendars", () => {
  it("are the occurrences of the window, expanded and in UTC, from every calendar", async () => {
    ics.set("/events-work.ics", { status: 200, body: fixture("weekly-meeting-new-york.ics") });
    const alice = await newUser();
    const work = calendarJsonSchema.parse(
      (await alice.subscribe({ url: ics.url("/events-work.ics") })).json(),
    );
    const personal = calendarJsonSchema.parse((await alice.upload(fixture("all-day.ics"))).json());
    const events = await alice.events("2026-11-02T05:00:00Z", "2026-11-03T05:00:00Z");
    expect(events).toEqual([
      {
        calendar_id: work.id,
        title: "Team sync",
        start: "2026-11-02T15:00:00.000Z",
        end: "2026-11-02T16:00:00.000Z",
        all_day: false,
      },
      {
        calendar_id: work.id,
        title: "Lunch (free)",
        start: "2026-11-02T17:00:00.000Z",
        end: "2026-11-02T18:00:00.000Z",
        all_day: false,
      },
      {
        calendar_id: work.id,
        title: "Dentist",
        start: "2026-11-02T19:00:00.000Z",
        end: "2026-11-02T20:00:00.000Z",
        all_day: false,
      },
    ]);
    const december = await alice.events("2026-12-01T05:00:00Z", "2026-12-08T05:00:00Z");
    expect(december.map((event) => [event.calendar_id, event.title, event.all_day])).toEqual([
      [personal.id, "Conference", true],
      [personal.id, "Yoga", false],
    ]);
  });

  it("are only the user's own", async () => {
    const alice = await newUser();
    await alice.upload(fixture("all-day.ics"));
    const bob = await newUser();
    expect(await bob.events("2026-12-01T00:00:00Z", "2026-12-31T00:00:00Z")).toEqual([]);
  });

  it.each([
    { from: "2026-12-02T00:00:00Z", to: "2026-12-01T00:00:00Z" },
    { from: "2026-01-01T00:00:00Z", to: "2026-06-01T00:00:00Z" },
    { from: "yesterday", to: "2026-12-01T00:00:00Z" },
    { from: "2026-12-01T00:00:00Z" },
  ] as Record<string, string>[])("refuses the window %j with a 400", async (query) => {
    const alice = await newUser();
    const response = await t.app.inject({
      method: "GET",
      url: apiRoutes.calendarEvents.path,
      headers: alice.headers,
      query,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe("a failing fetch keeps the last good copy", () => {
  it("records the error, keeps showing the events, and clears it when the fetch works again", async () => {
    ics.set("/flaky.ics", { status: 200, body: fixture("weekly-meeting-new-york.ics") });
    const alice = await newUser();
    const calendar = calendarJsonSchema.parse((await alice.subscribe({ url: ics.url("/flaky.ics") })).json());
    const window = ["2026-11-02T05:00:00Z", "2026-11-03T05:00:00Z"] as const;
    const before = await alice.events(...window);

    t.clock.advance(60_000);
    ics.set("/flaky.ics", { status: 503, body: "Service Unavailable", type: "text/plain" });
    const failed = await alice.sync(calendar.id);
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toEqual({ ...calendar, error: expect.stringContaining("answered 503") });
    expect(await alice.events(...window)).toEqual(before);

    ics.set("/flaky.ics", { status: 200, body: "this is not a calendar" });
    const garbled = (await alice.sync(calendar.id)).json() as CalendarJson;
    expect(garbled.error).toContain("does not read as iCalendar");
    expect(await alice.events(...window)).toEqual(before);

    t.clock.advance(60_000);
    ics.set("/flaky.ics", { status: 200, body: fixture("all-day.ics") });
    const healed = (await alice.sync(calendar.id)).json() as CalendarJson;
    expect(healed).toMatchObject({ error: null, last_synced_at: t.clock.now().toISOString() });
    expect(await alice.events(...window)).toEqual([]);
  });
});

describe("the refresh job", () => {
  it("fetches each subscription every 15 minutes, once however many runners look", async () => {
    ics.set("/job.ics", { status: 200, body: fixture("weekly-meeting-new-york.ics") });
    const alice = await newUser();
    const calendar = calendarJsonSchema.parse((await alice.subscribe({ url: ics.url("/job.ics") })).json());
    expect(ics.requests("/job.ics")).toBe(1);

    t.clock.advance(14 * 60_000);
    await runDueJobs(t.deps, [calendarSyncJob], "early", quiet);
    expect(ics.requests("/job.ics")).toBe(1);

    t.clock.advance(60_000);
    ics.set("/job.ics", { status: 500, body: "oops", type: "text/plain" });
    await Promise.all(
      ["one", "two", "three"].map((worker) => runDueJobs(t.deps, [calendarSyncJob], worker, quiet)),
    );
    expect(ics.requests("/job.ics")).toBe(2);
    const [listed] = await alice.list();
    expect(listed).toMatchObject({ id: calendar.id, error: expect.stringContaining("answered 500") });
    expect(listed?.last_synced_at).toBe(calendar.last_synced_at);

    // The next round was queued 15 minutes on.
    t.clock.advance(15 * 60_000);
    ics.set("/job.ics", { status: 200, body: fixture("weekly-meeting-new-york.ics") });
    await runDueJobs(t.deps, [calendarSyncJob], "later", quiet);
    expect(ics.requests("/job.ics")).toBe(3);
    expect((await alice.list())[0]).toMatchObject({
      error: null,
      last_synced_at: t.clock.now().toISOString(),
    });

    // A deleted calendar is fetched no more.
    expect((await alice.remove(calendar.id)).statusCode).toBe(204);
    t.clock.advance(15 * 60_000);
    await runDueJobs(t.deps, [calendarSyncJob], "after", quiet);
    expect(ics.requests("/job.ics")).toBe(3);
  });
});

describe("uploading an .ics file", () => {
  it("answers 201 with the calendar (no url), named by the query, the file or a default", async () => {
    const alice = await newUser();
    const own = await alice.upload(fixture("standup-berlin.ics"));
    expect(own.statusCode, own.body).toBe(201);
    expect(calendarJsonSchema.strict().parse(own.json())).toEqual({
      id: expect.any(String),
      name: "Stand-ups",
      url: null,
      last_synced_at: t.clock.now().toISOString(),
      error: null,
    });
    expect((await alice.upload(fixture("all-day.ics"), { name: "Family" })).json()).toMatchObject({
      name: "Family",
    });
    const plain = fixture("all-day.ics").replace(/X-WR-CALNAME:[^\r\n]*\r\n/, "");
    expect((await alice.upload(plain)).json()).toMatchObject({ name: "Imported calendar" });
  });

  it("refuses what is not a calendar (400), another content type (415), over 5 MiB (413), and syncing it (409)", async () => {
    const alice = await newUser();
    expect((await alice.upload("hello")).statusCode).toBe(400);
    expect((await alice.upload("")).statusCode).toBe(400);
    const json = await t.app.inject({
      method: "POST",
      url: apiRoutes.importCalendar.path,
      headers: alice.headers,
      payload: { ics: fixture("all-day.ics") },
    });
    expect(json.statusCode).toBe(415);
    expect((await alice.upload(fixture("all-day.ics"), { type: "text/plain" })).statusCode).toBe(415);
    const huge = fixture("all-day.ics").replace(
      "END:VCALENDAR",
      `X-PADDING:${"x".repeat(5 * 1024 * 1024)}\r\nEND:VCALENDAR`,
    );
    expect((await alice.upload(huge)).statusCode).toBe(413);
    const uploaded = calendarJsonSchema.parse((await alice.upload(fixture("all-day.ics"))).json());
    expect((await alice.sync(uploaded.id)).statusCode).toBe(409);
  });
});

describe("another user's calendar", () => {
  it("cannot be synced or deleted (404)", async () => {
    const alice = await newUser();
    const calendar = calendarJsonSchema.parse((await alice.upload(fixture("all-day.ics"))).json());
    const bob = await newUser();
    expect((await bob.sync(calendar.id)).statusCode).toBe(404);
    expect((await bob.remove(calendar.id)).statusCode).toBe(404);
    expect(await alice.list()).toHaveLength(1);
  });
});

describe("the guard against reaching the server's own network", () => {
  let guarded: TestApp;
  beforeAll(async () => {
    guarded = await createTestApp();
  });
  afterAll(async () => guarded.close());

  it.each(["/work.ics", "/moved.ics"])(
    "refuses 127.0.0.1 and localhost when CALENDAR_ALLOW_PRIVATE is off (%s)",
    async (path) => {
      ics.set("/work.ics", { status: 200, body: fixture("weekly-meeting-new-york.ics") });
      const alice = await newUser(guarded);
      const before = ics.requests(path);
      const direct = await alice.subscribe({ url: ics.url(path) });
      expect(direct.statusCode).toBe(400);
      expect((direct.json() as { message: string }).message).toContain("private or local address");
      const byName = await alice.subscribe({ url: ics.url(path).replace("127.0.0.1", "localhost") });
      expect(byName.statusCode).toBe(400);
      expect((byName.json() as { message: string }).message).toContain("private or local address");
      expect(ics.requests(path)).toBe(before);
    },
  );

  it("refuses a private address written as such (10.0.0.1), without connecting", async () => {
    const alice = await newUser(guarded);
    const response = await alice.subscribe({ url: "http://10.0.0.1/cal.ics" });
    expect(response.statusCode).toBe(400);
    expect((response.json() as { message: string }).message).toContain("private or local address");
  });
});
