import { tidyTitle } from "../modules/extract/pattern-extractor";

// ---------------------------------------------------------------------------------------------
// Sentences that ask for action.
// ---------------------------------------------------------------------------------------------

const IMPERATIVE_VERBS = new Set(
  `add answer approve arrange ask attach backup book bring buy call cancel change check clean clear close collect
  complete confirm contact create deliver deploy discuss double-check download draft drop email e-mail ensure file fill
  finalise finalize finish fix follow forward get give grab hire implement inform install invite invoice look mail make
  message migrate move notify order organise organize pack pay phone pick plan post prepare print prioritise prioritize
  publish purchase put read rebook remind remove renew rent reply request reschedule reserve resolve respond return
  review revise ring run schedule send set share ship sign sort start submit take talk tell test text tidy update
  upgrade upload verify visit wash water work write`.split(/\s+/),
);

/** After an imperative verb these words mean it was a noun: "Review went well", "Test results are in". */
const NOT_AN_OBJECT = new Set(
  "is are was were been be looks look looked seems seem seemed went goes has have had and of from 's will would can could should did does".split(
    " ",
  ),
);
/** "Deployment will start at noon": what follows the verb says when, not what is acted on. */
const WHEN_NOT_WHAT = new Set(
  "at on in by from after before until till next tomorrow today tonight soon later again shortly".split(" "),
);
const CLEARLY_AN_OBJECT = new Set(
  "the a an my your our their his her this that these those if whether with to up out in on back over for me him them us it all some any about through off down".split(
    " ",
  ),
);

/** A first name that addresses the reader before an imperative: "Elio, work with…" */
const VOCATIVE = new RegExp(
  `^\\p{Lu}\\p{Ll}+\\s*[,–-]\\s+(?=(?:${[...IMPERATIVE_VERBS].join("|")})\\s)`,
  "u",
);

/** Verbs after "can you", "let's", "I'll"… that do not ask for anything. */
const NOT_A_REQUEST =
  /^(?:believe|imagine|see|hear|be|like|hope|go(?!\s+(?:through|over)\b)|say|try|think|guess|know|let\s+you\s+know|tell\s+me\s+more)\b/i;

/** Politeness that asks for nothing. */
const BOILERPLATE =
  /\b(?:please\s+(?:note|find|see\s+(?:below|attached)|feel\s+free|don'?t\s+hesitate|do\s+not\s+hesitate)|(?:let\s+(?:me|us)\s+know\s+if\s+you\s+have\s+(?:any\s+)?questions))/i;

export const LEADING_FILLERS =
  /^(?:(?:ok(?:ay)?|so|also|and|then|oh|btw|hey|hi|hello|reminder|fyi|ps|p\.s\.|just|but)\b[,:!]?\s+)+/i;

/** What may stand before "need to", "must", "should" for it to bind the reader: nothing, or you/we. */
const OBLIGATION_SUBJECT =
  /^(?:[\p{L}'-]+,\s*)?(?:i\s+(?:agree|think|believe|guess|feel|suppose)\s+(?:that\s+)?)?(?:(?:is|are)\s+there\s+(?:anything|something)\s+(?:else\s+)?(?:that\s+)?|(?:you|u|we|everyone|everybody|someone|somebody|all\s+of\s+you|you\s+guys|y['’]?all)\s+(?:(?:will|['’]ll|may|might|would)\s+)?(?:really\s+|also\s+|still\s+|just\s+|definitely\s+|probably\s+)?)?$/iu;

/** "The report must be submitted": a short subject of a passive obligation, no clause before it. */
const PASSIVE_SUBJECT = /^(?:the|this|that|these|those|all|our|your|my)(?:\s+[\p{L}\p{N}'-]+){1,3}\s+$/iu;

/** "Legal needs to review the NDA", "Anna must sign": a team or person named as the one to act. */
const NAMED_SUBJECT =
  /^(?!(?:I|It|They|He|She|There|This|That|These|Those|Which|Who)\s)\p{Lu}[\p{L}'-]*(?:\s(?:and|&)\s\p{Lu}[\p{L}'-]*)?\s+$/u;

function bindsTheReader(before: string, action: string, sentence: string): boolean {
  // A question asks the reader whatever its grammar: "Is it ready, should I send it?"
  if (/\?\s*$/.test(sentence)) return true;
  if (OBLIGATION_SUBJECT.test(before) || NAMED_SUBJECT.test(before)) return true;
  return PASSIVE_SUBJECT.test(before) && /^be\s+\p{L}+(?:ed|en|wn|ne)\b/iu.test(action);
}

interface Cue {
  pattern: RegExp;
  /**
   * How the title reads: the action after the cue, the text before it, the whole sentence, or the
   * sentence from the cue on
   */
  keep: "action" | "before" | "sentence" | "from-cue" | "make-sure";
  /** "must", "needs to": "The report must be submitted" is a request, read whole */
  obligation?: true;
  /** Only when the action is a known verb with an object ("Prices will rise" is no task) */
  verbFirst?: true;
}

const CUES: Cue[] = [
  {
    pattern: /^(?:action\s+items?|to-?do|to\s+do|task|reminder|remember)\s*[:\-–]\s*(?<action>.+)/i,
    keep: "action",
  },
  {
    pattern:
      /\b(?:can|could|would|will)\s+(?:you|u|ya|someone|somebody|anyone)\s+(?:please\s+|pls\s+|kindly\s+|also\s+|maybe\s+|quickly\s+)?(?<action>.+)/i,
    keep: "action",
  },
  { pattern: /\b(?:don['’]?t|do\s+not)\s+forget\s+to\s+(?<action>.+)/i, keep: "action" },
  { pattern: /\b(?:don['’]?t|do\s+not)\s+forget\b(?!\s+that\b)(?<action>.+)/i, keep: "sentence" },
  { pattern: /\bremember\s+to\s+(?<action>.+)/i, keep: "action" },
  { pattern: /\bmake\s+sure\s+to\s+(?<action>.+)/i, keep: "action" },
  { pattern: /\bmake\s+sure\b(?<action>.+)/i, keep: "make-sure" },
  { pattern: /\b(?:please|pls|plz|kindly)\s+(?<action>.+)/i, keep: "action" },
  // "Send me the file, please": the action is what comes before.
  { pattern: /,?\s+please[.!]*$/i, keep: "before" },
  // "You may want to ask Boston Pacific…", "you might need to check with Ellen": advice that asks.
  {
    pattern:
      /\b(?:you|u)\s+(?:may|might|will|['’]ll|would)\s+(?:also\s+)?(?:want|need|have)\s+to\s+(?<action>.+)/i,
    keep: "action",
  },
  { pattern: /\b(?:need|needs|have|has|got)\s+to\s+(?<action>.+)/i, keep: "action", obligation: true },
  // "I suggest we send it to Humberto": a suggestion the reader is to act on.
  {
    pattern:
      /^(?:i|we)\s+(?:would\s+)?(?:suggest|recommend|propose)\s+(?:that\s+)?(?:we|you)\s+(?<action>.+)/i,
    keep: "action",
  },
  { pattern: /\b(?:must|should)\s+(?<action>.+)/i, keep: "action", obligation: true },
  // "Let me know and I will send a clean copy": the reader's part is the answer, not the sending.
  {
    pattern:
      /\blet\s+(?:me|us)\s+know,?\s+(?:and|then)\s+(?:i|we)(?:['’]ll|\s+will|\s+can|\s+could)\s+(?<action>.+)/i,
    keep: "from-cue",
  },
  { pattern: /(?:\blet['’]s|^lets|\blet\s+us)\s+(?<action>.+)/i, keep: "action" },
  {
    // "Mark will prepare the slides": someone named takes something on (meeting notes); an
    // organisation in capitals ("ACME will review") announces what it does.
    pattern:
      /^(?!(?:The|This|That|These|Those|It|We|They|He|She|There|Our|Your|My|Their|His|Her|Its|Everyone|Nobody)\s)\p{Lu}\p{Ll}[\p{L}'-]*(?:\s(?:and|&)\s\p{Lu}[\p{L}'-]+)?\s+will\s+(?<action>.+)/u,
    keep: "action",
    verbFirst: true,
  },
  {
    // A commitment of the writer's own; "we will" is as often an announcement as a task.
    pattern: /\b(?:i['’]ll|i\s+will|i['’]m\s+going\s+to|i\s+am\s+going\s+to)\s+(?<action>.+)/i,
    keep: "action",
  },
];

function firstWords(text: string): string[] {
  return text
    .split(/[\s,;:]+/)
    .slice(0, 3)
    .map((word) => word.toLowerCase().replace(/[^\p{L}'-]/gu, ""));
}

/** "Send the deck to Anna" — an imperative verb first, followed by an object, not a verb. */
function isImperative(text: string): boolean {
  const beforeComma = text.split(",")[0] ?? text;
  const [verb = "", second, third] = firstWords(beforeComma);
  if (!IMPERATIVE_VERBS.has(verb)) return false;
  if (second === undefined || second === "") return true;
  if (NOT_AN_OBJECT.has(second)) return false;
  if (CLEARLY_AN_OBJECT.has(second) || /^[\p{Lu}\d@#]/u.test(beforeComma.split(/\s+/)[1] ?? "")) return true;
  return third === undefined || !NOT_AN_OBJECT.has(third);
}

/** The action a sentence asks for, or undefined when it asks for nothing. */
export function actionOf(sentence: string, forced: boolean): string | undefined {
  if (BOILERPLATE.test(sentence)) return undefined;
  // "Elio, work with Miguel…": the reader addressed by name, then the request.
  const text = sentence.replace(LEADING_FILLERS, "").replace(VOCATIVE, "");
  // The cue nearest the start governs: "Please reconcile X and make sure Y" asks to reconcile X.
  const found = CUES.flatMap((cue) => {
    const match = cue.pattern.exec(text);
    if (!match) return [];
    const action = (cue.keep === "before" ? text.slice(0, match.index) : (match.groups?.action ?? "")).trim();
    // "The plan should now be final", "…because they need to verify it": an obligation binds the
    // reader only when it opens the sentence or its subject is the reader's side.
    if (cue.obligation && !forced && !bindsTheReader(text.slice(0, match.index), action, text)) return [];
    if (cue.verbFirst) {
      // A verb and its object: "Deployment will start" is an announcement.
      const [verb = "", object = ""] = firstWords(action);
      if (!IMPERATIVE_VERBS.has(verb) || object === "" || WHEN_NOT_WHAT.has(object)) return [];
    }
    return action ? [{ cue, index: match.index, action }] : [];
  }).sort((a, b) => a.index - b.index)[0];
  if (found) {
    const { cue, action } = found;
    if (cue.keep === "sentence") return text;
    if (cue.keep === "from-cue") return text.slice(found.index);
    if (cue.keep === "make-sure") return `Make sure${action.startsWith(" ") ? "" : " "}${action}`;
    // "The report must be submitted": a passive request reads best whole.
    if (cue.obligation && /^be\s+\p{L}+(?:ed|en|wn|ne)\b/iu.test(action)) return text;
    if (NOT_A_REQUEST.test(action)) return forced ? text : undefined;
    return action;
  }
  if (isImperative(text) || forced) return text;
  return undefined;
}

const TRAILING_COURTESY =
  /(?:[,\s]+(?:please|pls|thanks|thank\s+you|thx|cheers|if\s+possible|if\s+you\s+can|for\s+me\s+please))+[\s.!?]*$/i;

function capitalise(text: string): string {
  return text.replace(/\p{L}/u, (letter) => letter.toUpperCase());
}

/**
 * What a title need not say: why ("so we stay covered", "because…", ", otherwise…") and a clause
 * its removed date was part of ("before you leave" once "on the 23rd" left). The description keeps
 * the whole sentence.
 */
const TRAILING_CLAUSE =
  /(?:,?\s+(?:so(?:\s+that)?\s+(?:we|you|i|they|it|the|our|your)|because|since|as\s+(?:we|you|i|they|it)|otherwise|in\s+order\s+to|to\s+avoid|to\s+make\s+sure)\b.*|\s+(?:before|after|when|once|until|till)\s+(?:you|we|i|they|he|she|it|the\s+\p{L}+)\s+\p{L}+(?:\s+\p{L}+)?)$/iu;

function withoutTrailingClause(action: string): string {
  let cut = action.replace(/\s*[?!.]+$/, "");
  for (
    let again = cut.replace(TRAILING_CLAUSE, "");
    again !== cut;
    again = cut.replace(TRAILING_CLAUSE, "")
  ) {
    if (again.trim().split(/\s+/).length < 2) break;
    cut = again;
  }
  return cut;
}

export function titleFrom(action: string): string {
  const cleaned = tidyTitle(
    withoutTrailingClause(action)
      .replace(/^(?:please|pls|just|also|quickly|kindly)\s+/i, "")
      .replace(TRAILING_COURTESY, "")
      .replace(/[?!]+$/, ""),
  );
  return capitalise(cleaned.replace(/[?!]+$/, "").trim());
}
