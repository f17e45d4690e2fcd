import { describe, expect, it } from "vitest";
import { analyseText } from "../../src/ai/builtin-engine";
import { clausesOf, splitCoordinatedActions } from "../../src/ai/intent/clauses";

// Wednesday 18 November 2026, 10:00 in New York.
const CONTEXT = { timeZone: "America/New_York", now: new Date("2026-11-18T15:00:00.000Z") };
const titles = (text: string) => analyseText(text, CONTEXT).map((task) => task.title);

describe("one sentence, several actions", () => {
  it("three actions in a row become three tasks: 'water the ferns, pay the gas bill and ring the school'", () => {
    expect(splitCoordinatedActions("water the ferns, pay the gas bill and ring the school")).toEqual([
      "water the ferns",
      "pay the gas bill",
      "ring the school",
    ]);
  });

  it("a list of things to buy stays one task: 'buy flour, eggs and butter'", () => {
    expect(splitCoordinatedActions("buy flour, eggs and butter")).toEqual(["buy flour, eggs and butter"]);
  });

  it("two verbs sharing one object stay one task: 'review and sign the lease'", () => {
    expect(splitCoordinatedActions("review and sign the lease")).toEqual(["review and sign the lease"]);
  });

  it("an answer asked for with the action stays with it: 'check the draft and let me know'", () => {
    expect(splitCoordinatedActions("check the draft, and let me know what you think")).toEqual([
      "check the draft, and let me know what you think",
    ]);
  });

  it("a shared 'need to' and deadline are carried to every action", () => {
    const tasks = analyseText(
      "We need to order toner, book the van, and email the landlord by Friday.",
      CONTEXT,
    );
    expect(tasks.map((task) => [task.title, task.due_date])).toEqual([
      ["Order toner", "2026-11-21T04:59:59.000Z"],
      ["Book the van", "2026-11-21T04:59:59.000Z"],
      ["Email the landlord", "2026-11-21T04:59:59.000Z"],
    ]);
  });
});

describe("assignments and enumerations", () => {
  it("'Noor to file the expense report' is Noor's task, titled with her name", () => {
    expect(titles("Budget sync. Noor to file the expense report.")).toEqual([
      "Noor: file the expense report",
    ]);
  });

  it("'Action: Felix — order the banners' and 'AI: Rosa to call the caterer' name their owners", () => {
    expect(clausesOf("Action: Felix — order the banners")).toEqual([
      { text: "order the banners", forced: true, owner: "Felix" },
    ]);
    expect(clausesOf("AI: Rosa to call the caterer")).toEqual([
      { text: "call the caterer", forced: true, owner: "Rosa" },
    ]);
  });

  it("two people's assignments joined by 'and' are two tasks", () => {
    expect(titles("We agreed that Ingrid will draft the survey and Paolo will book the venue.")).toEqual([
      "Ingrid: draft the survey",
      "Paolo: book the venue",
    ]);
  });

  it("'first, …; second, …' lists one task per item", () => {
    expect(
      titles(
        "Before launch two things must happen: first, someone has to test the checkout; second, we must update the FAQ.",
      ),
    ).toEqual(["Test the checkout", "Update the FAQ"]);
  });

  it("'the following actions are required:' is followed by one task per action", () => {
    expect(
      titles(
        "The following actions are required: renew the certificate, rotate the keys, and notify the auditors.",
      ),
    ).toEqual(["Renew the certificate", "Rotate the keys", "Notify the auditors"]);
  });

  it("a name that is no person does not make an assignment: 'Hope to see you there'", () => {
    expect(clausesOf("Hope to see you there")).toEqual([{ text: "Hope to see you there", forced: false }]);
  });

  it("numbered parts that are no actions are no list: 'two charts: 1) prices and 2) volumes'", () => {
    expect(clausesOf("I attached two charts: 1) prices and 2) volumes.")).toEqual([
      { text: "I attached two charts: 1) prices and 2) volumes.", forced: false },
    ]);
  });
});
