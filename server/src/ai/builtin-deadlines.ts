import type { ParsedResult } from "chrono-node";
import type { TaskPriority } from "../../../contract";
import type { DateReader } from "../modules/extract/date-phrases";

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

export function priorityOf(text: string): TaskPriority | undefined {
  return PRIORITY_WORDS.find(([pattern]) => pattern.test(text))?.[1];
}

export function withoutUrgencyFillers(text: string): string {
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
export function headingDeadline(when: string, text: string, dates: DateReader): Deadline | undefined {
  const found = takeDeadline(`by ${when}`, dates);
  return found ? { dueDate: found.dueDate, rest: text } : undefined;
}

/** "Tomorrow, call Bob": a date in front of the request. */
export const LEADING_DATE =
  /^\s*(?:(?:on|by|this|next|until)\s+)?(?:today|tonight|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b[,:]?\s*/i;

/** Cheap test first: most sentences name no date, and chrono-node reads every one slowly. */
const MAY_NAME_A_DATE =
  /\d|\b(?:today|tonight|tomorrow|tmrw|noon|midnight|morning|afternoon|evening|week|month|year|end|mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i;

export function takeDeadline(text: string, dates: DateReader): Deadline | undefined {
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
