import { describe, expect, it } from "vitest";
import { allDayDueDate, dayFromToday, isAllDay, localDay } from "./due-dates";

describe("all-day due dates", () => {
  it("stores a day as the end of that day in the user's zone", () => {
    expect(allDayDueDate("2026-11-24", "Europe/Berlin")).toBe("2026-11-24T22:59:59.999Z");
    expect(allDayDueDate("2026-07-01", "America/New_York")).toBe("2026-07-02T03:59:59.999Z");
    expect(allDayDueDate("not a day", "UTC")).toBeNull();
  });

  it("recognises an all-day due date only in the zone it was made in", () => {
    const due = allDayDueDate("2026-11-24", "Europe/Berlin")!;
    expect(isAllDay(due, "Europe/Berlin")).toBe(true);
    expect(isAllDay(due, "UTC")).toBe(false);
    expect(isAllDay("2026-11-24T15:00:00.000Z", "Europe/Berlin")).toBe(false);
    expect(localDay(due, "Europe/Berlin")).toBe("2026-11-24");
  });

  it("recognises the server's end of day (whole second) as all-day too", () => {
    // Extraction and recurrence store "tomorrow" as 23:59:59.000 local time.
    expect(isAllDay("2026-11-24T22:59:59.000Z", "Europe/Berlin")).toBe(true);
    expect(isAllDay("2026-11-24T22:59:00.000Z", "Europe/Berlin")).toBe(false);
  });

  it("counts days from today in the user's zone", () => {
    const lateSunday = new Date("2026-11-22T23:30:00Z"); // already Monday in Berlin
    expect(dayFromToday(0, "Europe/Berlin", lateSunday)).toBe("2026-11-23");
    expect(dayFromToday(1, "Europe/Berlin", lateSunday)).toBe("2026-11-24");
    expect(dayFromToday(7, "UTC", lateSunday)).toBe("2026-11-29");
  });
});
