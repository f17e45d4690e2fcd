import { describe, expect, it } from "vitest";
import { analyseText } from "../../src/ai/builtin-engine";
import { renewalOf, saysNothingToDo } from "../../src/ai/intent/obligations";
import { fitTitle } from "../../src/modules/extract/pattern-extractor";

/** Sentences written for these tests; none comes from a public corpus. */
// Tuesday 1 December 2026, 11:00 in Berlin.
const CONTEXT = { timeZone: "Europe/Berlin", now: new Date("2026-12-01T10:00:00.000Z") };
const read = (text: string) => analyseText(text, CONTEXT).map((task) => [task.title, task.due_date]);

describe("a sentence saying there is nothing to do makes no task", () => {
  it.each([
    "Jonas will update the supplier list, so no action needed from you.",
    "You don't need to reply to this message.",
    "You do not have to send the form back.",
    "No action is required on your side.",
    "There is nothing for you to do here.",
    "No need to book the meeting room, Priya already did.",
    "Don't worry about the parking invoice.",
    "This is for your information only.",
  ])("%s", (sentence) => {
    expect(saysNothingToDo(sentence)).toBe(true);
    expect(read(sentence)).toEqual([]);
  });

  it("a request before the negation still stands: 'Please send the report, no need to print it'", () => {
    expect(saysNothingToDo("Please send the report, no need to print it.")).toBe(false);
    expect(read("Please send the report, no need to print it.")).toEqual([
      ["Send the report, no need to print it", null],
    ]);
  });
});

describe("another person's action item keeps their name", () => {
  it("'Marco: get quotes from two printers' in a mail is Marco's, not the reader's", () => {
    const text =
      "Hi Sam,\n\nNotes from the call.\nMarco: get quotes from two printers.\nCould you sign the lease?\n\nDana";
    expect(read(text)).toEqual([
      ["Marco: get quotes from two printers", null],
      ["Sign the lease", null],
    ]);
  });

  it("a chat line that asks ('Lena: can you send the slides?') is still Lena asking the reader", () => {
    expect(read("Lena: can you send the slides?\nTom: sure")).toEqual([["Send the slides", null]]);
  });
});

describe("a renewal stated as a fact is a task", () => {
  // End of the day in Berlin (CET, UTC+1).
  const DEC_15 = "2026-12-15T22:59:59.000Z";
  it.each([
    ["The Figma licences expire on Dec 15 and must be renewed.", "Renew the Figma licences"],
    ["Our domain name is due for renewal on Dec 15.", "Renew our domain name"],
    ["The SSL certificate needs to be renewed by Dec 15.", "Renew the SSL certificate"],
    ["Also, the parking permit expires on Dec 15 and needs renewing.", "Renew the parking permit"],
  ])("%s", (sentence, title) => {
    expect(read(sentence)).toEqual([[title, DEC_15]]);
  });

  it("an expiry with no renewal, or the sender's own renewal, is none", () => {
    expect(renewalOf("The discount code expires on Friday.")).toBeUndefined();
    expect(renewalOf("We will renew the lease when it expires.")).toBeUndefined();
    expect(read("We will renew the lease when it expires.")).toEqual([]);
  });
});

describe("'morning' is 09:00", () => {
  it("'tomorrow morning' is 09:00 where the reader lives, and a written hour wins", () => {
    expect(read("Please call the printer tomorrow morning.")).toEqual([
      ["Call the printer", "2026-12-02T08:00:00.000Z"],
    ]);
    expect(read("Please call the printer tomorrow morning at 8.")).toEqual([
      ["Call the printer", "2026-12-02T07:00:00.000Z"],
    ]);
  });
});

describe("titles are whole sentences", () => {
  it("a long request keeps its whole sentence as the title, with no ellipsis", () => {
    const sentence =
      "Please go through the onboarding checklist for the two new designers and make sure every account, licence and laptop they need on their first day has been requested from IT.";
    const [task] = analyseText(sentence, CONTEXT);
    expect(task?.title).toBe(
      "Go through the onboarding checklist for the two new designers and make sure every account, licence and laptop they need on their first day has been requested from IT",
    );
  });

  it("only a title over the limit is cut, at a word and without '…', the whole text in the description", () => {
    const title = "Order the blue chairs for the meeting room";
    const [fitted, description] = fitTitle(title, null, 20);
    expect(fitted).toBe("Order the blue");
    expect(description).toBe(title);
    expect(fitTitle(title, "Seen in the sale.", 20)[1]).toBe(`${title}\n\nSeen in the sale.`);
    expect(fitTitle(title, null, 60)).toEqual([title, null]);
  });
});
