import { describe, expect, it } from "vitest";
import {
  addDaysTo,
  clampDuration,
  formatHoursMinutes,
  gridDays,
  instantAt,
  isoWeekday,
  layoutItems,
  minuteLabel,
  parseMinute,
  snapMinute,
  taskDuration,
  wallClock,
  weekStart,
  type TimedItem,
} from "./calendar-grid";

const BERLIN = "Europe/Berlin";
const NEW_YORK = "America/New_York";

function item(key: string, startIso: string, endIso: string, kind: TimedItem["kind"] = "event"): TimedItem {
  return { key, kind, title: key, startMs: Date.parse(startIso), endMs: Date.parse(endIso) };
}

describe("calendar days", () => {
  it("counts days and weekdays by the calendar, across months and years", () => {
    expect(addDaysTo("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDaysTo("2026-03-01", -1)).toBe("2026-02-28");
    expect(isoWeekday("2026-11-30")).toBe(1);
    expect(isoWeekday("2026-11-29")).toBe(7);
    expect(weekStart("2026-12-03")).toBe("2026-11-30");
    expect(weekStart("2026-11-30")).toBe("2026-11-30");
    // Weeks that start on Sunday: Thursday 3 December's week began on Sunday 29 November.
    expect(weekStart("2026-12-03", 7)).toBe("2026-11-29");
    expect(weekStart("2026-11-29", 7)).toBe("2026-11-29");
  });

  it("gives a week of Monday-to-Sunday columns whose edges are the zone's midnights", () => {
    const days = gridDays("week", "2026-12-02", BERLIN);
    expect(days.map((day) => day.date)).toEqual([
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-05",
      "2026-12-06",
    ]);
    expect(new Date(days[0]!.startMs).toISOString()).toBe("2026-11-29T23:00:00.000Z");
    expect(gridDays("day", "2026-12-02", BERLIN)).toHaveLength(1);
    const sundayFirst = gridDays("week", "2026-12-02", BERLIN, 7).map((day) => day.date);
    expect(sundayFirst).toEqual([
      "2026-11-29",
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-05",
    ]);
  });

  it("makes a DST day 23 or 25 hours long", () => {
    const [spring] = gridDays("day", "2026-03-08", NEW_YORK);
    expect((spring!.endMs - spring!.startMs) / 3_600_000).toBe(23);
    const [autumn] = gridDays("day", "2026-10-25", BERLIN);
    expect((autumn!.endMs - autumn!.startMs) / 3_600_000).toBe(25);
  });

  it("reads an instant on the zone's wall clock and back", () => {
    const nine = instantAt("2026-12-01", 540, NEW_YORK);
    expect(new Date(nine).toISOString()).toBe("2026-12-01T14:00:00.000Z");
    expect(wallClock(nine, NEW_YORK)).toEqual({ date: "2026-12-01", minute: 540 });
    expect(instantAt("2026-12-01", 1440, NEW_YORK)).toBe(instantAt("2026-12-02", 0, NEW_YORK));
  });
});

describe("layoutItems", () => {
  const days = gridDays("week", "2026-11-30", BERLIN);

  it("places an item by its wall-clock start and its length", () => {
    const [placed] = layoutItems(days, [item("a", "2026-12-01T08:00:00Z", "2026-12-01T09:30:00Z")], BERLIN);
    expect(placed).toMatchObject({ dayIndex: 1, top: 540, height: 90, lane: 0, lanes: 1 });
  });

  it("puts overlapping items side by side and leaves the others full width", () => {
    const placed = layoutItems(
      days,
      [
        item("a", "2026-12-01T08:00:00Z", "2026-12-01T10:00:00Z"),
        item("b", "2026-12-01T09:00:00Z", "2026-12-01T09:30:00Z", "task"),
        item("c", "2026-12-01T09:30:00Z", "2026-12-01T10:30:00Z"),
        item("d", "2026-12-01T12:00:00Z", "2026-12-01T13:00:00Z"),
      ],
      BERLIN,
    );
    const byKey = Object.fromEntries(placed.map((part) => [part.item.key, part]));
    expect(byKey.a).toMatchObject({ lane: 0, lanes: 2 });
    expect(byKey.b).toMatchObject({ lane: 1, lanes: 2 });
    // c starts when b ends: it takes b's lane.
    expect(byKey.c).toMatchObject({ lane: 1, lanes: 2 });
    expect(byKey.d).toMatchObject({ lane: 0, lanes: 1 });
  });

  it("cuts an item that crosses midnight into one part per day", () => {
    const placed = layoutItems(days, [item("late", "2026-12-01T22:00:00Z", "2026-12-02T01:00:00Z")], BERLIN);
    expect(placed).toHaveLength(2);
    expect(placed[0]).toMatchObject({
      dayIndex: 1,
      top: 23 * 60,
      height: 60,
      startsHere: true,
      endsHere: false,
    });
    expect(placed[1]).toMatchObject({ dayIndex: 2, top: 0, height: 120, startsHere: false, endsHere: true });
  });

  it("leaves out what is outside the days and draws a short task tall enough to grab", () => {
    const placed = layoutItems(
      days,
      [
        item("before", "2026-11-20T08:00:00Z", "2026-11-20T09:00:00Z"),
        item("short", "2026-12-03T08:00:00Z", "2026-12-03T08:05:00Z", "task"),
      ],
      BERLIN,
    );
    expect(placed.map((part) => part.item.key)).toEqual(["short"]);
    expect(placed[0]!.height).toBe(15);
  });

  it("keeps a block across a DST change as tall as it lasts", () => {
    const [autumn] = gridDays("day", "2026-10-25", BERLIN);
    // 01:30 CEST to 02:30 CET: two hours on the clock's face, two hours of time.
    const [placed] = layoutItems(
      [autumn!],
      [item("x", "2026-10-24T23:30:00Z", "2026-10-25T01:30:00Z", "task")],
      BERLIN,
    );
    expect(placed).toMatchObject({ top: 90, height: 120 });
  });
});

describe("slots and lengths", () => {
  it("snaps minutes to 15-minute slots inside the day", () => {
    expect(snapMinute(547)).toBe(545 - 5);
    expect(snapMinute(553)).toBe(555);
    expect(snapMinute(-20)).toBe(0);
    expect(snapMinute(1439)).toBe(1425);
  });

  it("keeps a duration between 5 minutes and 12 hours", () => {
    expect(clampDuration(50)).toBe(45);
    expect(clampDuration(0)).toBe(5);
    expect(clampDuration(2000)).toBe(720);
  });

  it("takes the task's estimate, else the default, else 30", () => {
    expect(taskDuration(45, 60)).toBe(45);
    expect(taskDuration(null, 60)).toBe(60);
    expect(taskDuration(null, null)).toBe(30);
  });

  it("says lengths as hours and minutes", () => {
    expect(formatHoursMinutes(150)).toBe("2 h 30");
    expect(formatHoursMinutes(120)).toBe("2 h");
    expect(formatHoursMinutes(65)).toBe("1 h 05");
    expect(formatHoursMinutes(45)).toBe("45 min");
  });

  it("reads and writes times of day", () => {
    expect(minuteLabel(570)).toBe("09:30");
    expect(parseMinute("09:30")).toBe(570);
    expect(parseMinute("24:00")).toBeUndefined();
    expect(parseMinute("9:30")).toBeUndefined();
  });
});
