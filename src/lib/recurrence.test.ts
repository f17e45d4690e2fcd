import { describe, expect, it } from "vitest";
import { nextDueDay, recurrenceInWords } from "./recurrence";
import { buildUser } from "@mocks/fixtures";
import { useSessionStore } from "@/stores/session-store";

describe("a rule in words", () => {
  it.each([
    ["FREQ=DAILY", "every day"],
    ["FREQ=DAILY;INTERVAL=3", "every 3 days"],
    ["FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", "every weekday"],
    ["FREQ=DAILY;BYMONTH=2", "every day in February"],
    ["FREQ=WEEKLY;BYDAY=MO", "every week on Monday"],
    ["FREQ=WEEKLY;BYDAY=MO,TH", "every week on Monday, Thursday"],
    ["FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", "every 2 weeks on Monday"],
    ["FREQ=WEEKLY;INTERVAL=2", "every 2 weeks"],
    ["FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "every weekday"],
    ["FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TU,WE,TH,FR", "every 2 weeks on weekdays"],
    ["FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU", "every day"],
    ["FREQ=WEEKLY;UNTIL=20261201T000000Z", "every week until December 1, 2026"],
    ["FREQ=DAILY;COUNT=3", "every day for 3 times"],
    ["FREQ=MONTHLY;INTERVAL=3", "every 3 months"],
    ["FREQ=MONTHLY;BYMONTHDAY=1,15", "every month on the 1st and 15th"],
    ["FREQ=MONTHLY;BYMONTHDAY=11,12,13", "every month on the 11th, 12th and 13th"],
    ["FREQ=MONTHLY;BYMONTHDAY=-2", "every month on the 2nd last"],
    ["FREQ=MONTHLY;BYDAY=-1FR", "every month on the last Friday"],
    ["FREQ=MONTHLY;BYDAY=1MO,3MO", "every month on the 1st Monday and 3rd Monday"],
    ["FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13", "every month on Friday the 13th"],
    ["FREQ=YEARLY;INTERVAL=2", "every 2 years"],
    ["FREQ=YEARLY;BYMONTH=3;BYDAY=2SU", "every March on the 2nd Sunday"],
    ["FREQ=YEARLY;BYMONTH=1,7", "every January and July"],
    ["FREQ=YEARLY;BYYEARDAY=100", "every year on the 100th day"],
    ["RRULE:freq=weekly;byday=tu", "every week on Tuesday"],
  ])("says %s as %j (as the rrule library said it)", (rule, words) => {
    expect(recurrenceInWords(rule)).toBe(words);
  });

  it.each(["not a rule", "FREQ=HOURLY", "FREQ=SOMETIMES", ""])("says %j as 'repeats'", (rule) => {
    expect(recurrenceInWords(rule)).toBe("repeats");
  });
});

describe("the day a repeating task comes back", () => {
  it("is the rule's next date at the same wall-clock time, in the user's zone", () => {
    useSessionStore.getState().setUser(buildUser({ date_order: "dmy" }));
    // Monday 23 March 2026, 09:00 in Berlin: the next Monday, after the change to summer time.
    expect(nextDueDay("FREQ=WEEKLY;BYDAY=MO", "2026-03-23T08:00:00.000Z", "Europe/Berlin")).toBe(
      "Mon 30 Mar",
    );
    // 20:00 UTC on Tuesday 1 December is Wednesday the 2nd in Tokyo: the next weekday is Thursday.
    expect(nextDueDay("FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", "2026-12-01T20:00:00.000Z", "Asia/Tokyo")).toBe(
      "Thu 3 Dec",
    );
    expect(nextDueDay("FREQ=MONTHLY;BYMONTHDAY=-1", "2026-01-31T10:00:00.000Z", "UTC")).toBe("Sat 28 Feb");
    useSessionStore.getState().setUser(buildUser({ date_order: "mdy" }));
    expect(nextDueDay("FREQ=MONTHLY;BYMONTHDAY=-1", "2026-01-31T10:00:00.000Z", "UTC")).toBe("Sat, Feb 28");
  });

  it("is undefined for a rule that cannot be read or is over", () => {
    expect(nextDueDay("not a rule", "2026-03-23T08:00:00.000Z", "UTC")).toBeUndefined();
    expect(nextDueDay("FREQ=DAILY;COUNT=1", "2026-03-23T08:00:00.000Z", "UTC")).toBeUndefined();
  });
});
