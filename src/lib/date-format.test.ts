import { describe, expect, it } from "vitest";
import { datePattern, formatDate } from "./date-format";

const THURSDAY_1PM_BERLIN = "2026-12-03T12:00:00.000Z";

describe("formatDate", () => {
  it("shows day first on a 24-hour clock for a day-first user", () => {
    const settings = { date_order: "dmy", clock: "24h", week_start: 1 } as const;
    expect(formatDate(THURSDAY_1PM_BERLIN, "Europe/Berlin", "weekdayDateTime", settings)).toBe(
      "Thu 3 Dec, 13:00",
    );
    expect(formatDate(THURSDAY_1PM_BERLIN, "Europe/Berlin", "dateTime", settings)).toBe("3 Dec 2026, 13:00");
    expect(formatDate(THURSDAY_1PM_BERLIN, "Europe/Berlin", "longDay", settings)).toBe("Thursday 3 Dec");
  });

  it("shows month first on a 12-hour clock for a month-first user", () => {
    const settings = { date_order: "mdy", clock: "12h", week_start: 7 } as const;
    expect(formatDate(THURSDAY_1PM_BERLIN, "Europe/Berlin", "weekdayDateTime", settings)).toBe(
      "Thu, Dec 3, 1:00 PM",
    );
    expect(formatDate(THURSDAY_1PM_BERLIN, "Europe/Berlin", "date", settings)).toBe("Dec 3, 2026");
    expect(formatDate(THURSDAY_1PM_BERLIN, "America/New_York", "time", settings)).toBe("7:00 AM");
  });

  it("shows year first for a year-first user", () => {
    const settings = { date_order: "ymd", clock: "24h", week_start: 1 } as const;
    expect(formatDate(THURSDAY_1PM_BERLIN, "Europe/Berlin", "dateTime", settings)).toBe("2026-12-03, 13:00");
    expect(formatDate(THURSDAY_1PM_BERLIN, "UTC", "month", settings)).toBe("2026-12");
  });

  it("keeps the formats shown before the choice for a user who never chose", () => {
    expect(datePattern("dateTime")).toBe("MMM d, yyyy, h:mm a");
    expect(formatDate(null, "UTC")).toBe("");
  });
});
