import type { ParsedResult } from "chrono-node";
import {
  DEFAULT_TASK_PRIORITY,
  TASK_LIMITS,
  type ExtractedTaskJson,
  type TaskPriority,
  type TaskSource,
} from "../../../contract";
import { createDateReader, type DateContext, type DateReader } from "../modules/extract/date-phrases";
import { fitTitle, scanPatternTasks, takeHashtags, tidyTitle } from "../modules/extract/pattern-extractor";
import { takeRecurrencePhrase } from "../modules/extract/recurrence-phrases";
import { firstOccurrence } from "../lib/recurrence";
import { intentModel, requestProbabilities, type CutOffs, type IntentModel } from "./intent/model";
import { invitationTo, isBoilerplate, isSendersOwnPlan, signedName } from "./intent/rules";
import { clausesOf, splitCoordinatedActions } from "./intent/clauses";
import { promotionalLines } from "./intent/promotions";
import { actsOnPronoun, titleWithReferent } from "./intent/referents";
import { splitSentences } from "./intent/sentences";
import { rankPlanCandidates } from "./plan-scoring";
import type { AiProvider } from "./provider";
import { weekSummaryTemplate } from "./week-summary";

/**
 * The built-in offline engine, used when no AI_BASE_URL is configured. A trained classifier
 * (logistic regression over the words and syntax wink-nlp reads in each sentence) decides which
 * sentences ask the reader for something; small rules drop what it cannot judge (disclaimers,
 * footers, auto-replies, courtesies, the sender's own plans) and turn invitations into replies.
 * Rules write the title, chrono-node reads deadlines and urgency words set the priority. Lines the
 * pattern method understands (checkboxes, TODO:/DONE:) are honoured as they are.
 */

export const BUILTIN_SOURCE: TaskSource = { type: "Llm", origin: "builtin" };

/** Titles a person would write: short; the whole sentence stays in the description. */
const TITLE_MAX = 80;

/**
 * "Don't forget that the office is closed on the 24th", "Note that the deadline moved": telling,
 * not asking (unless the clause itself asks: "note that you need to sign").
 */
const INFORMATION =
  /^(?:(?:also|and|but|just)\s+)?(?:please\s+)?(?:(?:don['’]?t|do\s+not)\s+forget|remember|note|be\s+aware|keep\s+in\s+mind)\s+that\b(?!.*\b(?:you|we)\s+(?:need|have|must|should)\b)/i;

/** "Can you believe this weather?": the form of a request around no request at all. */
const RHETORICAL = /\b(?:can|could|would)\s+(?:you|u|ya)\s+(?:believe|imagine)\b/i;

// ---------------------------------------------------------------------------------------------
// Urgency: words that set the priority, and the ones that leave the title with it.
// ---------------------------------------------------------------------------------------------

const PRIORITY_WORDS: [RegExp, TaskPriority][] = [
  [
    /\b(?:not\s+urgent|no\s+rush|low[- ]priority|when(?:ever)?\s+you\s+(?:can|get\s+a\s+chance|have\s+(?:a\s+)?(?:moment|minute|time))|eventually|some\s*day|at\s+some\s+point)\b/i,
    "low",
  ],
  [
    /\b(?:urgent(?:ly)?|asap|a\.s\.a\.p\b\.?|immediately|right\s+away|right\s+now|critical|top\s+priority|emergency|as\s+soon\s+as\s+possible)/i,
    "urgent",
  ],
  [/\b(?:important|high[- ]priority|soon|priority)\b/i, "high"],
];

/** Adverbs and labels of urgency that say nothing about the task itself. */
const URGENCY_FILLERS = [
  /^\s*(?:urgent|important|asap|high priority|low priority)\s*[:!\-–—]+\s*/i,
  /\(\s*(?:urgent|important|asap|high priority|low priority|not urgent|no rush)\s*!?\s*\)/gi,
  /,?\s*(?:it['’]?s|it\s+is|this\s+is|that['’]?s|that\s+is)\s+(?:really\s+|very\s+|quite\s+)?(?:urgent|important|critical|not\s+urgent)\b/gi,
  /,\s*(?:low|high|top)[- ]priority\s*[.!]*$/i,
  /,?\s*\b(?:urgently|asap|a\.s\.a\.p\b\.?|immediately|right\s+away|as\s+soon\s+as\s+(?:possible|you\s+can)|soon|eventually|some\s*day|at\s+some\s+point|no\s+rush|(?:but\s+)?not\s+urgent|when(?:ever)?\s+you\s+(?:can|get\s+a\s+chance|have\s+(?:a\s+)?(?:moment|minute|time)))\b/gi,
];

function priorityOf(text: string): TaskPriority | undefined {
  return PRIORITY_WORDS.find(([pattern]) => pattern.test(text))?.[1];
}

function withoutUrgencyFillers(text: string): string {
  return URGENCY_FILLERS.reduce((rest, pattern) => rest.replace(pattern, " "), text);
}

// ---------------------------------------------------------------------------------------------
// Deadlines: chrono-node, kept from reading numbers and month names in titles as dates.
// ---------------------------------------------------------------------------------------------

/** Phrases that are dates on their own; anything else needs "by", "on", "before"… in front. */
const SELF_EVIDENT_DATE =
  /\b(?:today|tonight|tomorrow|next|this|coming|noon|midnight|morning|afternoon|evening|end\s+of|in\s+(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten)\s)|\d{4}-\d{2}-\d{2}/i;
const CONNECTOR_BEFORE =
  /(?:^|\s)(?:by|on|before|until|till|due|at|for|no\s+later\s+than|deadline(?:\s+is)?)\s*:?\s*(?:the\s+)?$/i;
const LEADING_CONNECTOR = /^(?:on|at|by)\s/i;

function isDeadline(result: ParsedResult, text: string): boolean {
  const start = result.start;
  // "Friday's team lunch" names an event, not a deadline.
  if (/^['’]s\b/.test(text.slice(result.index + result.text.length))) return false;
  // "Pick up the kids at 3": a bare number could be 3 am or 3 pm, so it is no deadline.
  if (/^(?:at\s+)?\d{1,2}$/i.test(result.text.trim())) return false;
  const namesADay = start.isCertain("day") || start.isCertain("weekday") || start.isCertain("hour");
  if (!namesADay && !SELF_EVIDENT_DATE.test(result.text)) return false; // "Book flights for March"
  if (SELF_EVIDENT_DATE.test(result.text) || LEADING_CONNECTOR.test(result.text)) return true;
  // "Saturday: return the books", "Friday, call the bank": a day heading the line.
  if (result.index === 0 && /^\s*[:,–—-]/.test(text.slice(result.text.length))) return true;
  // "Monday standup notes", "the 3 May workshop", "Order 12/24 cake": only with a connector.
  return CONNECTOR_BEFORE.test(text.slice(0, result.index));
}

interface Deadline {
  dueDate: string;
  rest: string;
}

/** The deadline a day heading gives the actions under it ("Saturday: …"). */
function headingDeadline(when: string, text: string, dates: DateReader): Deadline | undefined {
  const found = takeDeadline(`by ${when}`, dates);
  return found ? { dueDate: found.dueDate, rest: text } : undefined;
}

/** "Tomorrow, call Bob": a date in front of the request. */
const LEADING_DATE =
  /^\s*(?:(?:on|by|this|next|until)\s+)?(?:today|tonight|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b[,:]?\s*/i;

/** Cheap test first: most sentences name no date, and chrono-node reads every one slowly. */
const MAY_NAME_A_DATE =
  /\d|\b(?:today|tonight|tomorrow|tmrw|noon|midnight|morning|afternoon|evening|week|month|year|end|mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i;

function takeDeadline(text: string, dates: DateReader): Deadline | undefined {
  if (!MAY_NAME_A_DATE.test(text)) return undefined;
  const results = dates.parse(text);
  const position = results.findIndex((result) => isDeadline(result, text));
  const first = results[position];
  if (!first) return undefined;
  let end = first.index + first.text.length;
  let dueDate = dates.dueDateOf(first);
  // "friday by 5pm": the time that follows the day belongs to it.
  const next = results[position + 1];
  if (
    next &&
    !first.start.isCertain("hour") &&
    next.start.isCertain("hour") &&
    !next.start.isCertain("day")
  ) {
    const between = text.slice(end, next.index);
    if (/^\s*,?\s*(?:at|by|before|@)?\s*$/i.test(between)) {
      dueDate = dates.dueDateOf(first, next);
      end = next.index + next.text.length;
    }
  }
  // A date no task may carry (before 1900, after 9999) stays part of the text.
  if (!dueDate) return undefined;
  const before = text.slice(0, first.index).replace(CONNECTOR_BEFORE, " ");
  return { dueDate, rest: `${before} ${text.slice(end)}` };
}

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
  /^(?:believe|imagine|see|hear|be|like|hope|go|say|try|think|guess|know|let\s+you\s+know|tell\s+me\s+more)\b/i;

/** Politeness that asks for nothing. */
const BOILERPLATE =
  /\b(?:please\s+(?:note|find|see\s+(?:below|attached)|feel\s+free|don'?t\s+hesitate|do\s+not\s+hesitate)|(?:let\s+(?:me|us)\s+know\s+if\s+you\s+have\s+(?:any\s+)?questions))/i;

const LEADING_FILLERS =
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
function actionOf(sentence: string, forced: boolean): string | undefined {
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

function titleFrom(action: string): string {
  const cleaned = tidyTitle(
    withoutTrailingClause(action)
      .replace(/^(?:please|pls|just|also|quickly|kindly)\s+/i, "")
      .replace(TRAILING_COURTESY, "")
      .replace(/[?!]+$/, ""),
  );
  return capitalise(cleaned.replace(/[?!]+$/, "").trim());
}

// ---------------------------------------------------------------------------------------------
// Reading a text: e-mails, chat logs, meeting notes.
// ---------------------------------------------------------------------------------------------

const HEADER_LINE = /^(?:from|to|cc|bcc|date|sent|subject|re|fw|fwd|reply-to)\s*:/i;
const QUOTED_LINE = /^\s*>/;
const WROTE_LINE = /^on\s.+\bwrote:\s*$/i;
const SIGNATURE_START = /^(?:--\s*|__+|sent from my\s.+)$/i;
const HEADING = /^\s*#{1,6}\s+/;
const ACTION_SECTION =
  /^\s*(?:#{1,6}\s*)?(?:\*\*|__)?(?:action\s+items?|next\s+steps|to-?dos?|to\s+do|follow[- ]ups?|tasks|ais)(?:\*\*|__)?\s*:?\s*(?:\*\*|__)?\s*$/i;
const SECTION_LABEL = /^\s*(?:\*\*|__)?[\p{L}][\p{L} ]{0,30}:(?:\*\*|__)?\s*$/u;
const BULLET = /^\s*(?:[-*+•‣◦]|\d{1,3}[.)])\s+/;
const CHAT_TIME = /^\s*\[?\d{1,2}:\d{2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?\]?\s*[-–]?\s*/i;
const CHAT_NICK = /^\s*<([^>\s]{1,30})>\s*/;
const SPEAKER = /^([\p{Lu}@][\p{L}\p{N}._'-]*(?:\s[\p{Lu}][\p{L}.'-]*)?)\s*:\s+/u;
/** "Anna: send the deck", "Bob to book the room", "@carol please…" in a list of actions */
const OWNER = /^@?([\p{Lu}][\p{L}'-]*(?:\s[\p{Lu}][\p{L}'-]*)?)\s*(?::|\s[-–]|\s+to|\s+will)\s+/u;
const MENTION = /^(?:@[\p{L}\p{N}._-]+[,:]?\s+)+/u;
/** "Saturday: return the books" is a day heading a list, not a speaker. */
const DAY_WORD = /^(?:today|tonight|tomorrow|weekend|(?:mon|tues|wednes|thurs|fri|satur|sun)day)$/i;
const LABELS = /^(?:action\s+items?|to-?do|to\s+do|task|reminder|remember|note|ps|fyi|update|deadline)$/i;

interface Unit {
  text: string;
  speaker?: string;
  /** An item under "Action items:" is a task even when it is not phrased as a request */
  forced: boolean;
  /** Who an assignment names ("Priya to send the contract"): the title says so */
  owner?: string;
  /** A day heading the clause ("Saturday: …"), its deadline when it names none itself */
  when?: string;
}

/** Paragraphs, list items and chat messages of the lines the pattern method left. */
function unitsOf(lines: string[], usedLines: Set<number>): Unit[] {
  const units: Unit[] = [];
  let paragraph: string[] = [];
  let inActionSection = false;
  let inSignature = false;
  // Whitespace runs collapsed: the sentence rules never see a thousand spaces in a row.
  const push = (unit: Unit) => units.push({ ...unit, text: unit.text.replace(/\s+/g, " ").trim() });
  const flush = () => {
    if (paragraph.length > 0) push({ text: paragraph.join(" "), forced: false });
    paragraph = [];
  };
  lines.forEach((line, index) => {
    const trimmed = line.trim();
    if (usedLines.has(index) || trimmed === "") {
      flush();
      if (trimmed === "") inActionSection = false;
      if (trimmed === "") inSignature = false;
      return;
    }
    if (inSignature) return;
    if (SIGNATURE_START.test(trimmed)) {
      flush();
      inSignature = true;
      return;
    }
    if (HEADER_LINE.test(trimmed) || QUOTED_LINE.test(line) || WROTE_LINE.test(trimmed)) {
      flush();
      return;
    }
    if (ACTION_SECTION.test(trimmed)) {
      flush();
      inActionSection = true;
      return;
    }
    if (HEADING.test(line) || SECTION_LABEL.test(trimmed)) {
      flush();
      inActionSection = false;
      return;
    }
    if (BULLET.test(line)) {
      flush();
      push({ text: trimmed.replace(BULLET, ""), forced: inActionSection });
      return;
    }
    const chatTime = CHAT_TIME.exec(line);
    const nick = CHAT_NICK.exec(line);
    if (chatTime || nick) {
      flush();
      const message = line.slice((chatTime ?? nick)![0].length);
      const speakerMatch = nick ?? SPEAKER.exec(message);
      const text = nick ? message : message.slice(speakerMatch?.[0].length ?? 0);
      push({ text, speaker: speakerMatch?.[1], forced: false });
      return;
    }
    const speaker = SPEAKER.exec(trimmed);
    if (speaker?.[1] && !LABELS.test(speaker[1]) && !DAY_WORD.test(speaker[1])) {
      flush();
      push({ text: trimmed.slice(speaker[0].length), speaker: speaker[1], forced: false });
      return;
    }
    paragraph.push(trimmed);
  });
  flush();
  return units;
}

/** Titles that differ only in case and punctuation are the same task. */
function titleKey(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** A forwarded message inside a text: what the note above it says "this" to. */
const FORWARDED =
  /^\s*(?:-{2,}\s*(?:original\s+message|forwarded\s+message)\s*-{2,}|begin\s+forwarded\s+message:?)\s*$/im;

/** A sentence is judged on its beginning: a task's title comes from there, the rest is context. */
const SENTENCE_READ_MAX = 1_000;

const TO_THE_ASKER =
  /^((?:send|e-?mail|forward|give|get|show|bring|mail|text|pass|lend|return)\s+)(?:me|us)\b/i;
const TO_ME = /\b(to|for)\s+me\b/i;

/** A request written from the asker's side ("send me") as the reader writes it down ("send Tom"). */
function fromReadersSide(title: string, asker: string): string {
  if (TO_THE_ASKER.test(title)) return title.replace(TO_THE_ASKER, `$1${asker}`);
  if (/^(?:send|e-?mail|forward|give|mail|pass|return)\b/i.test(title))
    return title.replace(TO_ME, `$1 ${asker}`);
  return title;
}

/** "Is tomorrow too early for you?" asks for an answer: "Reply: is tomorrow too early for you". */
function titleOfRequest(text: string): string {
  const sentence = titleFrom(text.replace(LEADING_FILLERS, ""));
  if (!/\?\s*$/.test(text)) return sentence;
  return `Reply: ${sentence.replace(/^\p{Lu}(?!\p{Lu})/u, (letter) => letter.toLowerCase())}`;
}

interface Reading {
  /** Who signed the text, for "Reply to Dana about lunch" */
  signer: string | undefined;
}

/**
 * What the rules make of a sentence before the classifier is asked: an item under "Action items:"
 * is a task as it stands; a disclaimer, a courtesy or the sender's own plan is none; an invitation
 * becomes a reply; anything else is for the classifier, with or without a rule's cue.
 */
type Screen =
  | { kind: "forced" }
  | { kind: "ruled-out" }
  | { kind: "invitation"; invitation: string }
  | { kind: "classify"; cued: boolean };

interface Prepared {
  sentence: string;
  unit: Unit;
  /** The sentence without the owner, mentions and hashtags: what the classifier reads */
  hashtags: ReturnType<typeof takeHashtags>;
  undated: string;
  screen: Screen;
}

function prepare(sentence: string, unit: Unit): Prepared {
  let text = sentence.slice(0, SENTENCE_READ_MAX);
  if (unit.forced) {
    // "Anna: send the deck": the owner stays in the description, the title is the action.
    const owner = OWNER.exec(text);
    if (owner?.[1] && !LABELS.test(owner[1])) text = text.slice(owner[0].length);
  }
  text = text.replace(MENTION, "");
  const hashtags = takeHashtags(text);
  const undated = withoutUrgencyFillers(hashtags.text);
  return { sentence, unit, hashtags, undated, screen: screenOf(hashtags.text, undated, unit) };
}

/**
 * Asking the reader without an imperative: a question put to them ("Michelle, do you believe…?",
 * "how long are you going to be there?"), "Can I get a breakdown of the numbers?", "Matt, I need
 * written confirmation".
 */
const QUESTION_TO_THE_READER =
  /^(?:\p{Lu}[\p{L}'-]*\s*[,:–-]?\s+)?(?:(?:and|so|but|by\s+the\s+way)[,\s]+)*(?:(?:do|did|have|are|will|can|could|how|what|when|where|which|why)\b[^?]*\byou\b[^?]*\?+$|(?:can|could|may)\s+i\s+(?:get|have|see|receive)\b|(?:i\s+(?:will\s+|also\s+|still\s+)?)?need\s+(?!to\b|you\b|it\b)[\p{L}\d])/iu;

function screenOf(text: string, undated: string, unit: Unit): Screen {
  if (unit.forced) return { kind: "forced" };
  const plain = text.replace(LEADING_FILLERS, "");
  if (isBoilerplate(plain) || isSendersOwnPlan(plain) || RHETORICAL.test(plain) || INFORMATION.test(plain))
    return { kind: "ruled-out" };
  const invitation = invitationTo(plain);
  if (invitation) return { kind: "invitation", invitation };
  const cued =
    QUESTION_TO_THE_READER.test(plain) ||
    actionOf(tidyTitle(undated), false) !== undefined ||
    actionOf(tidyTitle(undated.replace(LEADING_DATE, "")), false) !== undefined;
  return { kind: "classify", cued };
}

/**
 * Whether a sentence the classifier read is a request: with a rule's cue it need only not be
 * ruled out by the classifier, without one the classifier must be sure enough on its own, and at
 * least at the model's own threshold. Both cut-offs come with the model (see intent/training.ts).
 */
export function isRequestAt(
  cutOffs: CutOffs,
  threshold: number,
  cued: boolean,
  probability: number,
): boolean {
  return probability >= Math.max(threshold, cutOffs.withoutCue) || (cued && probability >= cutOffs.withCue);
}

function taskOf(
  prepared: Prepared,
  request: { invitation?: string },
  dates: DateReader,
  reading: Reading,
): ExtractedTaskJson[] {
  const { sentence, unit, hashtags, undated } = prepared;
  // Deadlines are read (slowly, by chrono-node) only in sentences that ask for something.
  const priority = hashtags.priority ?? priorityOf(hashtags.text);
  // "Water the plants every Monday": how often, not by when; the phrase leaves the title too.
  const repeat = takeRecurrencePhrase(hashtags.text);
  const deadline =
    takeDeadline(repeat ? repeat.rest : hashtags.text, dates) ??
    (unit.when ? headingDeadline(unit.when, repeat ? repeat.rest : hashtags.text, dates) : undefined);
  let titles: string[];
  if (request.invitation) {
    const who = reading.signer ?? unit.speaker;
    titles = [`Reply${who ? ` to ${who}` : ""} about ${request.invitation}`];
  } else {
    const rest = deadline
      ? withoutUrgencyFillers(deadline.rest)
      : repeat
        ? withoutUrgencyFillers(repeat.rest)
        : undated;
    const action = actionOf(tidyTitle(rest), unit.forced);
    // "Return the books, buy a card and phone the plumber": one task per action.
    titles = action
      ? splitCoordinatedActions(action).map((part) => titleFrom(part))
      : [titleOfRequest(tidyTitle(rest))];
  }
  // "Can you send me the budget?" from Tom reads "Send Tom the budget" on the reader's list.
  const asker = unit.speaker ?? reading.signer;
  if (asker && !request.invitation) titles = titles.map((title) => fromReadersSide(title, asker));
  if (unit.owner) {
    const owner = unit.owner;
    titles = titles.map(
      (title) => `${owner}: ${title.replace(/^\p{Lu}(?!\p{Lu})/u, (letter) => letter.toLowerCase())}`,
    );
  }
  return titles
    .filter((title) => /\p{L}{2,}/u.test(title))
    .map((title) => {
      // The sentence as written (with who said it) keeps the context the title leaves out.
      const said = (unit.speaker ? `${unit.speaker}: ${sentence}` : sentence).slice(
        0,
        TASK_LIMITS.descriptionMax,
      );
      const description = titleKey(said) === titleKey(title) ? null : said;
      const [fittedTitle, fittedDescription] = fitTitle(title, description, TITLE_MAX);
      return {
        title: fittedTitle,
        description: fittedDescription,
        priority: priority ?? DEFAULT_TASK_PRIORITY,
        status: "pending",
        due_date: deadline?.dueDate ?? (repeat ? firstOccurrence(repeat.rule, dates.context) : null),
        tags: [...hashtags.tags],
        source: BUILTIN_SOURCE,
        recurrence: repeat?.rule ?? null,
      };
    });
}

/** One sentence of a text as the engine reads it, in order; a repeat points at its first reading. */
interface Reading1 {
  prepared: Prepared;
  /** Where this reading stands (a repeat's prepared sentence belongs to its first reading's unit) */
  unit: Unit;
  /** The classifier's probability, for sentences it read */
  probability?: number;
  /** The first reading of the same sentence in the same kind of unit, when this one repeats it */
  repeats?: Reading1;
}

function readText(content: string, model: IntentModel, dates: DateReader) {
  const scan = scanPatternTasks(content, dates);
  // Long mail repeats itself (signatures, disclaimers, quoted lines of a thread). Reading is pure,
  // so a sentence met again in the same kind of unit is read once.
  const first = new Map<string, Reading1>();
  const readings: Reading1[] = [];
  // Newsletters and sales ask nothing of the reader: their lines are not read.
  const promotional = promotionalLines(scan.lines);
  const skipped = promotional.size > 0 ? new Set([...scan.usedLines, ...promotional]) : scan.usedLines;
  for (const unit of unitsOf(scan.lines, skipped)) {
    for (const whole of splitSentences(unit.text)) {
      const clauses = unit.forced ? [{ text: whole, forced: true }] : clausesOf(whole);
      for (const clause of clauses) {
        const sentence = clause.text;
        const clauseUnit: Unit =
          clauses.length === 1 && !clause.forced && !("owner" in clause)
            ? unit
            : {
                ...unit,
                text: sentence,
                forced: unit.forced || clause.forced,
                owner: "owner" in clause ? clause.owner : undefined,
                when: "when" in clause ? clause.when : undefined,
              };
        const key = `${clauseUnit.forced ? 1 : 0}\u0000${unit.speaker ?? ""}\u0000${clauseUnit.owner ?? ""}\u0000${clauseUnit.when ?? ""}\u0000${sentence}`;
        const known = first.get(key);
        if (known) {
          readings.push({ prepared: known.prepared, unit: clauseUnit, repeats: known });
          continue;
        }
        const reading: Reading1 = { prepared: prepare(sentence, clauseUnit), unit: clauseUnit };
        first.set(key, reading);
        readings.push(reading);
      }
    }
  }
  // The classifier reads every sentence left to it in one go (wink-nlp reads one document faster
  // than many).
  const toClassify = readings.filter(
    (reading) => !reading.repeats && reading.prepared.screen.kind === "classify",
  );
  const probabilities = requestProbabilities(
    toClassify.map((reading) => reading.prepared.hashtags.text),
    model,
  );
  toClassify.forEach((reading, index) => (reading.probability = probabilities[index]));
  return { scan, readings };
}

function requestOf(reading: Reading1, model: IntentModel): { invitation?: string } | undefined {
  const { screen } = reading.prepared;
  if (screen.kind === "forced") return {};
  if (screen.kind === "invitation") return { invitation: screen.invitation };
  if (screen.kind === "ruled-out") return undefined;
  return isRequestAt(model.cutOffs, model.threshold, screen.cued, reading.probability ?? 0) ? {} : undefined;
}

/**
 * Every distinct sentence of a text with what the rules and the classifier make of it, before any
 * cut-off: what the training script chooses the engine's cut-offs on.
 */
export interface SentenceReading {
  sentence: string;
  screen: Screen["kind"];
  cued: boolean;
  probability: number | undefined;
}

export function sentenceReadings(content: string, model: IntentModel): SentenceReading[] {
  return readText(content, model, createDateReader({ timeZone: "UTC", now: new Date(0) }))
    .readings.filter((reading) => !reading.repeats)
    .map(({ prepared, probability }) => ({
      sentence: prepared.sentence,
      screen: prepared.screen.kind,
      cued: prepared.screen.kind === "classify" && prepared.screen.cued,
      probability,
    }));
}

export interface EngineOptions {
  /** The classifier and its cut-offs (by default the committed model) */
  model?: IntentModel;
}

/** The built-in engine's reading of a text (pure: the same text, zone and time give the same tasks). */
export function analyseText(
  content: string,
  context: DateContext,
  { model = intentModel() }: EngineOptions = {},
): ExtractedTaskJson[] {
  const dates = createDateReader(context);
  const { scan, readings } = readText(content, model, dates);
  const tasks = scan.tasks.map((task) => ({ ...task, source: BUILTIN_SOURCE }));
  const seen = new Set(tasks.map((task) => titleKey(task.title)));
  const reading: Reading = { signer: signedName(content) };
  // A repeated sentence would give a task with a title already seen: only whether it gave one is
  // remembered.
  const gaveTask = new Map<Reading1, boolean>();
  let previous: ExtractedTaskJson | undefined;
  let unit: Unit | undefined;
  // What "it" and "this" refer to: the sentence read before, and the task it gave (if any).
  let previousSentence: string | undefined;
  let previousTask: ExtractedTaskJson | undefined;
  // "Can you handle this by Friday?" above a forwarded request: waits for the request it means.
  let waiting: ExtractedTaskJson | undefined;
  const forwarded = FORWARDED.test(content);
  for (const sentenceReading of readings) {
    if (sentenceReading.unit !== unit) previous = undefined;
    unit = sentenceReading.unit;
    const sentence = sentenceReading.prepared.sentence;
    let found: ExtractedTaskJson[] = [];
    if (sentenceReading.repeats) {
      if (gaveTask.get(sentenceReading.repeats)) {
        previous = undefined;
        continue;
      }
    } else {
      const request = requestOf(sentenceReading, model);
      found = request ? taskOf(sentenceReading.prepared, request, dates, reading) : [];
      gaveTask.set(sentenceReading, found.length > 0);
    }
    const said = previousSentence;
    previousSentence = sentence;
    if (found.length === 0) {
      previousTask = undefined;
      // "Please send the deck. It's urgent!": the urgency belongs to the request before it.
      const urgency = priorityOf(sentenceReading.prepared.sentence);
      if (previous && urgency && previous.priority === DEFAULT_TASK_PRIORITY) previous.priority = urgency;
      continue;
    }
    found = found.flatMap((task) => {
      if (!actsOnPronoun(task.title)) return [task];
      if (said === undefined) {
        // Above a forwarded message, "this" is what the message asks.
        if (!forwarded) return [task];
        waiting = task;
        return [];
      }
      const title = titleWithReferent(task.title, said);
      if (!title) return [task];
      // "Has anyone looked at X? Can you handle it?": one task, the question's reply folded in.
      if (previousTask && tasks.at(-1) === previousTask && /^Reply\b/.test(previousTask.title)) {
        tasks.pop();
        seen.delete(titleKey(previousTask.title));
      }
      const [fitted, description] = fitTitle(title, task.description, TITLE_MAX);
      return [{ ...task, title: fitted, description }];
    });
    if (waiting && found.length > 0) {
      const note = waiting;
      found = found.map((task) => ({
        ...task,
        due_date: task.due_date ?? note.due_date,
        priority: task.priority === DEFAULT_TASK_PRIORITY ? note.priority : task.priority,
      }));
      waiting = undefined;
    }
    previousTask = found.at(-1);
    if (found.length === 0) continue;
    previous = found.at(-1);
    for (const task of found) {
      if (seen.has(titleKey(task.title))) continue;
      seen.add(titleKey(task.title));
      tasks.push(task);
    }
  }
  if (waiting && !seen.has(titleKey(waiting.title))) tasks.push(waiting);
  return tasks;
}

export function createBuiltinEngine(): AiProvider {
  // The classifier's weights are read once, here, rather than on the first extraction.
  intentModel();
  return {
    name: "builtin",
    async extractTasks({ content, timeZone, now }) {
      return analyseText(content, { timeZone, now });
    },
    async prioritise({ tasks, timeZone, now }) {
      return rankPlanCandidates(tasks, { timeZone, now });
    },
    async summariseWeek(facts) {
      return weekSummaryTemplate(facts);
    },
  };
}
