import { describe, expect, it } from "vitest";
import { parseQuickAdd } from "../../src/modules/quick-add/parse-quick-add";

// Wednesday 18 November 2026, 10:00 in New York (EST, UTC−5).
const MORNING = { timeZone: "America/New_York", now: new Date("2026-11-18T15:00:00.000Z") };
// The same day at 16:00, when 15:00 has passed.
const AFTERNOON = { timeZone: "America/New_York", now: new Date("2026-11-18T21:00:00.000Z") };

const read = (text: string, context = MORNING) => {
  const { title, due_date } = parseQuickAdd(text, context);
  return { title, due: due_date };
};

describe("quick add reads times as a person means them", () => {
  it("'Review PR at 3' is due at 15:00 today, not at 3 in the night", () => {
    expect(read("Review PR at 3")).toEqual({ title: "Review PR", due: "2026-11-18T20:00:00.000Z" });
  });

  it("'Review PR at 3' typed after 15:00 is due at 15:00 tomorrow", () => {
    expect(read("Review PR at 3", AFTERNOON)).toEqual({
      title: "Review PR",
      due: "2026-11-19T20:00:00.000Z",
    });
  });

  it("a bare hour from 7 on stays in the morning: 'Standup at 9 tomorrow' is 09:00", () => {
    expect(read("Standup at 9 tomorrow")).toEqual({ title: "Standup", due: "2026-11-19T14:00:00.000Z" });
  });

  it("short times '7a', '10p' and '9:30a' are read with their half of the day", () => {
    expect(read("Call mom at 7a").due).toBe("2026-11-19T12:00:00.000Z");
    expect(read("Submit timesheet 10p")).toEqual({
      title: "Submit timesheet",
      due: "2026-11-19T03:00:00.000Z",
    });
    expect(read("Standup notes 9:30a tomorrow")).toEqual({
      title: "Standup notes",
      due: "2026-11-19T14:30:00.000Z",
    });
  });

  it("'eod' is the end of today, and 'by eod Friday' the end of Friday", () => {
    expect(read("Send the invoice eod")).toEqual({
      title: "Send the invoice",
      due: "2026-11-19T04:59:59.000Z",
    });
    expect(read("Finish the slides by eod Friday")).toEqual({
      title: "Finish the slides",
      due: "2026-11-21T04:59:59.000Z",
    });
  });

  it("'@ 10:30' is a time and the @ leaves the title with it", () => {
    expect(read("Team meeting @ 10:30")).toEqual({ title: "Team meeting", due: "2026-11-18T15:30:00.000Z" });
  });
});

describe("quick add never drops text", () => {
  it("a date no task may carry ('Jan 1 10000') stays whole in the title, with no due date", () => {
    expect(read("Time capsule opening on Jan 1 10000")).toEqual({
      title: "Time capsule opening on Jan 1 10000",
      due: null,
    });
  });

  it("a link with /2024/05/17/ in its path is no date and stays whole", () => {
    expect(read("Read https://example.com/blog/2024/05/17/launch tomorrow")).toEqual({
      title: "Read https://example.com/blog/2024/05/17/launch",
      due: "2026-11-20T04:59:59.000Z",
    });
  });

  it("a report named '7/7' keeps its name while Friday is read", () => {
    expect(read("Review the 7/7 report on Friday")).toEqual({
      title: "Review the 7/7 report",
      due: "2026-11-21T04:59:59.000Z",
    });
  });

  it("'night' in 'game night' and 'the Tonight Show' stay title words when a real date follows", () => {
    expect(read("Prep snacks for game night on Saturday")).toEqual({
      title: "Prep snacks for game night",
      due: "2026-11-22T04:59:59.000Z",
    });
    expect(read("Watch the Tonight Show clip tomorrow").title).toBe("Watch the Tonight Show clip");
  });
});
