import type * as chrono from "chrono-node";
import { formatInTimeZone, fromZonedTime, getTimezoneOffset } from "date-fns-tz";
import { isDueDateInRange } from "@contract/common";
import { dateFormatOf, type DateOrder } from "@contract/date-format";
import type { UserRow } from "../../db/schema";
import { userTimeZone } from "../../lib/time-zone";
import {
  dateLanguageFor,
  MORNING_HOUR,
  mayHoldTaughtWords,
  TAUGHT_TAG,
  type DateLanguageOption,
} from "./date-language";

/** Where and when a text was written: relative dates ("tomorrow", "by 5pm") are read there. */
export interface DateContext {
  /** IANA zone, e.g. Europe/Berlin */
  timeZone: string;
  now: Date;
  /** How the writer orders a numeric date's day and month ("12/03"); month first when not given. */
  dateOrder?: DateOrder;
  /** The hour "morning" with no hour written means (the user's setting); 9 when not given */
  morningHour?: number;
}

/** A user's reading context: their zone (or the one a request names) and the hour of their morning. */
export function userDateContext(
  user: Pick<UserRow, "timezone" | "morning_hour"> & { date_order?: string | null },
  now: Date,
  timeZone: string = userTimeZone(user),
): DateContext {
  return {
    timeZone,
    now,
    morningHour: user.morning_hour ?? MORNING_HOUR,
    dateOrder: dateFormatOf(user).date_order,
  };
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** A wall-clock time in a zone as an instant (DST is that of the date itself, not of today). */
export function zonedWallTimeToUtc(wall: WallTime, timeZone: string): Date {
  const local = `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`;
  return fromZonedTime(local, timeZone);
}

/**
 * A found date as a due date (ISO UTC), or undefined when it is not one a task may carry: a text
 * can name any year ("0000-01-01", "9999-12-31 23:30" far west of UTC, which is already year
 * 10000), and such a date leaves the task without a deadline instead of failing the extraction.
 */
export function dueDateFromInstant(instant: Date): string | undefined {
  return isDueDateInRange(instant) ? instant.toISOString() : undefined;
}

const TIME_OF_DAY_WORDS = /\b(?:tonight|morning|afternoon|evening|noon|midnight)\b/i;

function hasTimeOfDay(result: chrono.ParsedResult): boolean {
  return result.start.isCertain("hour") || TIME_OF_DAY_WORDS.test(result.text);
}

/** The user's calendar date at an instant, as [year, month, day]. */
function localDate(instant: Date, timeZone: string): [number, number, number] {
  return formatInTimeZone(instant, timeZone, "yyyy-MM-dd").split("-").map(Number) as [number, number, number];
}

/**
 * Reads dates for one extraction: chrono-node with the user's "now" and zone. Zone conversions
 * are slow (Intl), so the reference and every conversion are computed once per extraction.
 */
export interface DateReader {
  readonly context: DateContext;
  /** chrono's reading of a text, deadlines looking forward ("friday" = the coming one) */
  parse(text: string): chrono.ParsedResult[];
  /**
   * The deadline a chrono result names, as ISO UTC; the time may come from a second result
   * ("friday by 5pm"). A date without a time means the end of that day where the user lives (a
   * task "due Friday" is not overdue on Friday afternoon). Undefined for a date outside the
   * range a due date may have.
   */
  dueDateOf(result: chrono.ParsedResult, timeFrom?: chrono.ParsedResult): string | undefined;
  /** The end of the user's current day ("EOD") */
  endOfToday(): string | undefined;
  /** Phrase readings already made in this extraction */
  readonly phrases: Map<string, string | undefined>;
}

/** Words that make a reading a date on their own; anything else must name a day or an hour. */
const SELF_EVIDENT_DATE =
  /\b(?:today|tonight|tomorrow|next|this|coming|noon|midnight|morning|afternoon|evening|end\s+of|in\s+(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten)\s)|\d{4}-\d{2}-\d{2}/i;

/**
 * Whether a reading names a moment a task can be due: a day, a weekday or an hour, or words
 * that are a date on their own ("next week", "in 3 days"). "March" or "2026" alone name none:
 * "Reconcile March expenses", "Prepare the 2026 tax return".
 */
export function namesAMoment(result: chrono.ParsedResult): boolean {
  const start = result.start;
  return (
    start.isCertain("day") ||
    start.isCertain("weekday") ||
    start.isCertain("hour") ||
    SELF_EVIDENT_DATE.test(result.text)
  );
}

/**
 * Words the date language must not see, blanked out (same length, so positions stay): links,
 * tags and file names, whose digits are no date ("/2024/05/17/", "#2024-05-17",
 * "IMG_20240517"), and parts of the day used as nouns ("game night", "the Night Market", "the
 * Tonight Show").
 */
const NOT_DATE_TOKENS = /(?:https?:\/\/|www\.)\S+|\S*[#_]\S*\d\S*|\S*\d\S*[_]\S*/giu;
const PART_OF_DAY_WORD = /(?<=(\S+)\s+)(?:night|evening|morning|afternoon|tonight)\b/giu;
const DAY_WORD_BEFORE_PART =
  /^(?:this|tomorrow|tmrw|yesterday|today|every|each|by|until|till|before|on|at|in|late|early|sat(?:urday)?|sun(?:day)?|mon(?:day)?|tue(?:s|sday)?|wed(?:nesday)?|thu(?:rs?|rsday)?|fri(?:day)?|the)$/i;

export function blankNonDates(text: string): string {
  const blank = (match: string) => " ".repeat(match.length);
  return text
    .replace(NOT_DATE_TOKENS, blank)
    .replace(PART_OF_DAY_WORD, (word: string, previous: string, offset: number) => {
      // A capitalised part-of-day word inside a line is a name ("the Night Market").
      if (/^\p{Lu}/u.test(word)) return blank(word);
      if (/^tonight$/i.test(word)) return word;
      if (!DAY_WORD_BEFORE_PART.test(previous.replace(/[^\p{L}]/gu, ""))) return blank(word);
      // "the night" is a time only after "in", "by", "until" ("in the evening").
      if (/^the$/i.test(previous)) {
        const earlier = /(\S+)\s+\S+\s+$/.exec(text.slice(0, offset))?.[1] ?? "";
        if (!/^(?:in|by|until|till|before|during)$/i.test(earlier)) return blank(word);
      }
      return word;
    });
}

export function createDateReader(context: DateContext): DateReader {
  const { now, timeZone } = context;
  /**
   * chrono-node only understands fixed offsets, so it is given the zone's offset at `now`: that
   * makes "today" and "tomorrow" the user's local days. The wall time it reads is then converted
   * with the real zone, so a date across a DST change still gets its own offset.
   */
  const reference: chrono.ParsingReference = {
    instant: now,
    timezone: Math.round(getTimezoneOffset(timeZone, now) / 60_000),
  };
  const language = dateLanguageFor(timeZone, context.dateOrder);
  const option: DateLanguageOption = { forwardDate: true, morningHour: context.morningHour };
  const conversions = new Map<string, string | undefined>();
  const toUtc = (wall: WallTime): string | undefined => {
    const key = `${wall.year}-${wall.month}-${wall.day} ${wall.hour}:${wall.minute}:${wall.second}`;
    if (!conversions.has(key)) conversions.set(key, dueDateFromInstant(zonedWallTimeToUtc(wall, timeZone)));
    return conversions.get(key);
  };
  return {
    context,
    phrases: new Map(),
    parse: (text) => language.parse(blankNonDates(text), reference, option),
    dueDateOf(result, timeFrom) {
      const start = result.start;
      // "in 3 hours" and "5pm CET" name an instant, not a wall time.
      if (start.isCertain("timezoneOffset") && !timeFrom) return dueDateFromInstant(start.date());
      const timeSource =
        timeFrom && hasTimeOfDay(timeFrom) ? timeFrom : hasTimeOfDay(result) ? result : undefined;
      return toUtc({
        year: start.get("year") ?? 1970,
        month: start.get("month") ?? 1,
        day: start.get("day") ?? 1,
        hour: timeSource ? (timeSource.start.get("hour") ?? 0) : 23,
        minute: timeSource ? (timeSource.start.get("minute") ?? 0) : 59,
        second: timeSource ? 0 : 59,
      });
    },
    endOfToday() {
      const [year, month, day] = localDate(now, timeZone);
      return toUtc({ year, month, day, hour: 23, minute: 59, second: 59 });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The pattern method's date phrases: only explicit phrases, so that a number or a word
// that is part of a title ("Review Q3 report", "Plan May Day party", "Call 3 suppliers") stays
// in the title. Weekdays, month-day dates and times need a connector (by, on, due, at…);
// "today", "tomorrow", "next friday", "in 3 days" and ISO dates stand on their own.
// ---------------------------------------------------------------------------------------------

const WEEKDAY =
  "(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tues|tue|wed|thurs|thur|thu|fri)";
const MONTH =
  "(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)";
const ORDINAL = "(?:st|nd|rd|th)?";
const TIME = "(?:\\d{1,2}(?::\\d{2})?\\s*(?:am|pm|a\\.m\\.|p\\.m\\.)|\\d{1,2}:\\d{2}|noon|midnight)";
const COUNT = "(?:\\d{1,2}|a|one|two|three|four|five|six|seven|eight|nine|ten)";
const END_OF_DAY = "(?:eod|end\\s+of\\s+(?:the\\s+)?day)";
const STANDALONE_DATE = `(?:\\d{4}-\\d{2}-\\d{2}(?:[t ]\\d{1,2}:\\d{2})?|today|tonight|tomorrow|(?:next|this|coming)\\s+${WEEKDAY}|in\\s+${COUNT}\\s+(?:days?|weeks?)|${END_OF_DAY})`;
const CONNECTED_DATE = `(?:${WEEKDAY}|${MONTH}\\.?\\s+\\d{1,2}${ORDINAL}(?:,?\\s+\\d{4})?|\\d{1,2}${ORDINAL}\\s+(?:of\\s+)?${MONTH}(?:,?\\s+\\d{4})?)`;
const CONNECTOR =
  "(?:due\\s*:\\s*|(?:(?:due|deadline)(?:\\s+(?:on|by|before))?|by|on|before|until|till|no\\s+later\\s+than)\\s+)";
const TIME_AFTER_DATE = `(?:,?\\s+(?:at\\s+|by\\s+|before\\s+|@\\s*)?${TIME})?`;
const ANY_DATE = `(?:${CONNECTOR}?${STANDALONE_DATE}|${CONNECTOR}${CONNECTED_DATE}|${WEEKDAY})`;

const DATE_PHRASE_FORMS = [
  `${CONNECTOR}?${STANDALONE_DATE}${TIME_AFTER_DATE}`,
  `${CONNECTOR}${CONNECTED_DATE}${TIME_AFTER_DATE}`,
  `(?:(?:at|by|before)\\s+|@\\s*)${TIME}(?:\\s+${ANY_DATE})?`,
].map((form) => `(?:${form})(?![\\p{L}\\p{N}_'’/-])`);

/**
 * A phrase not inside a word. The look-behind is written once, before the alternatives: the same
 * matches as one look-behind per alternative, in about a third less time.
 */
const DATE_PHRASE = new RegExp(`(?<![\\p{L}\\p{N}_'’#/-])(?:${DATE_PHRASE_FORMS.join("|")})`, "iu");

const END_OF_DAY_PHRASE = new RegExp(`^(?:by\\s+)?${END_OF_DAY}$`, "i");

export interface DatePhrase {
  dueDate: string;
  /** The text with the phrase taken out */
  rest: string;
}

/** The deadline a phrase names, or undefined when chrono cannot read it after all. */
function readPhrase(phrase: string, reader: DateReader): string | undefined {
  if (END_OF_DAY_PHRASE.test(phrase.trim())) return reader.endOfToday();
  const text = phrase.replace(/^due\s*:\s*/i, "");
  const [first, second] = reader.parse(text);
  if (!first) return undefined;
  // "friday by 5pm" comes back as two results: the day from one, the time from the other.
  if (second && !first.start.isCertain("hour") && !second.start.isCertain("day")) {
    return reader.dueDateOf(first, second);
  }
  if (
    second &&
    !second.start.isCertain("hour") &&
    second.start.isCertain("day") &&
    !first.start.isCertain("day")
  ) {
    return reader.dueDateOf(second, first);
  }
  return reader.dueDateOf(first);
}

const TAUGHT_CONNECTOR = /(?:^|\s)(?:due|by|on|at|before|until|till|@)\s*:?\s*$/i;

/**
 * What the date language was taught besides chrono-node (holidays, eod, "7a", "the 14th", "end of
 * the week"), read in a checklist line too: a holiday or eod on its own, the others after a
 * connector ("at 7a", "by the 14th").
 */
function takeTaughtPhrase(text: string, reader: DateReader): DatePhrase | undefined {
  if (!mayHoldTaughtWords(text)) return undefined;
  for (const result of reader.parse(text)) {
    if (!result.tags().has(TAUGHT_TAG) || !namesAMoment(result)) continue;
    const before = text.slice(0, result.index);
    const connector = TAUGHT_CONNECTOR.exec(before);
    const standsAlone = !/^(?:\d{1,2}(?::\d{2})?\s?[ap]|the\s+\d)/i.test(result.text);
    if (!connector && !standsAlone) continue;
    const dueDate = reader.dueDateOf(result);
    if (!dueDate) return undefined;
    const start = connector ? result.index - connector[0].trimStart().length : result.index;
    return { dueDate, rest: `${text.slice(0, start)} ${text.slice(result.index + result.text.length)}` };
  }
  return undefined;
}

/**
 * The first explicit deadline phrase in a line and the line without it; undefined when there is
 * none. Conservative by design: see the phrase grammar above.
 */
export function takeDatePhrase(text: string, reader: DateReader): DatePhrase | undefined {
  const match = DATE_PHRASE.exec(text);
  if (!match) return takeTaughtPhrase(text, reader);
  const phrase = match[0].toLowerCase();
  if (!reader.phrases.has(phrase)) reader.phrases.set(phrase, readPhrase(phrase, reader));
  const dueDate = reader.phrases.get(phrase);
  if (!dueDate) return undefined;
  return { dueDate, rest: `${text.slice(0, match.index)} ${text.slice(match.index + match[0].length)}` };
}
