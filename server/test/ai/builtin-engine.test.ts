import { describe, expect, it } from "vitest";
import { analyseText, isRequestAt, sentenceReadings } from "../../src/ai/builtin-engine";
import { featureSlots, featuresOf } from "../../src/ai/intent/features";
import { probability, train } from "../../src/ai/intent/logistic";
import {
  decodeIntentModel,
  encodeIntentModel,
  intentModel,
  requestProbabilities,
  requestProbability,
} from "../../src/ai/intent/model";
import { readSentence, readSentences } from "../../src/ai/intent/reader";
import { chooseCutOffs, judgeCutOffs, type ReadMail } from "../../src/ai/intent/training";
import { invitationTo, isBoilerplate, isSendersOwnPlan, signedName } from "../../src/ai/intent/rules";

/** Sentences written for these tests; none comes from a public corpus. */
const context = { timeZone: "Europe/Berlin", now: new Date("2026-03-10T09:00:00.000Z") }; // a Tuesday

function titles(text: string): string[] {
  return analyseText(text, context).map((task) => task.title);
}

describe("the request classifier", () => {
  const isRequest = (sentence: string) => requestProbability(sentence) >= intentModel().threshold;

  it("reads requests and questions asking for data as requests", () => {
    expect(isRequest("Could you send me the signed lease for the Leipzig office?")).toBe(true);
    expect(isRequest("Please forward the shipping schedule to the warehouse team.")).toBe(true);
    expect(isRequest("What is the current balance on the marketing account?")).toBe(true);
  });

  it("reads statements and news as no request", () => {
    expect(isRequest("The new espresso machine arrived on the third floor yesterday.")).toBe(false);
    expect(isRequest("Our team closed the quarter with record sales in the north region.")).toBe(false);
  });

  it("is deterministic: the same sentence always gets the same probability", () => {
    const sentence = "Can you check the printer settings before lunch?";
    expect(requestProbability(sentence)).toBe(requestProbability(sentence));
  });
});

describe("the features", () => {
  it("see the words, word pairs and triples, the question mark and how the sentence opens", () => {
    const features = featuresOf(readSentence("So, can you book the meeting room for Thursday?"));
    expect(features).toContain("w:book");
    expect(features).toContain("b:you_book");
    expect(features).toContain("t:thursday_?_</s>");
    // The opening is read after the filler "So,": an auxiliary, then a pronoun.
    expect(features).toContain("op2:AUX_PRON");
  });

  it("read numbers, addresses and links as their kind", () => {
    const features = featuresOf(readSentence("Send 40 copies to print@example.com by 5."));
    expect(features).toContain("w:<num>");
    expect(features).toContain("w:<email>");
    expect(features).not.toContain("w:40");
  });

  it("hash each distinct feature into the slot space", () => {
    const slots = featureSlots(readSentence("Please send the invoice."), 10);
    expect(slots.length).toBeGreaterThan(5);
    expect(new Set(slots).size).toBe(slots.length);
    expect([...slots].every((slot) => slot >= 0 && slot < 1024)).toBe(true);
  });
});

describe("the trainer", () => {
  const bits = 12;
  const sentence = (text: string) => featureSlots(readSentence(text), bits);
  const examples = [
    { text: "Please send the file.", label: 1 as const },
    { text: "Please call the client.", label: 1 as const },
    { text: "Please review the draft.", label: 1 as const },
    { text: "Could you check the figures?", label: 1 as const },
    { text: "The file arrived today.", label: 0 as const },
    { text: "The client was happy.", label: 0 as const },
    { text: "The draft looks fine.", label: 0 as const },
    { text: "The figures were checked.", label: 0 as const },
  ].map(({ text, label }) => ({ slots: sentence(text), label, weight: 1 }));
  const options = { bits, l2: 0.01, minCount: 1, maxIterations: 200 };

  it("learns a separable rule", () => {
    const model = train(examples, options);
    expect(probability(model, sentence("Please fix the printer."))).toBeGreaterThan(0.5);
    expect(probability(model, sentence("The printer was fixed."))).toBeLessThan(0.5);
  });

  it("gives the same weights for the same data", () => {
    const first = train(examples, options);
    const second = train(examples, options);
    expect(second.bias).toBe(first.bias);
    expect(second.weights).toEqual(first.weights);
  });

  it("writes a model file that reads back with the same decisions", () => {
    const model = {
      ...train(examples, options),
      bits,
      threshold: 0.42,
      cutOffs: { withCue: 0.05, withoutCue: 0.6 },
      trainedOn: ["test sentences"],
    };
    const read = decodeIntentModel(encodeIntentModel(model));
    expect(read.threshold).toBe(0.42);
    expect(read.cutOffs).toEqual({ withCue: 0.05, withoutCue: 0.6 });
    expect(read.trainedOn).toEqual(["test sentences"]);
    for (const { slots } of examples)
      expect(probability(read, slots)).toBeCloseTo(probability(model, slots), 3);
    expect(() => decodeIntentModel(Buffer.from("{}"))).toThrow(/not a request-classifier model/);
  });
});

describe("the rules", () => {
  it("know legal disclaimers, marketing footers, auto-replies and courtesies", () => {
    expect(
      isBoilerplate(
        "If this message reached you in error, please notify the sender and delete this message.",
      ),
    ).toBe(true);
    expect(isBoilerplate("This note is intended only for the named recipient and may be privileged.")).toBe(
      true,
    );
    expect(isBoilerplate("Click here to unsubscribe from our weekly garden tips.")).toBe(true);
    expect(isBoilerplate("Order now and get free shipping on every lamp!")).toBe(true);
    expect(isBoilerplate("I am out of the office until March 20 with limited access to e-mail.")).toBe(true);
    expect(isBoilerplate("Thanks so much for your help with the move!")).toBe(true);
    expect(isBoilerplate("Have a great weekend, everyone.")).toBe(true);
    expect(isBoilerplate("Take care, Rosalind")).toBe(true);
    expect(isBoilerplate("Should you have any questions about the tariff, please let me know.")).toBe(true);
    expect(isBoilerplate("Ring me if anyone has any concerns about the rota.")).toBe(true);
    expect(isBoilerplate("Please book a table for six at the harbour restaurant.")).toBe(false);
    expect(isBoilerplate("Thanks for the notes, please send the final agenda.")).toBe(false);
  });

  it("know the sender's own plans from requests to the reader", () => {
    expect(isSendersOwnPlan("I will send the revised budget tomorrow.")).toBe(true);
    expect(isSendersOwnPlan("I'm going to call the landlord after lunch.")).toBe(true);
    expect(isSendersOwnPlan("I have to leave early for a dentist appointment.")).toBe(true);
    expect(isSendersOwnPlan("We will circulate the minutes on Friday.")).toBe(true);
    expect(isSendersOwnPlan("Maybe I'll drop by the studio on my way home.")).toBe(true);
    expect(isSendersOwnPlan("Ines, I will leave the keys at the front desk.")).toBe(true);
    expect(isSendersOwnPlan("I just left a voicemail for the plumber.")).toBe(true);
    expect(isSendersOwnPlan("We're trying to get the whole team together in May.")).toBe(true);
    expect(isSendersOwnPlan("I spoke with the landlord this morning about the boiler.")).toBe(true);
    expect(isSendersOwnPlan("I saw Rita at the depot and she wants to go over the rota with us.")).toBe(true);
    expect(isSendersOwnPlan("I talked to Rita, please call her back today.")).toBe(false);
    expect(isSendersOwnPlan("I want to make sure everyone knows the office is closed on Monday.")).toBe(true);
    expect(isSendersOwnPlan("If you can get us the floor plans, we can prepare the quote.")).toBe(true);
    expect(isSendersOwnPlan("If you get the floor plans, please forward them to Omar.")).toBe(false);
    expect(isSendersOwnPlan("Will I see you at the workshop?")).toBe(false);
    expect(isSendersOwnPlan("Could you send the revised budget?")).toBe(false);
  });

  it("know answers the reader owes only by choice, hand-overs, greetings, records and forecasts", () => {
    expect(isBoilerplate("Let me know if you can't make it to the rehearsal.")).toBe(true);
    expect(isBoilerplate("If you want to present the figures yourself, go ahead.")).toBe(true);
    expect(isBoilerplate("If I'm not in, leave a note on my desk.")).toBe(true);
    expect(isBoilerplate("Marta, here is the seating chart you asked for.")).toBe(true);
    expect(isBoilerplate("Here is the seating chart; please check the names.")).toBe(false);
    expect(isBoilerplate("Theo, how is it going?")).toBe(true);
    expect(isBoilerplate("Room: B12 Start: 9:00 End: 11:30 Host: Carla")).toBe(true);
    expect(isBoilerplate("Otherwise you will have trouble logging in on Monday.")).toBe(true);
    expect(isBoilerplate("You will need to sign the form at reception.")).toBe(false);
    expect(isBoilerplate("FYI - please see below for the revised seating chart.")).toBe(true);
    expect(isBoilerplate("If we need to talk further, ring me on my mobile.")).toBe(true);
    expect(isBoilerplate("Please reply if you can't make it by noon.")).toBe(false);
  });

  it("know invitations and what they invite to", () => {
    expect(invitationTo("Can I take you to lunch on Friday?")).toBe("lunch");
    expect(invitationTo("Would you like to join us for dinner after the conference?")).toBe("dinner");
    expect(invitationTo("Are you free for coffee tomorrow?")).toBe("coffee");
    expect(invitationTo("Can you send me the lunch menu?")).toBeUndefined();
    expect(invitationTo("We had lunch at the new place.")).toBeUndefined();
  });

  it("find who signed an e-mail", () => {
    expect(signedName("Hi Tom,\n\nCan I take you to lunch?\n\nBest,\nGreta")).toBe("Greta");
    expect(signedName("Can I take you to lunch? Thanks, Greta")).toBe("Greta");
    expect(signedName("Can I take you to lunch?")).toBeUndefined();
  });
});

describe("the built-in engine on e-mail", () => {
  it("turns a request into a short imperative title with the sentence as description", () => {
    const [task, ...rest] = analyseText(
      "Hi Omar,\n\nCould you please send the updated floor plan for the Hamburg office to the facilities team?\n\nThanks,\nLena",
      context,
    );
    expect(rest).toEqual([]);
    expect(task?.title).toBe("Send the updated floor plan for the Hamburg office to the facilities team");
    expect(task?.description).toContain("Could you please send the updated floor plan");
    expect(task?.due_date).toBeNull();
  });

  it("asks for a reply to an invitation, naming who signed", () => {
    expect(titles("Hi Tom,\n\nCan I take you to lunch next week?\n\nBest,\nGreta")).toEqual([
      "Reply to Greta about lunch",
    ]);
  });

  it("titles an offer waiting for the reader's word as the answer, not as the sender's part", () => {
    expect(
      titles("I cleaned up the floor plan. Let me know and I'll print a copy for the caretaker."),
    ).toEqual(["Let me know and I'll print a copy for the caretaker"]);
  });

  it("makes no task of the sender's commitments, disclaimers or marketing", () => {
    const text = [
      "Hi Jonas,",
      "",
      "I will send the slides tonight. I have to run to a meeting now.",
      "",
      "Thanks again for your patience!",
      "",
      "This e-mail may contain confidential information. If you are not the intended recipient, please delete it.",
      "",
      "Upgrade today and save 30% on your plan. Click here to unsubscribe.",
    ].join("\n");
    expect(titles(text)).toEqual([]);
  });

  it("reads an obligation as a task only when it binds the reader", () => {
    expect(titles("You need to renew the insurance before the trip.")).toEqual([
      "Renew the insurance before the trip",
    ]);
    expect(titles("Facilities needs to repaint the meeting room.")).toEqual(["Repaint the meeting room"]);
    expect(titles("As far as I can tell the brochure should now be at the printer.")).toEqual([]);
    expect(titles("They told me that every visitor should be registered at the gate.")).toEqual([]);
  });

  it("takes the due date only from a deadline phrase in the request", () => {
    const [task] = analyseText("Please return the signed form by Friday.", context);
    expect(task?.title).toBe("Return the signed form");
    expect(task?.due_date).toBe("2026-03-13T22:59:59.000Z");
    const [undated] = analyseText("Please summarise the Friday workshop for the board.", context);
    expect(undated?.due_date).toBeNull();
  });

  it("sets the priority from urgency cues and the tags from hashtags", () => {
    const [task] = analyseText("Please renew the parking permit asap #car", context);
    expect(task?.title).toBe("Renew the parking permit");
    expect(task?.priority).toBe("urgent");
    expect(task?.tags).toEqual(["car"]);
  });

  it("keeps a long request whole as the title, never cut with an ellipsis", () => {
    const [task] = analyseText(
      "Could you compare the three quotes from the removal companies and check which one includes packing materials, insurance and storage for two weeks?",
      context,
    );
    expect(task?.title).toBe(
      "Compare the three quotes from the removal companies and check which one includes packing materials, insurance and storage for two weeks",
    );
    expect(task?.title).not.toContain("…");
  });
});

describe("reading many sentences at once", () => {
  const sentences = [
    "Could you water the ferns in the lobby before Friday?",
    "The courier dropped two boxes at reception.",
    "Please ask Mr. Okafor whether the 9:30 slot still works.",
    "Send 12 copies to print@example.org, thanks!",
  ];

  it("gives each sentence the words and tags it gets when read alone", () => {
    const together = readSentences(sentences);
    expect(together.map((sentence) => sentence.text)).toEqual(sentences);
    sentences.forEach((text, index) => {
      const alone = readSentence(text);
      expect(together[index]!.words).toEqual(alone.words);
      expect(together[index]!.tags).toEqual(alone.tags);
    });
    expect(together.flatMap((sentence) => sentence.tags)).not.toContain("SPACE");
  });

  it("scores each sentence as it is scored alone", () => {
    const together = requestProbabilities(sentences);
    sentences.forEach((text, index) => expect(together[index]).toBeCloseTo(requestProbability(text), 10));
    expect(requestProbabilities([])).toEqual([]);
  });

  it("gives the engine the same tasks as reading one e-mail at a time", () => {
    const first =
      "Hi Priya,\n\nCould you book the minibus for the Saturday trip? The museum opens at ten.\n\nThanks,\nTom";
    const second =
      "Hello Tom,\n\nPlease bring the first-aid kit on Saturday. I will pack the sandwiches.\n\nBest,\nPriya";
    const both = titles(`${first}\n\n${second}`);
    expect(both).toEqual(expect.arrayContaining([...titles(first), ...titles(second)]));
    expect(both).toHaveLength(titles(first).length + titles(second).length);
  });
});

describe("the engine's cut-offs", () => {
  it("take a cued sentence at the lower cut-off and an uncued one only at the higher one", () => {
    const cutOffs = { withCue: 0.1, withoutCue: 0.6 };
    expect(isRequestAt(cutOffs, 0.4, true, 0.15)).toBe(true);
    expect(isRequestAt(cutOffs, 0.4, false, 0.15)).toBe(false);
    expect(isRequestAt(cutOffs, 0.4, false, 0.6)).toBe(true);
    // The model's own threshold is a floor for a sentence without a cue.
    expect(isRequestAt({ withCue: 0.1, withoutCue: 0.3 }, 0.45, false, 0.4)).toBe(false);
  });

  it("come with the model and decide what the engine keeps", () => {
    const text = "Maybe somebody could look at the leaking tap in the kitchen.";
    const model = intentModel();
    const p = requestProbability(text);
    const strict = { ...model, cutOffs: { withCue: Math.min(1, p + 0.01), withoutCue: 1 } };
    const lenient = { ...model, threshold: 0, cutOffs: { withCue: 0, withoutCue: 0 } };
    expect(analyseText(text, context, { model: strict })).toHaveLength(0);
    expect(analyseText(text, context, { model: lenient })).toHaveLength(1);
  });

  it("are read sentence by sentence with what the rules made of each", () => {
    const readings = sentenceReadings(
      "Can I take you to lunch on Thursday? I will send the seating plan tonight. Please print the badges.",
      intentModel(),
    );
    expect(readings.map((reading) => reading.screen)).toEqual(["invitation", "ruled-out", "classify"]);
    expect(readings[2]!.cued).toBe(true);
    expect(readings[2]!.probability).toBeGreaterThan(0);
    expect(readings[0]!.probability).toBeUndefined();
  });
});

describe("choosing the cut-offs on training e-mails", () => {
  // Two e-mails with one request each and one with none; probabilities as an inner model gave them.
  const mails: ReadMail[] = [
    {
      negative: false,
      requests: 1,
      sentences: [
        {
          sentence: "Please renew the parking permit.",
          screen: "classify",
          cued: true,
          probability: 0.04,
          gold: 0,
        },
        {
          sentence: "The garage raised its prices.",
          screen: "classify",
          cued: false,
          probability: 0.2,
          gold: undefined,
        },
      ],
    },
    {
      negative: false,
      requests: 1,
      sentences: [
        {
          sentence: "What time does the ferry leave?",
          screen: "classify",
          cued: false,
          probability: 0.7,
          gold: 0,
        },
      ],
    },
    {
      negative: true,
      requests: 0,
      sentences: [
        {
          sentence: "Let me know, no pressure at all.",
          screen: "classify",
          cued: true,
          probability: 0.02,
          gold: undefined,
        },
        {
          sentence: "Thanks for the flowers!",
          screen: "ruled-out",
          cued: false,
          probability: undefined,
          gold: undefined,
        },
      ],
    },
  ];

  it("count requests found and tasks invented on e-mails that ask for nothing", () => {
    expect(judgeCutOffs(mails, { withCue: 0.01, withoutCue: 0.6 }, 0.4)).toEqual({
      f1: 0.8,
      inventedPerMail: 1,
    });
    expect(judgeCutOffs(mails, { withCue: 0.03, withoutCue: 0.6 }, 0.4)).toEqual({
      f1: 1,
      inventedPerMail: 0,
    });
    expect(judgeCutOffs(mails, { withCue: 0.05, withoutCue: 0.9 }, 0.4)).toEqual({
      f1: 0,
      inventedPerMail: 0,
    });
  });

  it("keep the best F1 among the pairs that invent little enough", () => {
    const { withCue, withoutCue } = chooseCutOffs(mails, 0.4);
    // Above the no-request e-mail's 0.02, at most the request's 0.04.
    expect(withCue).toBeGreaterThan(0.02);
    expect(withCue).toBeLessThanOrEqual(0.04);
    expect(withoutCue).toBeLessThanOrEqual(0.7);
  });
});
