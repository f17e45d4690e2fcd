import * as chrono from "chrono-node";
import { formatInTimeZone, fromZonedTime, getTimezoneOffset } from "date-fns-tz";
import { isDueDateInRange } from "@contract/common";

/** Where and when a text was written: relative dates ("tomorrow", "by 5pm") are read there. */
export interface DateContext {
  /** IANA zone, e.g. Europe/Berlin */
  timeZone: string;
  now: Date;
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
  const conversions = new Map<string, string | undefined>();
  const toUtc = (wall: WallTime): string | undefined => {
    const key = `${wall.year}-${wall.month}-${wall.day} ${wall.hour}:${wall.minute}:${wall.second}`;
    if (!conversions.has(key)) conversions.set(key, dueDateFromInstant(zonedWallTimeToUtc(wall, timeZone)));
    return conversions.get(key);
  };
  return {
    context,
    phrases: new Map(),
    parse: (text) => chrono.parse(text, reference, { forwardDate: true }),
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

/**
 * The first explicit deadline phrase in a line and the line without it; undefined when there is
 * none. Conservative by design: see the phrase grammar above.
 */
export function takeDatePhrase(text: string, reader: DateReader): DatePhrase | undefined {
  const match = DATE_PHRASE.exec(text);
  if (!match) return undefined;
  const phrase = match[0].toLowerCase();
  if (!reader.phrases.has(phrase)) reader.phrases.set(phrase, readPhrase(phrase, reader));
  const dueDate = reader.phrases.get(phrase);
  if (!dueDate) return undefined;
  return { dueDate, rest: `${text.slice(0, match.index)} ${text.slice(match.index + match[0].length)}` };
}
