import { describe, expect, it } from "vitest";
import type { TaskJson } from "@contract/tasks";
import { parseVtodo, priorityFromIcal, renderVtodo } from "../../src/modules/caldav/vtodo";

function calendar(...todoLines: string[]): string {
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//test//EN",
    "BEGIN:VTODO",
    "UID:task-1",
    "DTSTAMP:20261121T100000Z",
    ...todoLines,
    "END:VTODO",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

const task: TaskJson = {
  id: "0193a000-0000-7000-8000-000000000001",
  title: "Buy milk",
  description: "Oat, two litres",
  status: "pending",
  priority: "high",
  due_date: "2026-12-01T09:30:00.000Z",
  tags: ["shopping", "home"],
  source: { type: "Manual" },
  created_at: "2026-11-20T08:00:00.000Z",
  updated_at: "2026-11-21T08:00:00.000Z",
  completed_at: null,
  recurrence: null,
  remind_at: null,
  project_id: "project-1",
  parent_id: null,
  completed_at_approximate: false,
  duration_minutes: null,
  scheduled_start: null,
  assignee_id: null,
  position: null,
};

describe("VTODO to task", () => {
  it("reads summary, description, due date, priority, status and categories", () => {
    const parsed = parseVtodo(
      calendar(
        "SUMMARY:Buy milk",
        "DESCRIPTION:Oat\\, two litres",
        "DUE:20261201T093000Z",
        "PRIORITY:3",
        "STATUS:IN-PROCESS",
        "CATEGORIES:shopping,home",
        "CATEGORIES:Home",
      ),
      "Europe/Berlin",
    );
    expect(parsed.uid).toBe("task-1");
    expect(parsed.fields).toEqual({
      title: "Buy milk",
      description: "Oat, two litres",
      status: "inprogress",
      priority: "high",
      due_date: "2026-12-01T09:30:00.000Z",
      tags: ["shopping", "home"],
      recurrence: null,
      remind_at: null,
    });
    expect(parsed.extra).toBeNull();
  });

  it("reads a DATE due date as all day where the user lives", () => {
    expect(
      parseVtodo(calendar("SUMMARY:x", "DUE;VALUE=DATE:20261201"), "Europe/Berlin").fields.due_date,
    ).toBe("2026-12-01T22:59:59.000Z");
  });

  it("reads a due date in a named zone, in a zone the calendar defines, and a floating one", () => {
    expect(
      parseVtodo(calendar("SUMMARY:x", "DUE;TZID=America/New_York:20261201T090000"), "UTC").fields.due_date,
    ).toBe("2026-12-01T14:00:00.000Z");
    expect(parseVtodo(calendar("SUMMARY:x", "DUE:20261201T090000"), "Asia/Tokyo").fields.due_date).toBe(
      "2026-12-01T00:00:00.000Z",
    );
    const withZone = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//test//EN",
      "BEGIN:VTIMEZONE",
      "TZID:Office Time",
      "BEGIN:STANDARD",
      "DTSTART:19700101T000000",
      "TZOFFSETFROM:+0300",
      "TZOFFSETTO:+0300",
      "END:STANDARD",
      "END:VTIMEZONE",
      "BEGIN:VTODO",
      "UID:z",
      "SUMMARY:x",
      "DUE;TZID=Office Time:20261201T090000",
      "END:VTODO",
      "END:VCALENDAR",
      "",
    ].join("\r\n");
    expect(parseVtodo(withZone, "UTC").fields.due_date).toBe("2026-12-01T06:00:00.000Z");
  });

  it("maps every iCalendar priority to the nearest of Tasklane's four, a tie to the more urgent", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((value) => priorityFromIcal(value))).toEqual([
      "medium",
      "urgent",
      "urgent",
      "high",
      "high",
      "medium",
      "medium",
      "medium",
      "low",
      "low",
    ]);
    expect(priorityFromIcal(undefined)).toBe("medium");
  });

  it("reads each status, and COMPLETED without a status as completed", () => {
    const status = (line: string) => parseVtodo(calendar("SUMMARY:x", line), "UTC").fields.status;
    expect(status("STATUS:NEEDS-ACTION")).toBe("pending");
    expect(status("STATUS:COMPLETED")).toBe("completed");
    expect(status("STATUS:CANCELLED")).toBe("cancelled");
    expect(status("COMPLETED:20261121T100000Z")).toBe("completed");
    expect(status("X-NOTHING:1")).toBe("pending");
  });

  it("reads the rule only with a due date, and keeps a rule without one as written", () => {
    const withDue = parseVtodo(
      calendar("SUMMARY:x", "DUE:20261201T090000Z", "RRULE:FREQ=WEEKLY;BYDAY=TU"),
      "UTC",
    );
    expect(withDue.fields.recurrence).toBe("FREQ=WEEKLY;BYDAY=TU");
    const withoutDue = parseVtodo(calendar("SUMMARY:x", "RRULE:FREQ=DAILY"), "UTC");
    expect(withoutDue.fields.recurrence).toBeNull();
    expect(withoutDue.extra).toContain("rrule");
  });

  it("reads the parent from RELATED-TO (PARENT by default) and keeps other relations", () => {
    expect(parseVtodo(calendar("SUMMARY:x", "RELATED-TO:parent-1"), "UTC").parentUid).toBe("parent-1");
    const sibling = parseVtodo(calendar("SUMMARY:x", "RELATED-TO;RELTYPE=SIBLING:other"), "UTC");
    expect(sibling.parentUid).toBeNull();
    expect(sibling.extra).toContain("SIBLING");
  });

  it("reads the first alarm as the reminder: absolute, or before the due date", () => {
    const absolute = parseVtodo(
      calendar(
        "SUMMARY:x",
        "BEGIN:VALARM",
        "ACTION:DISPLAY",
        "TRIGGER;VALUE=DATE-TIME:20261201T080000Z",
        "END:VALARM",
      ),
      "UTC",
    );
    expect(absolute.fields.remind_at).toBe("2026-12-01T08:00:00.000Z");
    const relative = parseVtodo(
      calendar(
        "SUMMARY:x",
        "DUE:20261201T090000Z",
        "BEGIN:VALARM",
        "ACTION:DISPLAY",
        "TRIGGER;RELATED=END:-PT15M",
        "END:VALARM",
        "BEGIN:VALARM",
        "ACTION:AUDIO",
        "TRIGGER;RELATED=END:-PT1H",
        "END:VALARM",
      ),
      "UTC",
    );
    expect(relative.fields.remind_at).toBe("2026-12-01T08:45:00.000Z");
    // The second alarm is the client's own: kept as it came.
    expect(JSON.parse(relative.extra ?? "[]")).toEqual([
      [
        "valarm",
        [
          ["action", {}, "text", "AUDIO"],
          ["trigger", { related: "END" }, "duration", "-PT1H"],
        ],
        [],
      ],
    ]);
  });

  it("gives a task without a summary a title, and refuses what is not one VTODO", () => {
    expect(parseVtodo(calendar("DUE:20261201T090000Z"), "UTC").fields.title).toBe("Untitled");
    expect(() => parseVtodo("not a calendar", "UTC")).toThrow(/iCalendar/);
    const event = calendar("SUMMARY:x").replaceAll("VTODO", "VEVENT");
    expect(() => parseVtodo(event, "UTC")).toThrow(/VTODO/);
    expect(() => parseVtodo(calendar("SUMMARY:x").replace("UID:task-1\r\n", ""), "UTC")).toThrow(/UID/);
  });
});

describe("task to VTODO", () => {
  it("writes every mapped field", () => {
    const text = renderVtodo({
      task: {
        ...task,
        status: "completed",
        completed_at: "2026-11-22T10:00:00.000Z",
        recurrence: "FREQ=WEEKLY;BYDAY=TU",
        remind_at: "2026-12-01T09:00:00.000Z",
      },
      uid: "task-1",
      parentUid: "parent-1",
      extra: null,
      timeZone: "UTC",
    });
    expect(text).toContain("UID:task-1\r\n");
    expect(text).toContain("SUMMARY:Buy milk\r\n");
    expect(text).toContain("DESCRIPTION:Oat\\, two litres\r\n");
    expect(text).toContain("DUE:20261201T093000Z\r\n");
    expect(text).toContain("PRIORITY:3\r\n");
    expect(text).toContain("STATUS:COMPLETED\r\n");
    expect(text).toContain("COMPLETED:20261122T100000Z\r\n");
    expect(text).toContain("CATEGORIES:shopping,home\r\n");
    expect(text).toContain("RRULE:FREQ=WEEKLY;BYDAY=TU\r\n");
    expect(text).toContain("RELATED-TO;RELTYPE=PARENT:parent-1\r\n");
    expect(text).toContain("TRIGGER;VALUE=DATE-TIME:20261201T090000Z\r\n");
    expect(text).toContain("DTSTAMP:20261121T080000Z\r\n");
  });

  it("writes an all-day due date as a DATE in the user's zone, and in progress as IN-PROCESS", () => {
    const text = renderVtodo({
      task: { ...task, status: "in_progress", due_date: "2026-12-01T22:59:59.000Z" },
      uid: "task-1",
      parentUid: null,
      extra: null,
      timeZone: "Europe/Berlin",
    });
    expect(text).toContain("DUE;VALUE=DATE:20261201\r\n");
    expect(text).toContain("STATUS:IN-PROCESS\r\n");
  });

  it("gives back what the client wrote that Tasklane has no field for, and reads back the same", () => {
    const sent = calendar(
      "SUMMARY:Buy milk",
      "DUE:20261201T093000Z",
      "X-APPLE-SORT-ORDER;X-NOTE=1:42",
      "DTSTART:20261130T090000Z",
      "BEGIN:VALARM",
      "ACTION:DISPLAY",
      "TRIGGER;RELATED=END:-PT30M",
      "END:VALARM",
    );
    const parsed = parseVtodo(sent, "UTC");
    const text = renderVtodo({
      task: { ...task, due_date: parsed.fields.due_date, remind_at: parsed.fields.remind_at, tags: [] },
      uid: parsed.uid,
      parentUid: null,
      extra: parsed.extra,
      timeZone: "UTC",
    });
    expect(text).toContain("X-APPLE-SORT-ORDER;X-NOTE=1:42\r\n");
    expect(text).toContain("DTSTART:20261130T090000Z\r\n");
    const again = parseVtodo(text, "UTC");
    expect(again.extra).toBe(parsed.extra);
    expect(again.fields.remind_at).toBe("2026-12-01T09:00:00.000Z");
  });
});
