import { placedTokens } from "./reader";

/**
 * A sentence as the separate things it asks for: a coordination of actions ("return the books,
 * buy a card and phone the plumber"), an enumeration ("first, …; second, …"), a list after a
 * label ("the following actions are required: …", "Next steps: …") and assignments to named
 * people ("Priya to send the contract", "Action: Omar — book the room", "Chris will write the
 * postmortem and Fatima will add an alert").
 */

/** Verbs a task line starts with; with wink-nlp's VERB tag they tell an action from a noun. */
export const ACTION_VERBS = new Set(
  `add answer approve arrange ask attach back backup book bring brief buy call cancel change check circulate clean clear
  close collect complete confirm contact create deliver deploy discuss double-check download draft drop email e-mail
  ensure file fill finalise finalize finish fix follow forward get give grab hire implement inform install investigate
  invite invoice label look mail make message migrate move notify order organise organize pack pay phone pick plan post
  prepare print prioritise prioritize publish purchase put read rebook remind remove renew rent reply request reschedule
  reserve resolve respond restart return review revise ring run schedule send set share ship sign sort start submit take
  talk tell test text tidy update upgrade upload verify visit wash water write archive assess build contact compile
  document draw email hand host lead manage measure negotiate outline present prepare process produce provide reach
  record refresh register repair replace report research retire revisit rewrite scan secure shortlist source split
  sweep train transfer translate trim type unblock unpack validate vote wrap`.split(/\s+/),
);

/** Words that follow a verb's object-less use: after them the verb was a noun. */
const NOT_AFTER_VERB = new Set(
  "is are was were be been has have had will would can could should did does of 's".split(" "),
);

/** "Deployment will start at noon": what follows the verb says when, not what is acted on. */
const WHEN_NOT_WHAT = new Set(
  "at on in by from after before until till next tomorrow today tonight soon later again shortly".split(" "),
);

/** The word after a separator and the one after it: "…, [book] [the] van". */
const AFTER_SEPARATOR = /(?:[,;&]|\band)\s+(?:(?:and|then|also)\s+)?([\p{L}-]+)\s+([\p{L}']+)/giu;
const OBJECT_WORD =
  /^(?:the|a|an|your|my|our|their|his|her|this|that|these|those|it|them|him|me|us|up|out)$/i;

/** A part that only completes the action before it. */
const ANSWER_OR_CONDITION =
  /^(?:make\s+sure|ensure|let\s+(?:me|us)\s+know|give\s+(?:me|us)\s+(?:a\s+call|your\s+(?:comments|thoughts|feedback))|get\s+back\s+to|reply|respond|advise)\b|\bif\s+(?:necessary|needed|required|appropriate|satisfactory|possible)\b|\b(?:as\s+needed|accordingly)\b|^if\b/i;

/** Whether the words starting at `index` open an action: a verb followed by what it acts on. */
function opensAction(tokens: ReturnType<typeof placedTokens>, index: number): boolean {
  let at = index;
  while (tokens[at] && /^(?:then|also|please|to)$/.test(tokens[at]!.word)) at += 1;
  const verb = tokens[at];
  const next = tokens[at + 1];
  if (!verb || !next) return false;
  if (
    NOT_AFTER_VERB.has(next.word) ||
    WHEN_NOT_WHAT.has(next.word) ||
    next.tag === "PUNCT" ||
    next.tag === "CCONJ"
  )
    return false;
  return (
    ACTION_VERBS.has(verb.word) ||
    (verb.tag === "VERB" && /^(?:DET|PRON|ADP|NOUN|PROPN|ADJ|NUM|ADV|PART)$/.test(next.tag))
  );
}

/**
 * An action with several verbs split into one action each: "return the library books, buy a
 * birthday card and phone the plumber" gives three, "buy salt, pepper and oil" one (what follows
 * the comma is no verb), "review and sign the contract" one (the first verb has no object of its
 * own).
 */
export function splitCoordinatedActions(action: string, { list = false } = {}): string[] {
  // Most actions hold no separator at all: the tagger is not needed for them.
  if (!/[,;&]|\band\b/i.test(action)) return [action];
  // …and none where no word after a separator could open an action.
  const afterSeparators = [...action.matchAll(AFTER_SEPARATOR)];
  if (
    !afterSeparators.some(
      (match) => ACTION_VERBS.has(match[1]!.toLowerCase()) || OBJECT_WORD.test(match[2] ?? ""),
    )
  )
    return [action];
  const tokens = placedTokens(action);
  if (tokens.length < 4 || !opensAction(tokens, 0)) return [action];
  const cuts: { from: number; to: number }[] = [];
  for (let index = 1; index < tokens.length - 1; index += 1) {
    const token = tokens[index]!;
    const isComma = token.word === "," || token.word === ";";
    const isAnd = token.word === "and" || token.word === "&";
    if (!isComma && !isAnd) continue;
    let next = index + 1;
    if (isComma && (tokens[next]?.word === "and" || tokens[next]?.word === "then")) next += 1;
    if (!opensAction(tokens, next)) continue;
    // After a bare comma only a known action verb starts a new action ("…, also contract no. 5").
    const verb = tokens[next]!;
    const object = tokens[next + 1];
    const clearVerb =
      ACTION_VERBS.has(verb.word) || (verb.tag === "VERB" && object?.tag === "DET" && object.word !== "no");
    if (isComma && next === index + 1 && !clearVerb) continue;
    // "review the amendment and, if satisfactory, arrange…": a condition binds the two actions.
    const since = cuts.at(-1)?.to ?? 0;
    if (
      /\bif\b[^;]*$/i.test(action.slice(since, token.start)) &&
      !/\bif\b.*,/.test(action.slice(since, token.start))
    )
      continue;
    cuts.push({ from: token.start, to: tokens[next]!.start });
    index = next;
  }
  if (cuts.length === 0) return [action];
  // Two actions are split only when a comma stands between them ("call the office, and email
  // the school"); "review it and let me know" asks for one thing and its answer.
  if (!list && cuts.length === 1 && !/,/.test(action.slice(cuts[0]!.from, cuts[0]!.to))) return [action];
  if (cuts.length === 0) return [action];
  // A part that only completes the one before it ("…and make sure the figures match", "…, and
  // let me know") stays with it.
  const kept = cuts.filter((cut, index) => {
    const part = action.slice(cut.to, cuts[index + 1]?.from ?? action.length);
    return !ANSWER_OR_CONDITION.test(part.replace(/^(?:then|also)\s+/i, ""));
  });
  if (kept.length === 0) return [action];
  const parts: string[] = [];
  let from = 0;
  for (const cut of kept) {
    parts.push(action.slice(from, cut.from));
    from = cut.to;
  }
  parts.push(action.slice(from));
  const trimmed = parts.map((part) => part.replace(/^(?:then|also)\s+/i, "").trim());
  // Every part acts on something: "review and sign the contract" is one action. An answer to
  // give ("let me know…", "revise if necessary") belongs to the action before it.
  if (trimmed.some((part) => part.split(/\s+/).length < 2)) return [action];
  return trimmed;
}

/** One thing a sentence asks for: its words, whether it is a task whatever its form, and who owns it. */
export interface Clause {
  text: string;
  /** An item of a list of actions or an assignment: a task even when not phrased as a request */
  forced: boolean;
  owner?: string;
  /** A day heading the clause ("Saturday: return the books"): its deadline unless it names one */
  when?: string;
}

const NOT_A_NAME = new Set(
  `the this that these those it we they he she you i there our your my their his her its everyone everybody nobody
  someone somebody anyone all decision decisions note notes update minutes attendees agenda summary status next
  action actions ai todo to-do task tasks reminder remember deadline subject re fw fwd from to cc date sent ps fyi`.split(
    /\s+/,
  ),
);

/** A person or a team named as the one to act: "Priya", "Ana Lopez", "Finance". */
const NAME = "\\p{Lu}\\p{Ll}[\\p{L}'-]*(?:\\s\\p{Lu}\\p{Ll}[\\p{L}'-]*)?";

/** "Priya to send…", "Chris will write…", "Leo: draft…", "Omar — book…" */
const ASSIGNMENT = new RegExp(
  `^(?<owner>${NAME})(?:\\s+(?:and|&)\\s+(?<second>${NAME}))?\\s*(?:\\s(?:to|will|is\\s+to|are\\s+to|shall)\\s+|\\s*[:—–]\\s*|\\s+-\\s+)(?<action>.+)$`,
  "u",
);

/** Labels that introduce actions: "Action:", "AI:", "Next steps:", "the following actions are required:". */
const ACTION_LABEL =
  /^(?:(?:[\p{L} ,]{0,60}?\b)?(?:action\s+items?|actions?|ais?|next\s+steps|to-?dos?|follow[- ]ups?|tasks)\s*[:—–-]+\s*|.*?\bthe\s+following\s+(?:actions|steps|tasks|items|things)\s+(?:are\s+|is\s+)?(?:required|needed|necessary|must\s+happen|to\s+do)?\s*:\s*|.*?\b(?:two|three|four|five|several|a\s+few|these)\s+things\s+(?:must|need\s+to|have\s+to|should)\s+(?:happen|be\s+done)\s*:\s*)/iu;

/** "first, …", "second, …", "finally, …" */
const ORDINAL_MARKER =
  /(?:^|[;:.,]\s*|\s)(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|fourth(?:ly)?|fifth|finally|lastly)\s*,\s*/giu;
/** "1) …", "(a) …" inside a sentence */
const INLINE_NUMBER = /(?:^|\s)(?:\(?\d{1,2}\)|\(?[a-e]\))\s+/gu;

const properNames = new Map<string, boolean>();

/** Whether wink-nlp reads a capitalised word as a name ("Priya will go") and not a verb ("Hope"). */
function isProperName(owner: string): boolean {
  let known = properNames.get(owner);
  if (known === undefined) {
    known = placedTokens(`${owner} will go.`)[0]?.tag === "PROPN";
    if (properNames.size > 1_000) properNames.clear();
    properNames.set(owner, known);
  }
  return known;
}

/** "All: review the plan", "Everyone to sign the form": everybody's task, the reader's too. */
const EVERYONE = /^(?:all|everyone|everybody|team|both|all\s+of\s+us)$/i;

function assignmentOf(text: string): Clause | undefined {
  const match = ASSIGNMENT.exec(text.trim());
  const owner = match?.groups?.owner;
  const action = match?.groups?.action?.trim();
  if (!match || !owner || !action) return undefined;
  if (DAY_LABEL.test(owner)) return undefined;
  if (EVERYONE.test(owner) && !match.groups?.second && opensAction(placedTokens(action), 0)) {
    return { text: action, forced: true };
  }
  if (NOT_A_NAME.has(owner.toLowerCase()) || NOT_A_NAME.has(owner.split(/\s/)[0]!.toLowerCase()))
    return undefined;
  const tokens = placedTokens(action);
  if (!opensAction(tokens, 0)) return undefined;
  // "Hope to see you there", "Jim: left you a voicemail": the name must be one, the verb an action.
  if (
    !isProperName(owner) &&
    !/^(?:finance|legal|marketing|sales|support|ops|hr|it|design|engineering)$/i.test(owner)
  )
    return undefined;
  if (
    !ACTION_VERBS.has(tokens[0]!.word) &&
    !/^(?:to|will|is|are|shall)\b/.test(text.trim().slice(owner.length).trim())
  )
    return undefined;
  const second = match.groups?.second;
  return { text: action, forced: true, owner: second ? `${owner} and ${second}` : owner };
}

/**
 * "Marco: get quotes from two printers": a line that gives a named person an action, not a
 * person speaking (what a chat line "Marco: can you send the quotes?" is).
 */
export function namesAnAssignment(line: string): boolean {
  // Cheap test first (the tagger is slow): a known action verb right after the name.
  const verb = /^\p{Lu}[\p{L}'-]*(?:\s\p{Lu}[\p{L}'-]*)?\s*:\s*([\p{L}-]+)/u.exec(line)?.[1];
  return (
    verb !== undefined && ACTION_VERBS.has(verb.toLowerCase()) && assignmentOf(line)?.owner !== undefined
  );
}

/** Cuts a text at every match of a marker, dropping the markers; the text before the first is the head. */
function cutAt(text: string, marker: RegExp): { head: string; items: string[] } {
  const matches = [...text.matchAll(marker)];
  const head = text.slice(0, matches[0]?.index ?? text.length);
  const items = matches.map((match, index) =>
    text.slice(match.index + match[0].length, matches[index + 1]?.index ?? text.length),
  );
  return { head, items };
}

const clean = (text: string) => text.replace(/^[\s,;:.—–-]+|[\s,;]+$/g, "").replace(/\s*[;,]?\s*and$/i, "");

const OBLIGES = /\b(?:must|need(?:s)?\s+to|ha(?:s|ve)\s+to|should|required|will)\b/i;

/**
 * Items of a list of actions: each split further where it coordinates actions. Where the list
 * itself does not say it holds actions (`asked` false), an item must open with a verb or oblige.
 */
function listItems(items: string[], asked = true): Clause[] {
  return items
    .map(clean)
    .filter((item) => /\p{L}{2,}/u.test(item))
    .filter((item) => asked || OBLIGES.test(item) || opensAction(placedTokens(item), 0))
    .flatMap((item): Clause[] => {
      const assigned = assignmentOf(item);
      return assigned ? [assigned] : splitCoordinatedActions(item).map((text) => ({ text, forced: true }));
    });
}

/**
 * Assignments joined in one sentence: "We agreed that Chris will write the postmortem and Fatima
 * will add an alert".
 */
const JOINED_ASSIGNMENT = new RegExp(
  `(?:^|(?:,|;|\\band|\\bthat|:)\\s+)(?=${NAME}\\s+(?:will|to)\\s+\\p{Ll})`,
  "gu",
);

/** "Saturday:", "Groceries for the weekend:", "Note to self:": a few words heading a list. */
const HEADING_LABEL = /^(?<label>\p{L}[\p{L}'’ -]{0,40}?)\s*:\s+(?<rest>.+)$/u;
const DAY_LABEL =
  /^(?:(?:this|next|on)\s+)?(?:today|tonight|tomorrow|this\s+week(?:end)?|next\s+week|the\s+weekend|weekend|(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:\s+(?:morning|afternoon|evening|night))?)$/i;

/** A heading and the actions it lists, or undefined when the text after it is no action. */
function headedList(text: string): Clause[] | undefined {
  const match = HEADING_LABEL.exec(text);
  const label = match?.groups?.label?.trim();
  const rest = match?.groups?.rest;
  if (!label || !rest || label.split(/\s+/).length > 5) return undefined;
  // Cheap test first: a list of actions opens with a known action verb.
  if (!ACTION_VERBS.has(/^(?:please\s+)?([\p{L}-]+)/iu.exec(rest)?.[1]?.toLowerCase() ?? ""))
    return undefined;
  if (!opensAction(placedTokens(rest), 0)) return undefined;
  const when = DAY_LABEL.test(label) ? label : undefined;
  return rest
    .split(/;\s*/)
    .map(clean)
    .filter((item) => /\p{L}{2,}/u.test(item))
    .flatMap((item) => splitCoordinatedActions(item, { list: true }))
    .map((item) => ({ text: item, forced: true, ...(when ? { when } : {}) }));
}

/** What every split below needs somewhere in the sentence. */
const MAY_SPLIT =
  /[;:—–]|\s-\s|\b(?:first(?:ly)?|second(?:ly)?|finally|lastly|following|things)\b|\d\)|\([a-e]\)|\p{Lu}\p{Ll}+(?:\s\p{Lu}\p{Ll}+)?\s+(?:will|to)\s/u;

/** Cheap test first: an assignment names someone who will or is to do something. */
const MAY_ASSIGN = /\p{Lu}[\p{L}'-]+\s+(?:will|to)\s/u;

/** The clauses of one sentence; a sentence with nothing to split is one clause, not forced. */
export function clausesOf(sentence: string): Clause[] {
  const text = sentence.trim();
  // Cheap test first: most sentences hold no list, label or assignment at all.
  if (!MAY_SPLIT.test(text)) return [{ text, forced: false }];
  // An enumeration: "first, …; second, …; third, …" (at least two markers).
  const ordinals = text.match(ORDINAL_MARKER)?.length ?? 0;
  if (ordinals >= 2) {
    const { head, items } = cutAt(text, ORDINAL_MARKER);
    const listed = listItems(items, OBLIGES.test(head) || /\bthings?\b|:\s*$/.test(head));
    if (listed.length > 0) return listed;
  }
  const numbered = text.match(INLINE_NUMBER)?.length ?? 0;
  if (numbered >= 2) {
    const { head, items } = cutAt(text, INLINE_NUMBER);
    const listed = listItems(items, false);
    if ((head.trim() === "" || /[:]\s*$/.test(head)) && listed.length > 0) return listed;
  }
  // A label or a lead-in that announces actions: what follows is a list of them.
  const label = ACTION_LABEL.exec(text);
  if (label && label[0].length < text.length) {
    return listItems(text.slice(label[0].length).split(/;\s*/));
  }
  // Assignments: one, or several joined by "and", ";" or ",".
  const starts = !MAY_ASSIGN.test(text)
    ? []
    : [...text.matchAll(JOINED_ASSIGNMENT)]
        .map((match) => match.index + match[0].length)
        .filter((start, index, all) => all.indexOf(start) === index);
  if (starts.length > 0) {
    const pieces = starts.map((start, index) => text.slice(start, starts[index + 1] ?? text.length));
    const assigned = pieces.map((piece) => assignmentOf(clean(piece)));
    if (assigned.every((clause) => clause !== undefined)) return assigned as Clause[];
  }
  if (text.includes(";")) {
    const parts = text.split(/;\s*/).map(clean).filter(Boolean);
    const assigned = parts.map((part) => assignmentOf(part));
    if (parts.length > 1 && assigned.every((clause) => clause !== undefined)) return assigned as Clause[];
  }
  const single = assignmentOf(text);
  if (single) return [single];
  const headed = headedList(text);
  if (headed && headed.length > 0) return headed;
  return [{ text, forced: false }];
}
