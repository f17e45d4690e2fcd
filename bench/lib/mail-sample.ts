/**
 * Distinct e-mail text for timing the built-in engine: e-mails composed from sentence templates
 * written for this project (none is taken from a corpus), with names, places, things, days,
 * amounts and times drawn by a seeded generator, so the same length always gives the same text.
 * Every sentence is used once: the engine reads a repeated sentence once, so a sample that repeats
 * itself would flatter its speed.
 */

const FIRST = `Anna Ben Carla Dmitri Elena Farid Greta Hugo Ines Jonas Keiko Lars Maya Nils Olga Pavel Quinn
  Rosa Sven Tara Umar Vera Wim Xenia Yusuf Zoe Aldo Bea Cyril Dana Emil Fiona Gus Hana Ivo Jana Kofi Lena Milo Nora
  Otto Petra Rafa Sara Theo Ulla Vito Wanda`.split(/\s+/);
const TEAMS = `finance legal facilities marketing support payroll logistics design research sales procurement
  security`.split(/\s+/);
const THINGS = `quarterly forecast|signed lease|shipping schedule|travel receipts|vendor contract|floor plan|
  budget sheet|press release|training slides|audit checklist|pricing table|board minutes|onboarding guide|
  insurance form|warehouse inventory|customer survey|server invoice|catering order|parking permits|
  project timeline|safety report|tax statement|supplier list|workshop agenda`
  .split("|")
  .map((thing) => thing.trim());
const PLACES =
  `Leipzig|Porto|Tampere|Ghent|Lyon|Bologna|Utrecht|Gdansk|Malmo|Graz|Bilbao|Brno|Cork|Aarhus`.split("|");
const DAYS = `Monday Tuesday Wednesday Thursday Friday`.split(" ");
const WHEN = [
  "by Friday",
  "by the end of the week",
  "before Thursday noon",
  "tomorrow morning",
  "by next Tuesday",
  "before the meeting on Wednesday",
  "by 3pm today",
  "this afternoon",
  "by the 20th",
];
const EVENTS = ["lunch", "coffee", "dinner", "drinks"];

type Pick = <T>(list: readonly T[]) => T;

/** Each template writes one sentence from the generator's picks. */
const TEMPLATES: ((pick: Pick, n: () => number) => string)[] = [
  (p) => `Could you send me the ${p(THINGS)} for the ${p(PLACES)} office ${p(WHEN)}?`,
  (p) => `Please forward the ${p(THINGS)} to ${p(FIRST)} in ${p(TEAMS)}.`,
  (p, n) => `The ${p(THINGS)} came to ${n()},${(n() % 900) + 100} euros, about ${(n() % 40) + 2}% over plan.`,
  (p) => `I will update the ${p(THINGS)} tonight and share it with ${p(FIRST)}.`,
  (p) => `Can I take you to ${p(EVENTS)} when you are in ${p(PLACES)} next week?`,
  (p) => `${p(FIRST)} from ${p(TEAMS)} says the ${p(THINGS)} is nearly done.`,
  (p, n) => `What was the final figure on the ${p(THINGS)} for invoice ${n()}${n()}?`,
  (p) => `Remember to book the meeting room in ${p(PLACES)} for ${p(DAYS)}.`,
  (p) => `We moved the ${p(TEAMS)} review to ${p(DAYS)} because ${p(FIRST)} is travelling.`,
  (p, n) => `Need the ${p(THINGS)} checked against order ${n()}-${n()} ${p(WHEN)}.`,
  (p) => `The weather in ${p(PLACES)} was lovely and ${p(FIRST)} brought cake for everyone.`,
  (p) => `Would you review the ${p(THINGS)} and tell ${p(FIRST)} what you think ${p(WHEN)}?`,
  (p, n) => `Our ${p(TEAMS)} team closed ${(n() % 90) + 10} tickets last month, a record for ${p(PLACES)}.`,
  (p) => `Let me know if you have any questions about the ${p(THINGS)}.`,
  (p) => `I have to run to a meeting with ${p(FIRST)} at ${(p(DAYS).length % 5) + 1} pm.`,
  (p) => `Make sure the ${p(THINGS)} reaches ${p(FIRST)} ${p(WHEN)}, it is urgent.`,
  (p, n) => `Is the ${p(THINGS)} still at ${(n() % 50) + 1} pages or did ${p(FIRST)} cut it?`,
  (p) => `${p(FIRST)} and ${p(FIRST)} will present the ${p(THINGS)} to ${p(TEAMS)} on ${p(DAYS)}.`,
  (p) => `Please sign the ${p(THINGS)} and return it to ${p(FIRST)} ${p(WHEN)}.`,
  (p) => `Thanks again for helping ${p(FIRST)} with the ${p(THINGS)} last ${p(DAYS)}.`,
  (p, n) => `The ${p(PLACES)} branch ordered ${(n() % 300) + 20} chairs and ${(n() % 40) + 2} desks.`,
  (p) => `Who in ${p(TEAMS)} owns the ${p(THINGS)} now that ${p(FIRST)} has left?`,
  (p) => `Don't forget to pay the ${p(THINGS)} fee ${p(WHEN)}.`,
  (p) => `${p(FIRST)} needs to approve the ${p(THINGS)} before ${p(TEAMS)} can order anything.`,
  (p) => `I spoke with ${p(FIRST)} about the ${p(THINGS)} this morning and it looks fine.`,
];

function closing(pick: Pick, n: () => number): string {
  return pick([
    `This message is confidential and meant for the named recipient at ${pick(PLACES)} office ${n()} only; if you received it in error, please delete it.`,
    `Have a good weekend in ${pick(PLACES)} and say hello to ${pick(FIRST)}!`,
    `Best regards from the ${pick(TEAMS)} desk, room ${n()}.`,
  ]);
}

/** A deterministic generator (mulberry32): the sample is the same on every run and machine. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** `length` characters of distinct e-mails: no sentence appears twice. */
export function distinctMailSample(length: number, seed = 12): string {
  const random = generator(seed);
  const pick: Pick = (list) => list[Math.floor(random() * list.length)]!;
  const number = () => Math.floor(random() * 9_000) + 100;
  const used = new Set<string>();
  // A sentence drawn again is drawn anew (the space of sentences is far larger than the sample).
  const fresh = (write: () => string): string => {
    for (let attempt = 0; attempt < 1_000; attempt += 1) {
      const sentence = write();
      if (used.has(sentence)) continue;
      used.add(sentence);
      return sentence;
    }
    throw new Error("the templates ran out of distinct sentences");
  };
  let text = "";
  while (text.length < length) {
    const to = pick(FIRST);
    const from = pick(FIRST);
    const paragraphs: string[] = [];
    const count = 2 + Math.floor(random() * 3);
    for (let index = 0; index < count; index += 1) {
      const sentences = 1 + Math.floor(random() * 3);
      paragraphs.push(
        Array.from({ length: sentences }, () => fresh(() => pick(TEMPLATES)(pick, number))).join(" "),
      );
    }
    const footer = random() < 0.4 ? `\n\n${fresh(() => closing(pick, number))}` : "";
    text += `Hi ${to},\n\n${paragraphs.join("\n\n")}\n\nThanks,\n${from}${footer}\n\n`;
  }
  return text.slice(0, length);
}
