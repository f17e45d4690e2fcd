import { describe, expect, it } from "vitest";
import { NO_REPEAT, recurrenceFrom, repeatChoiceLabels, repeatValuesFrom } from "./repeat-options";

describe("the Repeat control's rules", () => {
  // Tuesday 1 December 2026
  const day = "2026-12-01T10:00";

  it.each([
    ["never", null],
    ["daily", "FREQ=DAILY"],
    ["weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"],
    ["weekly", "FREQ=WEEKLY;BYDAY=TU"],
    ["monthly", "FREQ=MONTHLY;BYMONTHDAY=1"],
  ] as const)("makes %s into %s from the due date's day", (repeat, rule) => {
    expect(recurrenceFrom({ ...NO_REPEAT, repeat }, day)).toBe(rule);
  });

  it("makes a custom interval into FREQ and INTERVAL", () => {
    expect(
      recurrenceFrom({ ...NO_REPEAT, repeat: "custom", repeatInterval: "2", repeatUnit: "week" }, day),
    ).toBe("FREQ=WEEKLY;INTERVAL=2");
    expect(
      recurrenceFrom({ ...NO_REPEAT, repeat: "custom", repeatInterval: "1", repeatUnit: "year" }, day),
    ).toBe("FREQ=YEARLY");
  });

  it.each([
    [null, "never"],
    ["FREQ=DAILY", "daily"],
    ["FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "weekdays"],
    ["FREQ=WEEKLY;BYDAY=TU", "weekly"],
    ["FREQ=MONTHLY;BYMONTHDAY=1", "monthly"],
    ["FREQ=MONTHLY;INTERVAL=3", "custom"],
    // Not the due date's weekday, or not a shape the control has: kept as it is.
    ["FREQ=WEEKLY;BYDAY=FR", "keep"],
    ["FREQ=MONTHLY;BYDAY=-1FR", "keep"],
    ["FREQ=DAILY;COUNT=5", "keep"],
    ["not a rule", "keep"],
  ])("reads %s as %s, and gives the same rule back", (rule, choice) => {
    const values = repeatValuesFrom(rule, day);
    expect(values.repeat).toBe(choice);
    expect(recurrenceFrom(values, day)).toBe(rule);
  });

  it("names the due date's weekday and day of the month", () => {
    expect(repeatChoiceLabels("2026-11-22", "")).toMatchObject({
      weekly: "Weekly on Sunday",
      monthly: "Monthly on the 22nd",
    });
    expect(repeatChoiceLabels("", "FREQ=MONTHLY;BYDAY=-1FR").keep).toBe(
      "As before: every month on the last Friday",
    );
  });
});
