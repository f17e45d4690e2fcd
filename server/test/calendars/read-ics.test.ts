import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkCalendar, expandCalendar, NotICalendar } from "../../src/modules/calendars/read-ics";

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/calendars/${name}`, import.meta.url), "utf8");

const iso = (ms: number) => new Date(ms).toISOString();
const expand = (name: string, from: string, to: string, timeZone: string) =>
  expandCalendar(fixture(name), Date.parse(from), Date.parse(to), timeZone).map((occurrence) => ({
    title: occurrence.title,
    start: iso(occurrence.startMs),
    end: iso(occurrence.endMs),
    allDay: occurrence.allDay,
    busy: occurrence.busy,
  }));

describe("a weekly meeting in New York (Google export)", () => {
  const occurrences = () =>
    expand("weekly-meeting-new-york.ics", "2026-10-01T00:00:00Z", "2026-12-01T00:00:00Z", "America/New_York");

  it("repeats on Mondays at 10:00 local: 14:00Z in summer time, 15:00Z after 1 November", () => {
    const sync = occurrences().filter((occurrence) => occurrence.title === "Team sync");
    expect(sync.map((occurrence) => occurrence.start)).toEqual([
      "2026-10-05T14:00:00.000Z",
      "2026-10-12T14:00:00.000Z",
      // 19 October is an EXDATE; 26 October was moved to Tuesday.
      "2026-11-02T15:00:00.000Z",
      "2026-11-09T15:00:00.000Z",
      "2026-11-16T15:00:00.000Z",
      "2026-11-23T15:00:00.000Z",
      // UNTIL is inclusive.
      "2026-11-30T15:00:00.000Z",
    ]);
    expect(
      sync.every((occurrence) => Date.parse(occurrence.end) - Date.parse(occurrence.start) === 3_600_000),
    ).toBe(true);
  });

  it("shows the moved occurrence where the override puts it, under its own title", () => {
    expect(occurrences()).toContainEqual({
      title: "Team sync (moved to Tuesday)",
      start: "2026-10-27T18:00:00.000Z",
      end: "2026-10-27T19:00:00.000Z",
      allDay: false,
      busy: true,
    });
  });

  it("leaves cancelled events out and marks free ones as not busy", () => {
    const titles = occurrences().map((occurrence) => occurrence.title);
    expect(titles).not.toContain("Cancelled review");
    expect(occurrences().find((occurrence) => occurrence.title === "Lunch (free)")).toMatchObject({
      start: "2026-11-02T17:00:00.000Z",
      busy: false,
    });
  });

  it("expands only the window asked for", () => {
    const week = expand(
      "weekly-meeting-new-york.ics",
      "2026-11-02T05:00:00Z",
      "2026-11-03T05:00:00Z",
      "America/New_York",
    );
    expect(week.map((occurrence) => [occurrence.title, occurrence.start])).toEqual([
      ["Team sync", "2026-11-02T15:00:00.000Z"],
      ["Lunch (free)", "2026-11-02T17:00:00.000Z"],
      ["Dentist", "2026-11-02T19:00:00.000Z"],
    ]);
  });

  it("a moved occurrence counts in the window it moved to, not the one it left", () => {
    const monday = expand(
      "weekly-meeting-new-york.ics",
      "2026-10-26T04:00:00Z",
      "2026-10-27T04:00:00Z",
      "America/New_York",
    );
    expect(monday).toEqual([]);
  });

  it("reads the calendar's own name", () => {
    expect(checkCalendar(fixture("weekly-meeting-new-york.ics")).name).toBe("Work");
  });
});

describe("a daily stand-up in Berlin (Nextcloud export) across the change to summer time", () => {
  it("stays at 09:00 local: 08:00Z until 28 March, 07:00Z from 29 March", () => {
    const standups = expand(
      "standup-berlin.ics",
      "2026-03-20T00:00:00Z",
      "2026-04-10T00:00:00Z",
      "Europe/Berlin",
    )
      .filter((occurrence) => occurrence.title === "Stand-up")
      .map((occurrence) => occurrence.start);
    expect(standups).toEqual([
      "2026-03-23T08:00:00.000Z",
      "2026-03-24T08:00:00.000Z",
      "2026-03-25T08:00:00.000Z",
      "2026-03-26T08:00:00.000Z",
      "2026-03-27T08:00:00.000Z",
      "2026-03-28T08:00:00.000Z",
      "2026-03-29T07:00:00.000Z",
      "2026-03-30T07:00:00.000Z",
      "2026-03-31T07:00:00.000Z",
      // COUNT=10
      "2026-04-01T07:00:00.000Z",
    ]);
  });

  it("an event over the skipped hour lasts two real hours", () => {
    const [migration] = expand(
      "standup-berlin.ics",
      "2026-03-28T23:00:00Z",
      "2026-03-29T06:00:00Z",
      "Europe/Berlin",
    );
    expect(migration).toMatchObject({
      title: "Server migration",
      start: "2026-03-29T00:00:00.000Z",
      end: "2026-03-29T02:00:00.000Z",
    });
  });
});

describe("all-day and floating events (Outlook export)", () => {
  it("spans whole dates as UTC midnights, and a yearly one appears once in the window", () => {
    const december = expand(
      "all-day.ics",
      "2026-12-01T05:00:00Z",
      "2027-01-01T05:00:00Z",
      "America/New_York",
    );
    expect(december.filter((occurrence) => occurrence.allDay)).toEqual([
      {
        title: "Conference",
        start: "2026-12-01T00:00:00.000Z",
        end: "2026-12-04T00:00:00.000Z",
        allDay: true,
        busy: true,
      },
      {
        title: "Ada's birthday",
        start: "2026-12-10T00:00:00.000Z",
        end: "2026-12-11T00:00:00.000Z",
        allDay: true,
        busy: true,
      },
      {
        title: "Office closed",
        start: "2026-12-24T00:00:00.000Z",
        end: "2026-12-25T00:00:00.000Z",
        allDay: true,
        busy: false,
      },
    ]);
  });

  it("an all-day event belongs to its dates where the user is, east or west of UTC", () => {
    const day = (from: string, to: string, zone: string) =>
      expand("all-day.ics", from, to, zone)
        .filter((occurrence) => occurrence.allDay)
        .map((occurrence) => occurrence.title);
    // 4 December in Berlin starts at 23:00Z on the 3rd, inside the conference's last UTC day.
    expect(day("2026-12-03T23:00:00Z", "2026-12-04T23:00:00Z", "Europe/Berlin")).toEqual([]);
    expect(day("2026-12-02T23:00:00Z", "2026-12-03T23:00:00Z", "Europe/Berlin")).toEqual(["Conference"]);
    // 3 December in New York ends at 05:00Z on the 4th.
    expect(day("2026-12-03T05:00:00Z", "2026-12-04T05:00:00Z", "America/New_York")).toEqual(["Conference"]);
    expect(day("2026-12-04T05:00:00Z", "2026-12-05T05:00:00Z", "America/New_York")).toEqual([]);
  });

  it("a floating time is local to the user who reads it", () => {
    const yoga = (zone: string) =>
      expand("all-day.ics", "2026-12-01T00:00:00Z", "2026-12-04T00:00:00Z", zone).find(
        (occurrence) => occurrence.title === "Yoga",
      )?.start;
    expect(yoga("America/New_York")).toBe("2026-12-02T12:00:00.000Z");
    expect(yoga("Europe/Berlin")).toBe("2026-12-02T06:00:00.000Z");
  });
});

describe("what is not a calendar", () => {
  it.each(["", "hello", "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nEND:VCARD\r\n", "<html></html>"])(
    "%j is refused",
    (text) => {
      expect(() => checkCalendar(text)).toThrow(NotICalendar);
    },
  );
});

describe("a long-running series", () => {
  const series = (rule: string, start = "20160104T090000", extra: string[] = []) =>
    [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Tasklane tests//EN",
      "BEGIN:VEVENT",
      "UID:series@example.com",
      "DTSTAMP:20160101T000000Z",
      `DTSTART;TZID=Europe/Berlin:${start}`,
      "DURATION:PT1H",
      `RRULE:${rule}`,
      ...extra,
      "SUMMARY:Series",
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ].join("\r\n");
  const starts = (text: string, from: string, to: string) =>
    expandCalendar(text, Date.parse(from), Date.parse(to), "Europe/Berlin").map((occurrence) =>
      iso(occurrence.startMs),
    );

  it("ten years on, every other Monday and Wednesday keeps its weeks, local time and EXDATE", () => {
    // 4 January 2016 was a Monday; the series runs on odd weeks counted from it. The IANA zone of
    // the TZID is used as the file defines none.
    const text = series("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE", "20160104T090000", [
      "EXDATE;TZID=Europe/Berlin:20261104T090000",
    ]);
    expect(starts(text, "2026-10-25T00:00:00Z", "2026-11-22T00:00:00Z")).toEqual([
      // Monday 26 October (CET from the 25th): 09:00 is 08:00Z.
      "2026-10-26T08:00:00.000Z",
      "2026-10-28T08:00:00.000Z",
      "2026-11-09T08:00:00.000Z",
      "2026-11-11T08:00:00.000Z",
    ]);
    expect(starts(text, "2026-11-02T00:00:00Z", "2026-11-08T00:00:00Z")).toEqual([]);
  });

  it("a series whose first day is not one of its weekdays keeps to its weekdays", () => {
    // DTSTART is a Tuesday, the rule says Mondays (RFC 5545 leaves that first day undefined;
    // ical.js leaves it out): only Mondays, then and ten years on.
    const text = series("FREQ=WEEKLY;BYDAY=MO", "20160105T090000");
    expect(starts(text, "2026-11-02T00:00:00Z", "2026-11-16T00:00:00Z")).toEqual([
      "2026-11-02T08:00:00.000Z",
      "2026-11-09T08:00:00.000Z",
    ]);
    expect(starts(text, "2016-01-04T00:00:00Z", "2016-01-12T00:00:00Z")).toEqual([
      "2016-01-11T08:00:00.000Z",
    ]);
  });

  it("a daily series with COUNT ends where its count does", () => {
    const text = series("FREQ=DAILY;COUNT=3800");
    // The 3,800th day from 4 January 2016 is 30 May 2026.
    expect(starts(text, "2026-05-28T00:00:00Z", "2026-06-03T00:00:00Z")).toEqual([
      "2026-05-28T07:00:00.000Z",
      "2026-05-29T07:00:00.000Z",
      "2026-05-30T07:00:00.000Z",
    ]);
  });
});
