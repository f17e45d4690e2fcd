import { describe, expect, it } from "vitest";
import { analyseText, sentenceReadings } from "../../src/ai/builtin-engine";
import { intentModel } from "../../src/ai/intent/model";
import { isPromotional } from "../../src/ai/intent/promotions";
import { titleWithReferent } from "../../src/ai/intent/referents";
import { splitSentences } from "../../src/ai/intent/sentences";

// Wednesday 18 November 2026, 10:00 in New York.
const CONTEXT = { timeZone: "America/New_York", now: new Date("2026-11-18T15:00:00.000Z") };
const FRIDAY = "2026-11-21T04:59:59.000Z";
const read = (text: string) => analyseText(text, CONTEXT).map((task) => [task.title, task.due_date]);

describe("titles read as a person writes them down", () => {
  it("'…by the end of the week so the lights stay on' keeps neither the date nor the reason", () => {
    expect(read("Please pay the electricity bill by the end of the week so the lights stay on.")).toEqual([
      ["Pay the electricity bill", FRIDAY],
    ]);
  });

  it("a clause the date belonged to leaves with it: 'before you go on Friday'", () => {
    expect(read("Remember to hand in your badge before you go on Friday.")).toEqual([
      ["Hand in your badge", FRIDAY],
    ]);
  });

  it("'send me' from Nadia is 'Send Nadia' on the reader's list", () => {
    expect(read("Hi,\n\nCould you send me the floor plan by Friday?\n\nThanks,\nNadia")).toEqual([
      ["Send Nadia the floor plan", FRIDAY],
    ]);
  });

  it("'it' takes its referent from the question before: 'has anyone checked the backup job? can you do it?'", () => {
    expect(read("Has anyone checked the nightly backup job? Could you do it today?")).toEqual([
      ["Check the nightly backup job", "2026-11-19T04:59:59.000Z"],
    ]);
  });

  it("'it' takes the thing the sentence before talks about: 'The boiler is leaking. Please fix it.'", () => {
    expect(titleWithReferent("Fix it", "The boiler in the basement is leaking.")).toBe("Fix the boiler");
  });

  it("a note above a forwarded request gives that request its deadline, and no task of its own", () => {
    const text = [
      "Could you take care of this by Friday?",
      "",
      "---------- Forwarded message ---------",
      "From: Hugo <hugo@example.com>",
      "",
      "Please order new name badges for the reception.",
    ].join("\n");
    expect(read(text)).toEqual([["Order new name badges for the reception", FRIDAY]]);
  });
});

describe("what is no task", () => {
  it("'Don't forget that the lab is closed on Monday' tells, it does not ask", () => {
    expect(read("Don't forget that the lab is closed on Monday.")).toEqual([]);
  });

  it("a sale with an unsubscribe footer is promotional: 'Save 25% on boots, shop now'", () => {
    expect(isPromotional("Save 25% on all boots this weekend. Shop now!\nUnsubscribe")).toBe(true);
    expect(read("Save 25% on all boots this weekend. Shop now!\n\nUnsubscribe")).toEqual([]);
  });

  it("an ordinary request mentioning a price is not promotional", () => {
    expect(isPromotional("Please order the 25% cotton samples for the client.")).toBe(false);
  });

  it("what the user wrote above a forwarded promotion is still read", () => {
    const text = [
      "Can you buy two of these lamps before the sale ends on Friday?",
      "",
      "-----Original Message-----",
      "From: Lamp Shop <news@example.com>",
      "",
      "Flash sale: 30% off every lamp. Shop now!",
      "Unsubscribe",
    ].join("\n");
    expect(read(text).map(([title]) => title)).toEqual(["Buy two of these lamps"]);
  });
});

describe("headed lists and sentences", () => {
  it("'Friday: wash the car, mow the lawn and clean the grill' gives three tasks due Friday", () => {
    expect(read("Friday: wash the car, mow the lawn and clean the grill.")).toEqual([
      ["Wash the car", FRIDAY],
      ["Mow the lawn", FRIDAY],
      ["Clean the grill", FRIDAY],
    ]);
  });

  it("'the 1st.' ends a sentence: the next sentence's deadline is its own", () => {
    expect(splitSentences("The rent is due on the 1st. Please pay it by the 30th.")).toEqual([
      "The rent is due on the 1st.",
      "Please pay it by the 30th.",
    ]);
  });
});

describe("advice that asks", () => {
  it("'You might need to check with Ellen for the confirmation' asks the reader to check", () => {
    expect(read("You might need to check with Ellen for the confirmation.")).toEqual([
      ["Check with Ellen for the confirmation", null],
    ]);
  });

  it("'We will need to renew the lease before March 3' binds the reader like 'we need to'", () => {
    expect(read("We will need to renew the lease before March 3.")).toEqual([
      ["Renew the lease", "2027-03-04T04:59:59.000Z"],
    ]);
  });
});

describe("questions put to the reader", () => {
  it("'Zoe, have you seen the signed lease anywhere?' carries a request's cue for the classifier", () => {
    const [reading] = sentenceReadings("Zoe, have you seen the signed lease anywhere?", intentModel());
    expect(reading).toMatchObject({ screen: "classify", cued: true });
  });

  it("'Tom - can I get the list of open invoices?' asks for something as well", () => {
    const [reading] = sentenceReadings("Tom - can I get the list of open invoices?", intentModel());
    expect(reading).toMatchObject({ screen: "classify", cued: true });
  });
});

describe("requests without a please", () => {
  it("'Mina, work with the auditors on the cash count' addresses the reader, then asks", () => {
    expect(read("Mina, work with the auditors on the cash count.").map(([title]) => title)).toEqual([
      "Work with the auditors on the cash count",
    ]);
  });

  it("'I suggest we move the launch review to Monday' asks the reader to move it", () => {
    expect(read("I suggest we move the launch review to the big room.").map(([title]) => title)).toEqual([
      "Move the launch review to the big room",
    ]);
  });

  it("'Omar I need the signed quote' carries a request's cue for the classifier", () => {
    const [reading] = sentenceReadings("Omar I need the signed quote for the van.", intentModel());
    expect(reading).toMatchObject({ screen: "classify", cued: true });
  });
});
