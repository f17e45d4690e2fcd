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

  it("'tomorrow morning' is 09:00, and an hour written with it wins", () => {
    expect(read("Call the bank tomorrow morning")).toEqual({
      title: "Call the bank",
      due: "2026-11-19T14:00:00.000Z",
    });
    expect(read("Call the bank tomorrow morning at 8").due).toBe("2026-11-19T13:00:00.000Z");
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

describe("quick add reads an estimate", () => {
  const estimate = (text: string) => {
    const { title, due_date, duration_minutes, spans } = parseQuickAdd(text, MORNING);
    return { title, due: due_date, minutes: duration_minutes, kinds: spans.map((span) => span.kind) };
  };

  it("'45m', '2h' and '1h30' set the duration and leave the title", () => {
    expect(estimate("Write the report 45m")).toMatchObject({ title: "Write the report", minutes: 45 });
    expect(estimate("Deep work 2h")).toMatchObject({ title: "Deep work", minutes: 120 });
    expect(estimate("Review the budget 1h30 tomorrow")).toEqual({
      title: "Review the budget",
      due: "2026-11-20T04:59:59.000Z",
      minutes: 90,
      kinds: ["duration", "date"],
    });
    expect(estimate("Plan sprint 1h30m")).toMatchObject({ title: "Plan sprint", minutes: 90 });
    expect(estimate("Call the bank 20 min")).toMatchObject({ title: "Call the bank", minutes: 20 });
    expect(estimate("Study 1.5h")).toMatchObject({ title: "Study", minutes: 90 });
  });

  it("'in 2h' is a moment, not an estimate", () => {
    const reading = estimate("Call back in 2h");
    expect(reading.minutes).toBeNull();
    expect(reading.title).toBe("Call back");
    expect(reading.due).toBe("2026-11-18T17:00:00.000Z");
  });

  it("a length no task can carry, a quoted one, or one inside a word stays in the title", () => {
    expect(estimate("Meditate 4 min")).toMatchObject({ title: "Meditate 4 min", minutes: null });
    expect(estimate("Fly 13h")).toMatchObject({ title: "Fly 13h", minutes: null });
    expect(estimate('Buy the "45m" cable')).toMatchObject({ title: "Buy the 45m cable", minutes: null });
    expect(estimate("Fix room B2h")).toMatchObject({ title: "Fix room B2h", minutes: null });
    expect(estimate("Order 5mm screws")).toMatchObject({ title: "Order 5mm screws", minutes: null });
    expect(estimate("Schedule a 30 min call")).toMatchObject({
      title: "Schedule a 30 min call",
      minutes: null,
    });
    expect(estimate("Book a 2 hour massage 45m")).toMatchObject({
      title: "Book a 2 hour massage",
      minutes: 45,
    });
  });

  it("takes the first estimate only; a second one stays in the title and is no date", () => {
    expect(estimate("Write 30m then rest 15m")).toMatchObject({
      title: "Write then rest 15m",
      minutes: 30,
      due: null,
    });
  });
});
