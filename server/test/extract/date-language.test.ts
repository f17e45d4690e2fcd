import { describe, expect, it } from "vitest";
import { createDateReader, namesAMoment } from "../../src/modules/extract/date-phrases";
import { extractWithPatterns } from "../../src/modules/extract/pattern-extractor";
import { easterSunday, holidayRegion, HOLIDAYS, nextHoliday } from "../../src/modules/extract/holidays";

// Wednesday 18 November 2026, 10:00 in New York.
const NEW_YORK = { timeZone: "America/New_York", now: new Date("2026-11-18T15:00:00.000Z") };

/** The first reading that names a moment, as the user's wall date (or null). */
function dayRead(text: string, context = NEW_YORK): string | null {
  const reader = createDateReader(context);
  const result = reader.parse(text).find(namesAMoment);
  if (!result) return null;
  const due = reader.dueDateOf(result);
  if (!due) return null;
  return new Intl.DateTimeFormat("en-CA", { timeZone: context.timeZone, dateStyle: "short" }).format(
    new Date(due),
  );
}

describe("holidays people schedule by", () => {
  it("Easter falls where the calendar says (2026, 2027, 2038)", () => {
    expect(easterSunday(2026)).toEqual([2026, 4, 5]);
    expect(easterSunday(2027)).toEqual([2027, 3, 28]);
    expect(easterSunday(2038)).toEqual([2038, 4, 25]);
  });

  it("the zone decides the region: New York is the US, London the UK, Berlin Germany", () => {
    expect(holidayRegion("America/Chicago")).toBe("US");
    expect(holidayRegion("Europe/London")).toBe("UK");
    expect(holidayRegion("Europe/Berlin")).toBe("DE");
    expect(holidayRegion("Asia/Tokyo")).toBe("other");
  });

  it("Mother's Day is the second Sunday of May in the US and three weeks before Easter in the UK", () => {
    const mothersDay = HOLIDAYS.find((holiday) => /mother/.test(holiday.names))!;
    expect(nextHoliday(mothersDay, [2026, 11, 18], "US")).toEqual([2027, 5, 9]);
    expect(nextHoliday(mothersDay, [2026, 11, 18], "UK")).toEqual([2027, 3, 7]);
  });

  it("'3 days before Thanksgiving' is the Monday before the fourth Thursday of November", () => {
    expect(dayRead("Buy gifts 3 days before Thanksgiving")).toBe("2026-11-23");
  });

  it("a holiday already past this year is next year's: 'on Veterans Day' in late November", () => {
    expect(dayRead("Check the smoke alarms on Veterans Day")).toBe("2027-11-11");
  });

  it("German holidays are read in Berlin: Whit Monday and German Unity Day", () => {
    const berlin = { timeZone: "Europe/Berlin", now: NEW_YORK.now };
    expect(dayRead("Hike on Whit Monday", berlin)).toBe("2027-05-17");
    expect(dayRead("Flags out for German Unity Day", berlin)).toBe("2027-10-03");
  });

  it("a holiday name used as a word of the title is no date: 'Buy Thanksgiving groceries'", () => {
    expect(dayRead("Buy Thanksgiving groceries")).toBeNull();
    expect(dayRead("Write the Christmas card list")).toBeNull();
  });
});

describe("days of the month", () => {
  it("'the 14th' is the next 14th; 'the 24th this month' stays in this month", () => {
    expect(dayRead("Dentist checkup the 14th")).toBe("2026-12-14");
    expect(dayRead("Book the venue the 24th this month")).toBe("2026-11-24");
  });

  it("an ordinal before a noun is no day: 'the 3rd floor kitchen'", () => {
    expect(dayRead("Clean the 3rd floor kitchen")).toBeNull();
  });
});

describe("what only looks like a date", () => {
  it.each([
    ["a greeting", "Good evening team"],
    ["a percentage read as a time", "Rates rose to 7.15 percent"],
    ["a version", "Upgrade node to 20.11.1"],
    ["a measurement", "Cut 3/4 inch plywood"],
    ["a phone number", "Call 555-123-4567"],
    ["a number range", "Pages 10-12 of the workbook"],
    ["a ratio", "Export screenshots at 16:9"],
    ["a length of time", "Schedule a 30 min call"],
    ["a month used as a name", "Email April about the budget"],
    ["a part of the day used as a word", "Morning pages habit"],
    ["a date inside an invoice number", "Invoice #2024-05-17 follow-up"],
  ])("%s: %s", (_kind, text) => {
    expect(dayRead(text)).toBeNull();
  });
});

describe("the pattern method reads the same taught words", () => {
  const tasks = (text: string) =>
    extractWithPatterns(text, NEW_YORK).map((task) => [task.title, task.due_date]);

  it("'- [ ] Order the turkey 3 days before Thanksgiving' is due Monday 23 November", () => {
    expect(tasks("- [ ] Order the turkey 3 days before Thanksgiving")).toEqual([
      ["Order the turkey", "2026-11-24T04:59:59.000Z"],
    ]);
  });

  it("'TODO: file the receipts eod' is due at the end of today", () => {
    expect(tasks("TODO: file the receipts eod")).toEqual([["file the receipts", "2026-11-19T04:59:59.000Z"]]);
  });

  it("a short time needs its connector in a checklist: 'at 7a' is read, a bare '7a' stays", () => {
    expect(tasks("- [ ] Call the garage at 7a\n- [ ] Book room 7a")).toEqual([
      ["Call the garage", "2026-11-19T12:00:00.000Z"],
      ["Book room 7a", null],
    ]);
  });
});
