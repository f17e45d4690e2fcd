import ICAL from "ical.js";
import { formatInTimeZone, fromZonedTime } from "date-fns-tz";
import { DUE_DATE_MAX_YEAR, isDueDateInRange } from "@contract/common";
import { ruleInWords, type ReadRule } from "@contract/recurrence-words";
import { repeatsWithoutDueDate, taskMessages } from "@contract/tasks";

// ---------------------------------------------------------------------------------------------
// Repeating tasks: an RFC 5545 RRULE value (without the "RRULE:" name) read and stepped through
// by ical.js's Recur. The rule's start is always the task's due date, so a rule carries no
// DTSTART, and its time of day is the due date's, so it carries no BYHOUR/BYMINUTE/BYSECOND.
// ---------------------------------------------------------------------------------------------

/** What a rule is made of, as ical.js builds one (`{ freq: "WEEKLY", byday: ["MO"] }`). */
export type RuleParts = Parameters<typeof ICAL.Recur.fromData>[0];

/** A rule's text, as it is stored and sent, from its parts. */
export function ruleText(parts: RuleParts): string {
  return ICAL.Recur.fromData(parts).toString();
}

/**
 * What a rule may hold, by frequency. Tasks repeat by days at the finest, and the time of day is
 * the due date's. Daily and weekly rules take plain weekdays and months only, so every rule of
 * theirs has a date within days; the RFC's other parts go with monthly and yearly rules.
 */
const COMMON_PARTS = ["FREQ", "INTERVAL", "COUNT", "UNTIL", "WKST", "BYDAY"];
// ical.js steps these wrongly, so they are refused: BYWEEKNO (weeks it numbers its own way),
// BYSETPOS in a year (it counts among a month's days only) and BYMONTH in a monthly rule (it
// skips the rest of the first year).
const PARTS = new Map<string, string[]>([
  ["DAILY", [...COMMON_PARTS, "BYMONTH"]],
  ["WEEKLY", [...COMMON_PARTS, "BYMONTH"]],
  ["MONTHLY", [...COMMON_PARTS, "BYMONTHDAY", "BYSETPOS"]],
  ["YEARLY", [...COMMON_PARTS, "BYMONTH", "BYMONTHDAY", "BYYEARDAY"]],
]);
/**
 * How a part is named when the rule's frequency does not take it (with why, for those no rule
 * takes). With the common parts, every name a rule may carry: any other is unknown.
 */
const PART_NAMES: Record<string, string> = {
  DTSTART: "DTSTART (the due date is where a rule starts)",
  TZID: "TZID (dates repeat in the user's timezone)",
  BYHOUR: "BYHOUR (the due date's time of day is kept)",
  BYMINUTE: "BYMINUTE (the due date's time of day is kept)",
  BYSECOND: "BYSECOND (the due date's time of day is kept)",
  BYEASTER: "BYEASTER",
  BYMONTHDAY: "BYMONTHDAY",
  BYSETPOS: "BYSETPOS",
  BYYEARDAY: "BYYEARDAY",
  BYWEEKNO: "BYWEEKNO",
  BYMONTH: "BYMONTH",
};
const KNOWN_PARTS = new Set([...COMMON_PARTS, ...Object.keys(PART_NAMES)]);
const INTERVAL_MAX = 99;
const WEEKDAY = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/;

export class RecurrenceError extends Error {}

/** Whole numbers whose size lies in [min, max], negative ones allowed (they count from the end). */
function allWholeIn(values: string[], min: number, max: number): boolean {
  return values.every(
    (value) => /^[+-]?\d+$/.test(value) && Math.abs(Number(value)) >= min && Math.abs(Number(value)) <= max,
  );
}

/** One whole number in [min, max], written with digits only. */
function isCountIn(value: string | undefined, min: number, max: number): boolean {
  return value !== undefined && /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max;
}

/**
 * ical.js's reader is lenient (it keeps unknown names, reads INTERVAL=0 as 1 and takes a rule
 * without FREQ), so the rule's written parts are checked here before it reads them.
 */
function checkParts(parts: Map<string, string>): void {
  for (const name of parts.keys()) {
    if (!KNOWN_PARTS.has(name)) throw new RecurrenceError(`Unknown RRULE property '${name}'`);
  }
  const freq = parts.get("FREQ") ?? "";
  const allowed = PARTS.get(freq);
  if (!allowed) throw new RecurrenceError("FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY");
  for (const name of parts.keys()) {
    if (!allowed.includes(name)) {
      throw new RecurrenceError(`${PART_NAMES[name] ?? name} is not allowed with FREQ=${freq}`);
    }
  }
  const listOf = (name: string) => (parts.has(name) ? (parts.get(name) ?? "").split(",") : []);
  if (parts.has("INTERVAL") && !isCountIn(parts.get("INTERVAL"), 1, INTERVAL_MAX)) {
    throw new RecurrenceError(`INTERVAL must be a whole number from 1 to ${INTERVAL_MAX}`);
  }
  if (parts.has("COUNT") && !isCountIn(parts.get("COUNT"), 1, 10_000)) {
    throw new RecurrenceError("COUNT must be a whole number from 1 to 10000");
  }
  const days = listOf("BYDAY").map((day) => WEEKDAY.exec(day));
  if (days.some((day) => !day)) {
    throw new RecurrenceError("BYDAY must list MO, TU, WE, TH, FR, SA or SU");
  }
  if (parts.has("BYSETPOS") && !parts.has("BYDAY")) {
    throw new RecurrenceError("BYSETPOS needs BYDAY (it picks among the days BYDAY lists)");
  }
  const monthly = freq === "MONTHLY" || freq === "YEARLY";
  if (!monthly && days.some((day) => day?.[1])) {
    throw new RecurrenceError("BYDAY takes numbered days (2MO, -1FR) only with FREQ=MONTHLY or YEARLY");
  }
  const ranges: [string, number, number][] = [
    ["BYMONTH", 1, 12],
    ["BYMONTHDAY", 1, 31],
    ["BYYEARDAY", 1, 366],
    ["BYSETPOS", 1, 366],
  ];
  for (const [name, min, max] of ranges) {
    if (!allWholeIn(listOf(name), min, max)) {
      throw new RecurrenceError(
        `${name} must hold whole numbers from ${min} to ${max} (or -${max} to -${min})`,
      );
    }
  }
  if (parts.has("UNTIL") && !/^\d{8}(T\d{6}Z?)?$/.test(parts.get("UNTIL") ?? "")) {
    throw new RecurrenceError("UNTIL is not a date");
  }
  if (parts.has("WKST") && !/^(MO|TU|WE|TH|FR|SA|SU)$/.test(parts.get("WKST") ?? "")) {
    throw new RecurrenceError("WKST must be MO, TU, WE, TH, FR, SA or SU");
  }
}

function readRule(rule: string): ICAL.Recur {
  const text = rule.toUpperCase();
  const parts = new Map(
    text
      .split(";")
      .filter((part) => part !== "")
      .map((part): [string, string] => {
        const equals = part.indexOf("=");
        return equals < 0 ? [part, ""] : [part.slice(0, equals), part.slice(equals + 1)];
      }),
  );
  checkParts(parts);
  let recur: ICAL.Recur;
  try {
    recur = ICAL.Recur.fromString(text);
  } catch (error) {
    throw new RecurrenceError((error as Error).message);
  }
  return recur;
}

/** A wall-clock time ("2026-03-23T09:00:00.000"), counted as UTC so no daylight-saving change moves it. */
function wallTime(wall: string): ICAL.Time {
  const [year, month, day, hour, minute, second] = (wall.match(/\d+/g) ?? []).map(Number);
  return ICAL.Time.fromData(
    { year, month, day, hour, minute, second, isDate: false },
    ICAL.Timezone.utcTimezone,
  );
}

/** The last year a search walks to: no due date lies later. */
const LAST_YEAR = DUE_DATE_MAX_YEAR;

/**
 * Whether a date ical.js gave is one of the rule's. It also gives DTSTART first whatever it is
 * (RFC 5545 counts it), the 1st of March for a 29th of February (or 30th) a year lacks, and the
 * first BYDAY date from where it starts whatever BYSETPOS says.
 */
function isRuleDate(
  recur: ICAL.Recur,
  iterator: ICAL.RecurIterator,
  start: ICAL.Time,
  date: ICAL.Time,
): boolean {
  if (date.compare(start) === 0 && !iterator.check_contracting_rules()) return false;
  const { BYMONTH, BYMONTHDAY, BYDAY, BYSETPOS, BYYEARDAY } = recur.parts;
  const length = ICAL.Time.daysInMonth(date.month, date.year);
  const isMonthDay = (days: number[], day: number) =>
    days.some((wanted) => wanted === day || wanted === day - length - 1);
  // Without days of its own, a monthly rule repeats the start's day, a yearly one its day and month.
  const startsDays = !BYDAY && !BYYEARDAY && recur.freq !== "DAILY" && recur.freq !== "WEEKLY";
  const monthDays = BYMONTHDAY ?? (startsDays ? [start.day] : undefined);
  if (monthDays && !isMonthDay(monthDays, date.day)) return false;
  const months =
    BYMONTH ?? (startsDays && !BYMONTHDAY && recur.freq === "YEARLY" ? [start.month] : undefined);
  if (months && !months.includes(date.month)) return false;
  if (!BYSETPOS || !BYDAY) return true;
  const candidates: number[] = [];
  for (let day = 1; day <= length; day += 1) {
    const candidate = date.clone();
    candidate.day = day;
    if (iterator.is_day_in_byday(candidate) && (!BYMONTHDAY || isMonthDay(BYMONTHDAY, day)))
      candidates.push(day);
  }
  const position = candidates.indexOf(date.day);
  return BYSETPOS.some((wanted) => wanted === position + 1 || wanted === position - candidates.length);
}

/**
 * The day ("2026-03-30") of the rule's first date after `from` (or on it, with `inclusive`),
 * the rule started at `start` (`from` defaults to `start`; it is never before it). Null when the
 * rule has no such date before the last year a due date may have.
 */
function dayAfter(recur: ICAL.Recur, start: ICAL.Time, inclusive: boolean, from = start): string | null {
  // COUNT is counted here, over the rule's own dates (see isRuleDate).
  const { count } = recur;
  const open = recur.clone();
  open.count = null;
  let iterator: ICAL.RecurIterator;
  try {
    iterator = open.iterator(start);
  } catch {
    // A rule ical.js cannot step through ("Malformed values in BYDAY part": 6MO) has no dates.
    return null;
  }
  let found = 0;
  for (let next = iterator.next(); next && next.year <= LAST_YEAR; next = iterator.next()) {
    if (!isRuleDate(recur, iterator, start, next)) continue;
    found += 1;
    if (count && found > count) return null;
    const order = next.compare(from);
    if (order > 0 || (inclusive && order === 0)) return next.toString().slice(0, 10);
  }
  return null;
}

/** A rule that never yields a date (BYMONTH=2;BYMONTHDAY=30) is refused rather than stored. */
function checkRepeats(recur: ICAL.Recur): void {
  const open = recur.clone();
  open.count = null;
  open.until = null;
  if (!dayAfter(open, wallTime("2000-01-01T00:00:00"), true)) {
    throw new RecurrenceError("the rule never gives a date");
  }
}

/** A stored rule as people say it ("every week on Monday"), for an assistant to read back. */
export function recurrenceInWords(rule: string): string {
  try {
    return ruleInWords(readRule(rule.replace(/^RRULE:/i, "")) as ReadRule);
  } catch {
    // A rule from another app that ical.js cannot read still repeats.
    return "repeats";
  }
}

/**
 * A rule as it is stored and sent: ical.js's spelling of what it read (upper case, without the
 * "RRULE:" name). Throws RecurrenceError, whose message says what is wrong, for anything else.
 */
export function normaliseRecurrence(rule: string): string {
  const text = rule.trim().replace(/^RRULE:/i, "");
  if (text === "" || /[\r\n]/.test(text)) {
    throw new RecurrenceError("must be one RRULE value such as FREQ=WEEKLY;BYDAY=MO");
  }
  const recur = readRule(text);
  checkRepeats(recur);
  return recur.toString();
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
 * The first date of `rule` strictly after the occurrence due at `dueDate`, at the same local time
 * of day in `timeZone` ("every Monday 09:00" stays 09:00 across daylight-saving changes; a task
 * due all day stays due all day). Null when the rule has no later date (COUNT or UNTIL reached)
 * or the date falls outside the years a due date may have.
 */
export function nextOccurrence(rule: string, dueDate: string, timeZone: string): string | null {
  const wall = formatInTimeZone(new Date(dueDate), timeZone, WALL);
  let recur: ICAL.Recur;
  try {
    recur = readRule(rule);
  } catch (error) {
    // A rule stored by an older version that this one refuses: the task no longer repeats.
    if (error instanceof RecurrenceError) return null;
    throw error;
  }
  const next = dayAfter(recur, wallTime(wall), false);
  if (!next) return null;
  const instant = fromZonedTime(`${next}${wall.slice(10)}`, timeZone);
  return isDueDateInRange(instant) ? instant.toISOString() : null;
}

/**
 * The rule of the task that follows: the same rule, with COUNT lowered by the occurrence just
 * done (COUNT counts from the rule's start, and the next task starts the rule again).
 */
export function followingRecurrence(rule: string): string {
  const recur = readRule(rule);
  if (!recur.count) return normaliseRecurrence(rule);
  recur.count = Math.max(1, recur.count - 1);
  return recur.toString();
}

/**
 * The first day of `rule` on or after today where the user is, due at the end of that day: the
 * due date a repeating phrase without a date of its own ("every Monday") proposes.
 */
export function firstOccurrence(rule: string, context: { timeZone: string; now: Date }): string | null {
  const today = formatInTimeZone(context.now, context.timeZone, "yyyy-MM-dd");
  const first = dayAfter(readRule(rule), wallTime(`${today}T23:59:59.000`), true);
  if (!first) return null;
  const instant = fromZonedTime(`${first}T23:59:59.000`, context.timeZone);
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
  const recur = readRule(rule);
  recur.count = null;
  const wall = formatInTimeZone(new Date(dueDate), timeZone, WALL);
  const start = wallTime(wall);
  if (dayAfter(recur, start, true) === wall.slice(0, 10)) return dueDate;
  const later = dueDate > nowIso ? dueDate : nowIso;
  const first = dayAfter(recur, start, true, wallTime(formatInTimeZone(new Date(later), timeZone, WALL)));
  if (!first) return null;
  const instant = fromZonedTime(`${first}${wall.slice(10)}`, timeZone);
  return isDueDateInRange(instant) ? instant.toISOString() : null;
}
