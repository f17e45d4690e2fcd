import { DEFAULT_DATE_FORMAT, type DateFormatSettings } from "@contract/date-format";
import { describe, expect, it } from "vitest";
import { readDay, readTime, showDay, showTime } from "./date-input";

const as = (format: Partial<DateFormatSettings>) => ({ ...DEFAULT_DATE_FORMAT, ...format });

describe("readDay", () => {
  it("reads numeric dates in the user's order, and year first in any", () => {
    expect(readDay("3/12/2026", as({ date_order: "dmy" }))).toBe("2026-12-03");
    expect(readDay("3.12.2026", as({ date_order: "dmy" }))).toBe("2026-12-03");
    expect(readDay("12/3/2026", as({ date_order: "mdy" }))).toBe("2026-12-03");
    expect(readDay("2026-12-03", as({ date_order: "dmy" }))).toBe("2026-12-03");
  });

  it("reads a date written the way the app shows it", () => {
    expect(readDay("3 Dec 2026", as({ date_order: "dmy" }))).toBe("2026-12-03");
    expect(readDay("Dec 3, 2026", as({ date_order: "mdy" }))).toBe("2026-12-03");
  });

  it("refuses days that do not exist and text that is no date", () => {
    expect(readDay("31/02/2026", as({ date_order: "dmy" }))).toBeNull();
    expect(readDay("13/25/2026", as({ date_order: "mdy" }))).toBeNull();
    expect(readDay("soon", as({}))).toBeNull();
  });

  it("writes a day back in the user's order", () => {
    expect(showDay("2026-12-03", as({ date_order: "dmy" }))).toBe("03/12/2026");
    expect(showDay("2026-12-03", as({ date_order: "ymd" }))).toBe("2026-12-03");
    expect(showDay("", as({}))).toBe("");
  });
});

describe("readTime", () => {
  it.each([
    ["14:30", "14:30"],
    ["9", "09:00"],
    ["1430", "14:30"],
    ["9.05", "09:05"],
    ["2:30 PM", "14:30"],
    ["2pm", "14:00"],
    ["12 a.m.", "00:00"],
    ["12:15pm", "12:15"],
  ])("reads %s as %s", (text, time) => expect(readTime(text)).toBe(time));

  it.each(["24:00", "9:60", "13 pm", "0 am", "noonish", ""])("refuses %j", (text) =>
    expect(readTime(text)).toBeNull(),
  );

  it("writes a time on the user's clock", () => {
    expect(showTime("14:30", as({ clock: "12h" }))).toBe("2:30 PM");
    expect(showTime("14:30", as({ clock: "24h" }))).toBe("14:30");
    expect(showTime("", as({}))).toBe("");
  });
});
