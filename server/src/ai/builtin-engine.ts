import {
  DEFAULT_TASK_PRIORITY,
  TASK_LIMITS,
  type ExtractedTaskJson,
  type TaskSource,
} from "../../../contract";
import { createDateReader, type DateContext, type DateReader } from "../modules/extract/date-phrases";
import { fitTitle, scanPatternTasks, takeHashtags, tidyTitle } from "../modules/extract/pattern-extractor";
import { takeRecurrencePhrase } from "../modules/extract/recurrence-phrases";
import { firstOccurrence } from "../lib/recurrence";
import { intentModel, requestProbabilities, type CutOffs, type IntentModel } from "./intent/model";
import { invitationTo, isBoilerplate, isSendersOwnPlan, signedName } from "./intent/rules";
import { clausesOf, splitCoordinatedActions } from "./intent/clauses";
import { renewalOf, saysNothingToDo } from "./intent/obligations";
import { promotionalLines } from "./intent/promotions";
import { actsOnPronoun, titleWithReferent } from "./intent/referents";
import { splitSentences } from "./intent/sentences";
import { rankPlanCandidates } from "./plan-scoring";
import type { AiProvider } from "./provider";
import { weekSummaryTemplate } from "./week-summary";
import { actionOf, LEADING_FILLERS, titleFrom } from "./builtin-actions";
import {
  headingDeadline,
  LEADING_DATE,
  priorityOf,
  takeDeadline,
  withoutUrgencyFillers,
} from "./builtin-deadlines";
import { LABELS, MENTION, OWNER, titleKey, unitsOf, type Unit } from "./builtin-units";

/**
 * The built-in offline engine, used when no AI_BASE_URL is configured. A trained classifier
 * (logistic regression over the words and syntax wink-nlp reads in each sentence) decides which
 * sentences ask the reader for something; small rules drop what it cannot judge (disclaimers,
 * footers, auto-replies, courtesies, the sender's own plans) and turn invitations into replies.
 * Rules write the title, chrono-node reads deadlines and urgency words set the priority. Lines the
 * pattern method understands (checkboxes, TODO:/DONE:) are honoured as they are.
 */

export const BUILTIN_SOURCE: TaskSource = { type: "Llm", origin: "builtin" };

/**
 * A title keeps its whole sentence up to the task limit; only a longer one is cut at a word (the
 * whole sentence stays in the description).
 */
const TITLE_MAX = TASK_LIMITS.titleMax;

/**
 * "Don't forget that the office is closed on the 24th", "Note that the deadline moved": telling,
 * not asking (unless the clause itself asks: "note that you need to sign").
 */
const INFORMATION =
  /^(?:(?:also|and|but|just)\s+)?(?:please\s+)?(?:(?:don['’]?t|do\s+not)\s+forget|remember|note|be\s+aware|keep\s+in\s+mind)\s+that\b(?!.*\b(?:you|we)\s+(?:need|have|must|should)\b)/i;

/** "Can you believe this weather?": the form of a request around no request at all. */
const RHETORICAL = /\b(?:can|could|would)\s+(?:you|u|ya)\s+(?:believe|imagine)\b/i;

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
 * What the rules make of a sentence before the classifier is asked: a sentence saying there is
 * nothing to do is no task, whatever its form; an item under "Action items:" is a task as it
 * stands; a renewal stated as a fact is one ("Renew the licences"); a disclaimer, a courtesy or
 * the sender's own plan is none; an invitation becomes a reply; anything else is for the
 * classifier, with or without a rule's cue.
 */
type Screen =
  | { kind: "forced" }
  | { kind: "ruled-out" }
  | { kind: "renewal"; renewal: string }
  | { kind: "invitation"; invitation: string }
  | { kind: "classify"; cued: boolean };

/** What a sentence asks of the reader once the rules or the classifier found it a request. */
interface Request {
  invitation?: string;
  /** What is to be renewed */
  renewal?: string;
}

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
  if (saysNothingToDo(text)) return { kind: "ruled-out" };
  const plain = text.replace(LEADING_FILLERS, "");
  const renewal = renewalOf(plain);
  if (renewal) return { kind: "renewal", renewal };
  if (unit.forced) return { kind: "forced" };
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
  request: Request,
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
  } else if (request.renewal) {
    titles = [`Renew ${request.renewal}`];
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

function requestOf(reading: Reading1, model: IntentModel): Request | undefined {
  const { screen } = reading.prepared;
  if (screen.kind === "forced") return {};
  if (screen.kind === "renewal") return { renewal: screen.renewal };
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
