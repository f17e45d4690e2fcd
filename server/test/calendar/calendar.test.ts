import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarFeedSchema } from "@contract/calendar";
import { apiRoutes } from "@contract/routes";
import type { CreateTaskRequest } from "@contract/tasks";
import { bearer, createTestApp, signUp, type TestApp } from "../helpers";

const PUBLIC_URL = "https://tasks.example.com";
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL } });
  t.clock.set("2026-11-21T10:00:00.000Z");
});
afterAll(async () => t.close());

async function newUser(timezone = "Europe/Berlin") {
  const { token } = await signUp(t);
  const headers = bearer(token);
  await t.app.inject({ method: "POST", url: apiRoutes.timezone.path, headers, payload: { timezone } });
  return {
    token,
    headers,
    async create(body: CreateTaskRequest) {
      const response = await t.app.inject({
        method: "POST",
        url: apiRoutes.createTask.path,
        headers,
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(201);
    },
    async feedUrl(method: "GET" | "POST" = "GET"): Promise<string> {
      const url = method === "GET" ? apiRoutes.calendarFeed.path : apiRoutes.rotateCalendarFeed.path;
      const response = await t.app.inject({ method, url, headers });
      expect(response.statusCode, response.body).toBe(200);
      return calendarFeedSchema.strict().parse(response.json()).url;
    },
  };
}

/** Fetches a feed address without any token, as a calendar app does. */
async function fetchFeed(url: string) {
  return t.app.inject({ method: "GET", url: new URL(url).pathname });
}

function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    return {
      summary: event.summary,
      start: event.startDate.toString(),
      isDate: event.startDate.isDate,
      end: event.endDate.toString(),
      description: event.description,
      categories: component.getAllProperties("categories").flatMap((property) => property.getValues()),
    };
  });
  return { calendar, events };
}

describe("calendar feed address without PUBLIC_URL", () => {
  it("names this server's own port on localhost, so the address answers where it runs", async () => {
    const local = await createTestApp({ env: { PORT: "4321" } });
    try {
      const { token } = await signUp(local);
      const response = await local.app.inject({
        method: "GET",
        url: apiRoutes.calendarFeed.path,
        headers: bearer(token),
      });
      const { url } = calendarFeedSchema.parse(response.json());
      expect(url).toMatch(/^http:\/\/localhost:4321\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
      const feed = await local.app.inject({ method: "GET", url: new URL(url).pathname });
      expect(feed.statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});

describe("calendar feed", () => {
  it("gives a private absolute address that stays the same until rotated", async () => {
    const alice = await newUser();
    const url = await alice.feedUrl();
    expect(url).toMatch(/^https:\/\/tasks\.example\.com\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(url).not.toContain(alice.token);
    expect(await alice.feedUrl()).toBe(url);
    const bob = await newUser();
    expect(await bob.feedUrl()).not.toBe(url);
  });

  it("serves open tasks with a due date as valid iCalendar, times in UTC with the zone named", async () => {
    const alice = await newUser();
    await alice.create({
      title: "Dentist, upstairs",
      description: "Bring the card",
      due_date: "2026-11-25T08:00:00.000Z",
      tags: ["health"],
    });
    // Due on a day without a time: the end of that day in Berlin.
    await alice.create({ title: "Pay rent", due_date: "2026-11-30T22:59:59.000Z", status: "in_progress" });
    await alice.create({ title: "No date" });
    await alice.create({ title: "Done already", due_date: "2026-11-24T08:00:00.000Z", status: "completed" });
    await alice.create({ title: "Dropped", due_date: "2026-11-24T08:00:00.000Z", status: "cancelled" });

    const response = await fetchFeed(await alice.feedUrl());
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/calendar/);
    const { calendar, events } = parseCalendar(response.body);
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("prodid")).toEqual(expect.stringContaining("Tasklane"));
    expect(calendar.getFirstPropertyValue("x-wr-timezone")).toBe("Europe/Berlin");
    expect(events.sort((a, b) => a.summary.localeCompare(b.summary))).toEqual([
      {
        summary: "Dentist, upstairs",
        start: "2026-11-25T08:00:00Z",
        isDate: false,
        end: "2026-11-25T08:30:00Z",
        description: "Bring the card",
        categories: ["health"],
      },
      {
        summary: "Pay rent",
        start: "2026-11-30",
        isDate: true,
        end: "2026-12-01",
        description: null,
        categories: [],
      },
    ]);
    for (const component of calendar.getAllSubcomponents("vevent")) {
      expect(component.getFirstPropertyValue("uid")).toEqual(expect.stringMatching(/@tasklane$/));
      expect(component.getFirstPropertyValue("dtstamp")).toBeTruthy();
    }
  });

  it("shows a planned task as a timed block of its estimate, or of the user's default duration", async () => {
    const alice = await newUser();
    await alice.create({
      title: "Write the report",
      scheduled_start: "2026-11-24T09:00:00+01:00",
      duration_minutes: 90,
      due_date: "2026-11-25T16:00:00.000Z",
    });
    await alice.create({ title: "Call the bank", scheduled_start: "2026-11-24T13:00:00.000Z" });
    await alice.create({
      title: "Planned but done",
      scheduled_start: "2026-11-24T15:00:00.000Z",
      status: "completed",
    });
    await t.app.inject({
      method: "PUT",
      url: apiRoutes.settings.path,
      headers: alice.headers,
      payload: { default_duration_minutes: 45 },
    });
    const { events } = parseCalendar((await fetchFeed(await alice.feedUrl())).body);
    expect(
      events
        .map(({ summary, start, end, isDate }) => ({ summary, start, end, isDate }))
        .sort((a, b) => a.start.localeCompare(b.start)),
    ).toEqual([
      {
        summary: "Write the report",
        start: "2026-11-24T08:00:00Z",
        end: "2026-11-24T09:30:00Z",
        isDate: false,
      },
      { summary: "Call the bank", start: "2026-11-24T13:00:00Z", end: "2026-11-24T13:45:00Z", isDate: false },
      // The due date stays an event of its own.
      {
        summary: "Write the report",
        start: "2026-11-25T16:00:00Z",
        end: "2026-11-25T16:30:00Z",
        isDate: false,
      },
    ]);
  });

  it("gives repeating tasks their RRULE: all day as dates, timed ones at the same local time across DST", async () => {
    const alice = await newUser();
    // Monday 23 March 2026, 09:00 in Berlin (CET): the next Mondays are in summer time (CEST).
    await alice.create({
      title: "Standup",
      due_date: "2026-03-23T08:00:00.000Z",
      recurrence: "FREQ=WEEKLY;BYDAY=MO",
    });
    await alice.create({
      title: "Rent",
      due_date: "2026-11-30T22:59:59.999Z",
      recurrence: "FREQ=MONTHLY;BYMONTHDAY=-1",
    });
    await alice.create({ title: "Once", due_date: "2026-11-25T08:00:00.000Z" });
    const { calendar } = parseCalendar((await fetchFeed(await alice.feedUrl())).body);
    expect(calendar.getFirstSubcomponent("vtimezone")?.getFirstPropertyValue("tzid")).toBe("Europe/Berlin");
    const events = new Map(
      calendar.getAllSubcomponents("vevent").map((component) => {
        const event = new ICAL.Event(component);
        return [event.summary, event] as const;
      }),
    );
    const dates = (summary: string, count: number) => {
      const iterator = events.get(summary)?.iterator();
      return Array.from({ length: count }, () => iterator?.next()?.toJSDate().toISOString());
    };
    expect(dates("Standup", 3)).toEqual([
      "2026-03-23T08:00:00.000Z",
      "2026-03-30T07:00:00.000Z",
      "2026-04-06T07:00:00.000Z",
    ]);
    expect(events.get("Rent")?.startDate.isDate).toBe(true);
    const rent = events.get("Rent")?.iterator();
    expect([rent?.next()?.toString(), rent?.next()?.toString(), rent?.next()?.toString()]).toEqual([
      "2026-11-30",
      "2026-12-31",
      "2027-01-31",
    ]);
    expect(events.get("Once")?.isRecurring()).toBe(false);
  });

  it("makes the old address answer 404 once rotated", async () => {
    const alice = await newUser();
    await alice.create({ title: "Something", due_date: "2026-11-25T08:00:00.000Z" });
    const old = await alice.feedUrl();
    expect((await fetchFeed(old)).statusCode).toBe(200);
    const rotated = await alice.feedUrl("POST");
    expect(rotated).not.toBe(old);
    const gone = await fetchFeed(old);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: "Calendar not found" });
    expect(await alice.feedUrl()).toBe(rotated);
    expect(parseCalendar((await fetchFeed(rotated)).body).events).toHaveLength(1);
  });

  it("answers 404 for an unknown or malformed address and 401 for the address calls without a token", async () => {
    for (const file of [`${"a".repeat(43)}.ics`, "short.ics", "x".repeat(2000), "%00.ics"]) {
      const response = await t.app.inject({ method: "GET", url: `/api/v1/calendar/${file}` });
      expect(response.statusCode, file).toBe(404);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect((await t.app.inject({ method: "GET", url: apiRoutes.calendarFeed.path })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: apiRoutes.rotateCalendarFeed.path })).statusCode).toBe(
      401,
    );
  });

  it("shows each user only their own tasks", async () => {
    const alice = await newUser();
    const bob = await newUser();
    await alice.create({ title: "Alice's appointment", due_date: "2026-11-25T08:00:00.000Z" });
    expect(parseCalendar((await fetchFeed(await bob.feedUrl())).body).events).toEqual([]);
  });
});

describe("OpenAPI", () => {
  it("documents the quick add, import, export and calendar calls", async () => {
    const response = await t.app.inject({ method: "GET", url: "/docs/json" });
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/api/v1/tasks/parse",
        "/api/v1/export",
        "/api/v1/import",
        "/api/v1/calendar",
        "/api/v1/calendar/rotate",
        "/api/v1/calendar/{file}",
      ]),
    );
  });
});
