import { createRequire } from "node:module";
import { formatInTimeZone, fromZonedTime } from "date-fns-tz";
import type * as rrule from "rrule";
import type { Options } from "rrule";
import { isDueDateInRange } from "@contract/common";
import { repeatsWithoutDueDate, taskMessages } from "@contract/tasks";

// ---------------------------------------------------------------------------------------------
// Repeating tasks: an RFC 5545 RRULE value (without the "RRULE:" name) read and stepped through
// by the rrule library. The rule's start is always the task's due date, so a rule carries no
// DTSTART, and its time of day is the due date's, so it carries no BYHOUR/BYMINUTE/BYSECOND.
// ---------------------------------------------------------------------------------------------

// rrule's package points Node's ES module loader at a UMD bundle without named exports: load it
// the CommonJS way, typed by its own declarations.
export const { RRule } = createRequire(import.meta.url)("rrule") as typeof rrule;

type Part = keyof Options;

/**
 * What a rule may hold, by frequency. Tasks repeat by days at the finest, and the time of day is
 * the due date's. Daily and weekly rules take plain weekdays and months only, so every rule of
 * theirs has a date within days; the RFC's other parts go with monthly and yearly rules.
 */
const COMMON_PARTS: Part[] = ["freq", "interval", "count", "until", "wkst", "byweekday", "bymonth"];
const MONTHLY_PARTS: Part[] = [...COMMON_PARTS, "bymonthday", "bysetpos"];
const PARTS = new Map<number, Part[]>([
  [RRule.DAILY, COMMON_PARTS],
  [RRule.WEEKLY, COMMON_PARTS],
  [RRule.MONTHLY, MONTHLY_PARTS],
  [RRule.YEARLY, [...MONTHLY_PARTS, "byyearday", "byweekno"]],
]);
const PART_NAMES: Partial<Record<Part, string>> = {
  dtstart: "DTSTART (the due date is where a rule starts)",
  tzid: "TZID (dates repeat in the user's timezone)",
  byhour: "BYHOUR (the due date's time of day is kept)",
  byminute: "BYMINUTE (the due date's time of day is kept)",
  bysecond: "BYSECOND (the due date's time of day is kept)",
  byeaster: "BYEASTER",
  bymonthday: "BYMONTHDAY",
  bysetpos: "BYSETPOS",
  byyearday: "BYYEARDAY",
  byweekno: "BYWEEKNO",
};
const INTERVAL_MAX = 99;

export class RecurrenceError extends Error {}

function listOf(value: unknown): unknown[] {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Whole numbers whose size lies in [min, max], negative ones allowed (they count from the end). */
function allWholeIn(value: unknown, min: number, max: number): boolean {
  return listOf(value).every(
    (item) =>
      typeof item === "number" && Number.isInteger(item) && Math.abs(item) >= min && Math.abs(item) <= max,
  );
}

function frequencyName(freq: number): string {
  return ["YEARLY", "MONTHLY", "WEEKLY", "DAILY"][freq] ?? String(freq);
}

/**
 * rrule's reader is lenient (it keeps `INTERVAL=abc`, drops an unknown weekday to null and takes
 * a rule without FREQ), so what it read is checked here before anything is computed from it.
 */
function checkOptions(options: Partial<Options>): void {
  const allowed = options.freq === undefined ? undefined : PARTS.get(options.freq);
  if (options.freq === undefined || !allowed) {
    throw new RecurrenceError("FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY");
  }
  for (const key of Object.keys(options) as Part[]) {
    if (options[key] === undefined || options[key] === null || allowed.includes(key)) continue;
    throw new RecurrenceError(
      `${PART_NAMES[key] ?? key.toUpperCase()} is not allowed with FREQ=${frequencyName(options.freq)}`,
    );
  }
  if (options.interval !== undefined && !allWholeIn(options.interval, 1, INTERVAL_MAX)) {
    throw new RecurrenceError(`INTERVAL must be a whole number from 1 to ${INTERVAL_MAX}`);
  }
  if (options.count !== undefined && options.count !== null && !allWholeIn(options.count, 1, 10_000)) {
    throw new RecurrenceError("COUNT must be a whole number from 1 to 10000");
  }
  if (options.until && Number.isNaN(options.until.getTime()))
    throw new RecurrenceError("UNTIL is not a date");
  const days = listOf(options.byweekday) as ({ n?: number } | null | undefined)[];
  if (days.some((day) => !day)) {
    throw new RecurrenceError("BYDAY must list MO, TU, WE, TH, FR, SA or SU");
  }
  const monthly = options.freq === RRule.MONTHLY || options.freq === RRule.YEARLY;
  if (!monthly && days.some((day) => day?.n)) {
    throw new RecurrenceError("BYDAY takes numbered days (2MO, -1FR) only with FREQ=MONTHLY or YEARLY");
  }
  const ranges: [Part, string, number, number][] = [
    ["bymonth", "BYMONTH", 1, 12],
    ["bymonthday", "BYMONTHDAY", 1, 31],
    ["byyearday", "BYYEARDAY", 1, 366],
    ["byweekno", "BYWEEKNO", 1, 53],
    ["bysetpos", "BYSETPOS", 1, 366],
  ];
  for (const [key, name, min, max] of ranges) {
    if (!allWholeIn(options[key], min, max)) {
      throw new RecurrenceError(
        `${name} must hold whole numbers from ${min} to ${max} (or -${max} to -${min})`,
      );
    }
  }
}

/**
 * rrule steps through a rule one period at a time, bounded only by the year 9999: a monthly or
 * yearly rule that can never match ("every February 30th") walks there for seconds. The Gregorian
 * calendar repeats exactly every 400 years (weekdays, month lengths, leap days), so the search is
 * run that many 400-year cycles later, close to 9999, and its answer moved back: the same dates,
 * with at most a few centuries to walk. Daily and weekly rules always match within days.
 */
const CALENDAR_CYCLE_YEARS = 400;
const LAST_SEARCH_YEAR = 9999 - 110;

function shiftedYears(date: Date, years: number): Date {
  const shifted = new Date(date);
  shifted.setUTCFullYear(date.getUTCFullYear() + years);
  return shifted;
}

/**
 * The first date after `from` (or on it, with `inclusive`) of the rule started at `start`
 * (`from` defaults to `start`; it is never before it).
 */
function dateAfter(options: Partial<Options>, start: Date, inclusive: boolean, from = start): Date | null {
  const cycles = Math.max(0, Math.floor((LAST_SEARCH_YEAR - from.getUTCFullYear()) / CALENDAR_CYCLE_YEARS));
  const shift = cycles * CALENDAR_CYCLE_YEARS;
  const rule = new RRule({
    ...options,
    dtstart: shiftedYears(start, shift),
    until: options.until ? shiftedYears(options.until, shift) : null,
  });
  const found = rule.after(shiftedYears(from, shift), inclusive);
  return found ? shiftedYears(found, -shift) : null;
}

/** A rule that never yields a date (BYMONTH=2;BYMONTHDAY=30) is refused rather than stored. */
function checkRepeats(options: Partial<Options>): void {
  const { count: _count, until: _until, ...open } = options;
  if (!dateAfter(open, new Date(Date.UTC(2000, 0, 1)), true)) {
    throw new RecurrenceError("the rule never gives a date");
  }
}

function readOptions(rule: string): Partial<Options> {
  let options: Partial<Options>;
  try {
    options = RRule.parseString(rule.toUpperCase());
  } catch (error) {
    throw new RecurrenceError((error as Error).message);
  }
  checkOptions(options);
  return options;
}

/** A stored rule as people say it ("every week on Monday"), for an assistant to read back. */
export function recurrenceInWords(rule: string): string {
  try {
    return new RRule(readOptions(rule)).toText();
  } catch {
    // A rule from another app that rrule cannot put in words still repeats.
    return "repeats";
  }
}

/**
 * A rule as it is stored and sent: rrule's own spelling of what it read (upper case, without the
 * "RRULE:" name). Throws RecurrenceError, whose message says what is wrong, for anything else.
 */
export function normaliseRecurrence(rule: string): string {
  const text = rule.trim().replace(/^RRULE:/i, "");
  if (text === "" || /[\r\n]/.test(text)) {
    throw new RecurrenceError("must be one RRULE value such as FREQ=WEEKLY;BYDAY=MO");
  }
  const options = readOptions(text);
  checkRepeats(options);
  return RRule.optionsToString(options).replace(/^RRULE:/, "");
}

/**
 * "recurrence: …" when the rule is not one a task can carry (one this module cannot read, or a
 * repeating task without a due date, the contract's rule); undefined when it is.
 */
export function recurrenceProblem(
  rule: string | null | undefined,
  dueDate: string | null | undefined,
): string | undefined {
  if (rule === null || rule === undefined) return undefined;
  try {
    normaliseRecurrence(rule);
  } catch (error) {
    if (error instanceof RecurrenceError) return `recurrence: ${error.message}`;
    throw error;
  }
  return repeatsWithoutDueDate({ recurrence: rule, due_date: dueDate })
    ? `recurrence: ${taskMessages.repeatNeedsDueDate}`
    : undefined;
}

const WALL = "yyyy-MM-dd'T'HH:mm:ss.SSS";

/**
 * rrule computes in "floating" time: a wall-clock time is written as if it were UTC, so no
 * daylight-saving change moves it. The answer is turned back into an instant in the zone.
 */
function floating(wall: string): Date {
  return new Date(`${wall}Z`);
}

/**
 * The first date of `rule` strictly after the occurrence due at `dueDate`, at the same local time
 * of day in `timeZone` ("every Monday 09:00" stays 09:00 across daylight-saving changes; a task
 * due all day stays due all day). Null when the rule has no later date (COUNT or UNTIL reached)
 * or the date falls outside the years a due date may have.
 */
export function nextOccurrence(rule: string, dueDate: string, timeZone: string): string | null {
  const wall = formatInTimeZone(new Date(dueDate), timeZone, WALL);
  const start = floating(wall);
  const next = dateAfter(readOptions(rule), start, false);
  if (!next) return null;
  const nextWall = `${next.toISOString().slice(0, 10)}${wall.slice(10)}`;
  const instant = fromZonedTime(nextWall, timeZone);
  return isDueDateInRange(instant) ? instant.toISOString() : null;
}

/**
 * The rule of the task that follows: the same rule, with COUNT lowered by the occurrence just
 * done (COUNT counts from the rule's start, and the next task starts the rule again).
 */
export function followingRecurrence(rule: string): string {
  const options = readOptions(rule);
  if (typeof options.count !== "number") return normaliseRecurrence(rule);
  return RRule.optionsToString({ ...options, count: Math.max(1, options.count - 1) }).replace(/^RRULE:/, "");
}

/**
 * The first day of `rule` on or after today where the user is, due at the end of that day: the
 * due date a repeating phrase without a date of its own ("every Monday") proposes.
 */
export function firstOccurrence(rule: string, context: { timeZone: string; now: Date }): string | null {
  const today = formatInTimeZone(context.now, context.timeZone, "yyyy-MM-dd");
  const start = floating(`${today}T23:59:59.000`);
  const first = dateAfter(readOptions(rule), start, true);
  if (!first) return null;
  const instant = fromZonedTime(`${first.toISOString().slice(0, 10)}T23:59:59.000`, context.timeZone);
  return isDueDateInRange(instant) ? instant.toISOString() : null;
}

/**
 * Where a repeating task set to start at `dueDate` is really first due: `dueDate` itself when it
 * is one of the rule's dates (even a past one: the user chose it), else the rule's first date on
 * or after the later of `dueDate` and `nowIso`, counted from `dueDate` (its time of day in
 * `timeZone`, and the start of any INTERVAL). COUNT is left out (it counts from the date found).
 * Null when the rule has no such date (UNTIL passed) or it falls outside the years a due date may have.
 */
export function firstDueOnOrAfter(
  rule: string,
  dueDate: string,
  timeZone: string,
  nowIso: string,
): string | null {
  const { count: _count, ...options } = readOptions(rule);
  const wall = formatInTimeZone(new Date(dueDate), timeZone, WALL);
  const start = floating(wall);
  if (dateAfter(options, start, true)?.getTime() === start.getTime()) return dueDate;
  const later = dueDate > nowIso ? dueDate : nowIso;
  const from = floating(formatInTimeZone(new Date(later), timeZone, WALL));
  const first = dateAfter(options, start, true, from);
  if (!first) return null;
  const instant = fromZonedTime(`${first.toISOString().slice(0, 10)}${wall.slice(10)}`, timeZone);
  return isDueDateInRange(instant) ? instant.toISOString() : null;
}
