import {
  TASK_DURATION_MAX_MINUTES,
  TASK_DURATION_MIN_MINUTES,
  type ParseTaskResponse,
  type QuickAddSpan,
  type QuickAddSpanKind,
  type TaskPriority,
} from "@contract/index";
import { firstOccurrence } from "../../lib/recurrence";
import {
  createDateReader,
  namesAMoment,
  RECURRENCE_PHRASES,
  recurrenceRule,
  tidyTitle,
  type DateContext,
} from "../extract";

// ---------------------------------------------------------------------------------------------
// Quick add: one line read into title, due date, tags, priority, recurrence and estimate. Every recognised
// part is reported as a span of the original text so a client can highlight it; a phrase in
// "quotes" is never read, so wrapping a wrongly read date in quotes keeps it as title words.
// ---------------------------------------------------------------------------------------------

const PRIORITY_RANK: Record<TaskPriority, number> = { low: 0, medium: 1, high: 2, urgent: 3 };

/** p1 is the most important, as in the task managers people come from. */
const P_LEVELS: Record<string, TaskPriority> = { "1": "urgent", "2": "high", "3": "medium", "4": "low" };

/** A token stands alone: whitespace or the text's edge on both sides. */
const PRIORITY_TOKEN = /(?<!\S)(?:!(low|medium|high|urgent)|[pP]([1-4]))(?!\S)/giu;
const TAG_TOKEN = /(?<![^\s([{,;])#(\p{L}[\p{L}\p{N}_/-]*)/gu;
/**
 * An estimate standing alone: "45m", "45 min", "2h", "2 hours", "1h30", "1h30m", "1.5h". Written after "in",
 * "within" or "after" it is a moment ("call back in 2h"), which the date reader takes.
 */
const DURATION_TOKEN =
  /(?<!\S)(?:(\d{1,2}(?:[.,]\d{1,2})?)\s?h(?:(\d{2})m?|rs?|ours?)?|(\d{1,3})(?:m(?:ins?|inutes?)?|\s(?:mins?|minutes?)))(?![\p{L}\p{N}])/giu;
const MOMENT_BEFORE = /(?:^|\s)(?:in|within|after)\s+$/i;
/** "a 30 min call", "a 2 hour massage": a length that describes the thing, part of the title. */
const ARTICLE_BEFORE = /(?:^|\s)an?\s+$/i;

/** The minutes a duration token names, or undefined when it names no estimate a task can carry. */
function durationMinutesOf(match: RegExpMatchArray): number | undefined {
  const [, hoursText, minutesAfterHours, minutesText] = match;
  let minutes: number;
  if (hoursText !== undefined) {
    const hours = Number(hoursText.replace(",", "."));
    const extra = minutesAfterHours === undefined ? 0 : Number(minutesAfterHours);
    if (extra >= 60) return undefined;
    minutes = Math.round(hours * 60) + extra;
  } else {
    minutes = Number(minutesText);
  }
  return minutes >= TASK_DURATION_MIN_MINUTES && minutes <= TASK_DURATION_MAX_MINUTES ? minutes : undefined;
}

/** "…" or “…”: kept as text, the marks themselves dropped from the title. */
const QUOTED = /"([^"]*)"|“([^”]*)”/gu;

/** Date words the date reader leaves out of its phrase but that belong to it ("by", "due"). */
const CONNECTOR_BEFORE =
  /(?:^|\s)(?:(?:due(?:\s+(?:on|by))?|by|on|at|before|until|till|for)(?:\s+the)?\s+|@\s*)$/i;

interface Range {
  start: number;
  end: number;
}

const overlaps = (a: Range, b: Range) => a.start < b.end && b.start < a.end;

/** Reads a quick-add line where and when the user is (relative dates use `context`). */
export function parseQuickAdd(text: string, context: DateContext): ParseTaskResponse {
  const quoted: Range[] = [];
  for (const match of text.matchAll(QUOTED)) {
    quoted.push({ start: match.index, end: match.index + match[0].length });
  }
  const spans: QuickAddSpan[] = [];
  const taken = (range: Range) =>
    quoted.some((quote) => overlaps(quote, range)) || spans.some((span) => overlaps(span, range));
  const add = (start: number, end: number, kind: QuickAddSpanKind): boolean => {
    if (taken({ start, end })) return false;
    spans.push({ start, end, kind });
    return true;
  };

  let recurrence: string | null = null;
  for (const match of text.matchAll(RECURRENCE_PHRASES)) {
    if (recurrence === null && add(match.index, match.index + match[0].length, "recurrence")) {
      recurrence = recurrenceRule(match[0]);
    }
  }

  let priority: TaskPriority | null = null;
  for (const match of text.matchAll(PRIORITY_TOKEN)) {
    if (!add(match.index, match.index + match[0].length, "priority")) continue;
    const named = match[1]?.toLowerCase() as TaskPriority | undefined;
    const level = named ?? P_LEVELS[match[2] ?? ""] ?? "medium";
    // Several priorities in one line: the highest wins.
    if (!priority || PRIORITY_RANK[level] > PRIORITY_RANK[priority]) priority = level;
  }

  // Before the date reader, which would read "1h30" as half past one.
  let durationMinutes: number | null = null;
  // A second estimate stays a title word, and is no date either ("rest 15m" is not in 15 minutes).
  const otherLengths: Range[] = [];
  for (const match of text.matchAll(DURATION_TOKEN)) {
    const before = text.slice(Math.max(0, match.index - 20), match.index);
    if (MOMENT_BEFORE.test(before)) continue;
    const range = { start: match.index, end: match.index + match[0].length };
    if (ARTICLE_BEFORE.test(before)) {
      otherLengths.push(range);
      continue;
    }
    const minutes = durationMinutesOf(match);
    if (durationMinutes === null && minutes !== undefined && add(range.start, range.end, "duration")) {
      durationMinutes = minutes;
    } else {
      otherLengths.push(range);
    }
  }

  const tags: string[] = [];
  for (const match of text.matchAll(TAG_TOKEN)) {
    const tag = (match[1] ?? "").replace(/[-/]+$/, "");
    if (!tag || !add(match.index, match.index + 1 + tag.length, "tag")) continue;
    if (!tags.some((known) => known.toLowerCase() === tag.toLowerCase())) tags.push(tag);
  }

  // The date reader sees the text with every other part blanked out (same length, so its
  // positions are positions in the original text).
  const blanked = [...quoted, ...otherLengths, ...spans].reduce(
    (current, range) =>
      current.slice(0, range.start) + " ".repeat(range.end - range.start) + current.slice(range.end),
    text,
  );
  const reader = createDateReader(context);
  let dueDate: string | null = null;
  // The first reading that names a moment; a date no task may carry (the year 10000) is not
  // read at all, so its words stay in the title.
  const first = reader.parse(blanked).find(namesAMoment);
  const due = first ? reader.dueDateOf(first) : undefined;
  if (first && due) {
    const connector = CONNECTOR_BEFORE.exec(blanked.slice(0, first.index));
    const start = connector ? first.index - connector[0].trimStart().length : first.index;
    if (add(start, first.index + first.text.length, "date")) dueDate = due;
  }
  // "Water the plants every monday": a repeating task needs a due date, the rule's first day.
  if (recurrence !== null && dueDate === null) dueDate = firstOccurrence(recurrence, context);

  spans.sort((a, b) => a.start - b.start);
  return {
    title: titleOf(text, spans, quoted),
    priority,
    due_date: dueDate,
    tags,
    recurrence,
    duration_minutes: durationMinutes,
    spans,
  };
}

/** The text without its recognised parts; quoted phrases stay, without their quote marks. */
function titleOf(text: string, spans: readonly Range[], quoted: readonly Range[]): string {
  const cuts = [
    ...spans.map((span) => ({ ...span, keep: "" })),
    ...quoted.map((quote) => ({ ...quote, keep: text.slice(quote.start + 1, quote.end - 1) })),
  ].sort((a, b) => a.start - b.start);
  // Nothing recognised: the title is the text as typed.
  if (cuts.length === 0) return text.replace(/\s+/g, " ").trim();
  let title = "";
  let position = 0;
  for (const cut of cuts) {
    title += `${text.slice(position, cut.start)} ${cut.keep} `;
    position = cut.end;
  }
  title += text.slice(position);
  return tidyTitle(title.replace(/\s+/g, " ")).trim();
}
