import { format } from "date-fns";
import { formatInTimeZone } from "date-fns-tz";
import ICAL from "ical.js";

// ---------------------------------------------------------------------------------------------
// A repeating task's rule (an RFC 5545 RRULE value) read by ical.js's Recur, as the server reads
// it: its words on the task card and the daily plan, and what the Repeat control of the task
// dialog can show of it. ical.js weighs about 24 KB gzipped: only the dialog and the lazily
// loaded words import this file.
// ---------------------------------------------------------------------------------------------

export type Recur = ICAL.Recur;
/** What a rule is made of (`{ freq: "WEEKLY", byday: ["MO"] }`). */
export type RuleParts = Parameters<typeof ICAL.Recur.fromData>[0];

const FREQUENCIES = ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"];
/** The week start a rule has when it names none (RFC 5545's Monday). */
export const DEFAULT_WEEK_START = ICAL.Time.MONDAY;

/** The rule, or undefined when it is not one of days, weeks, months or years ical.js can read. */
export function readRecurrence(rule: string): Recur | undefined {
  try {
    const recur = ICAL.Recur.fromString(rule.replace(/^RRULE:/i, "").toUpperCase());
    return FREQUENCIES.includes(recur.freq) ? recur : undefined;
  } catch {
    // A rule from another server that ical.js cannot read shows as "Repeats" instead of words.
    return undefined;
  }
}

/** The rule of its parts, without the "RRULE:" name, as the server stores it. */
export function ruleOf(parts: RuleParts): string {
  return ICAL.Recur.fromData(parts).toString();
}

// --- in words ----------------------------------------------------------------------------------

const DAY_NAMES: Record<string, string> = {
  MO: "Monday",
  TU: "Tuesday",
  WE: "Wednesday",
  TH: "Thursday",
  FR: "Friday",
  SA: "Saturday",
  SU: "Sunday",
};
const WORKDAYS = ["MO", "TU", "WE", "TH", "FR"];
const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const UNITS: Record<string, string> = { DAILY: "day", WEEKLY: "week", MONTHLY: "month", YEARLY: "year" };

/** 1st, 2nd, 23rd; "last" for -1 and "2nd last" for -2. */
function nth(value: number): string {
  if (value === -1) return "last";
  const size = Math.abs(value);
  const teen = size % 100 >= 11 && size % 100 <= 13;
  const suffix = teen ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[size % 10] ?? "th");
  return value < 0 ? `${size}${suffix} last` : `${size}${suffix}`;
}

/** "Monday, Tuesday and Friday" (or "or"); without a last word, "Monday, Friday". */
function list(items: string[], last?: string): string {
  if (!last || items.length < 2) return items.join(", ");
  return `${items.slice(0, -1).join(", ")} ${last} ${items.at(-1)}`;
}

/** "Monday", "last Friday", "2nd Sunday" */
function dayText(byday: string): string {
  const match = /^([+-]?\d+)?([A-Z]{2})$/.exec(byday);
  const name = DAY_NAMES[match?.[2] ?? ""] ?? byday;
  return match?.[1] ? `${nth(Number(match[1]))} ${name}` : name;
}

/**
 * "every 2 weeks on Monday", "every weekday", "every month on the 15th"; "repeats" when the rule
 * cannot be read. The words follow those of the rrule library the app used before, so they stay.
 */
export function recurrenceInWords(rule: string): string {
  const recur = readRecurrence(rule);
  if (!recur) return "repeats";
  const { BYDAY = [], BYMONTHDAY, BYMONTH, BYYEARDAY } = recur.parts;
  const plain = BYDAY.filter((day) => /^[A-Z]{2}$/.test(day));
  const numbered = BYDAY.filter((day) => !/^[A-Z]{2}$/.test(day));
  const weekdays =
    numbered.length === 0 && plain.length === 5 && WORKDAYS.every((day) => plain.includes(day));
  const everyDay = numbered.length === 0 && plain.length === 7;
  const interval = recur.interval;
  const words = ["every"];
  const unit = UNITS[recur.freq] ?? "day";
  const months =
    BYMONTH &&
    list(
      BYMONTH.map((month) => MONTH_NAMES[month - 1] ?? String(month)),
      "and",
    );
  const byDays = () => {
    if (plain.length > 0 && !weekdays) words.push("on", list(plain.map(dayText)));
    if (numbered.length > 0) {
      if (plain.length > 0 && !weekdays) words.push("and");
      words.push("on the", list(numbered.map(dayText), "and"));
    }
  };
  const byMonthDays = (days: number[]) => {
    if (plain.length > 0) {
      words.push("on", list(plain.map(dayText), "or"), "the", list(days.map(nth), "or"));
    } else {
      words.push("on the", list(days.map(nth), "and"));
    }
  };
  if (interval !== 1) words.push(String(interval));
  const plural = interval !== 1 ? "s" : "";
  if (recur.freq === "DAILY") {
    words.push(weekdays ? `weekday${plural}` : `day${plural}`);
    if (months) words.push("in", months);
    if (BYMONTHDAY) byMonthDays(BYMONTHDAY);
    else byDays();
  } else if (recur.freq === "WEEKLY") {
    if (interval !== 1) words.push(`week${plural}`);
    if (weekdays) words.push(interval === 1 ? "weekday" : "on weekdays");
    else if (everyDay) words.push(`day${plural}`);
    else {
      if (interval === 1) words.push("week");
      if (months) words.push("in", months);
      byDays();
    }
  } else {
    if (months) {
      if (interval !== 1) words.push(`${unit}s`, ...(recur.freq === "MONTHLY" ? ["in"] : []));
      words.push(months);
    } else {
      words.push(`${unit}${plural}`);
    }
    if (BYMONTHDAY) byMonthDays(BYMONTHDAY);
    else if (weekdays) words.push("on weekdays");
    else byDays();
    if (BYYEARDAY) words.push("on the", list(BYYEARDAY.map(nth), "and"), "day");
  }
  if (recur.until) {
    const { year, month, day } = recur.until;
    words.push("until", `${MONTH_NAMES[month - 1]} ${day}, ${year}`);
  } else if (recur.count) {
    words.push("for", String(recur.count), recur.count === 1 ? "time" : "times");
  }
  return words.join(" ");
}

// --- the next date -----------------------------------------------------------------------------

const WALL = "yyyy-MM-dd'T'HH:mm:ss";

/**
 * The day a repeating task comes back after the occurrence due at `dueDate`: the rule's next date
 * at the same wall-clock time in `timeZone` (as the server counts it), shown as "Mon 30 Nov".
 * Undefined when the rule cannot be read or has no later date.
 */
export function nextDueDay(rule: string, dueDate: string, timeZone: string): string | undefined {
  const recur = readRecurrence(rule);
  if (!recur) return undefined;
  // A floating time: the wall-clock time, which no daylight-saving change moves.
  const start = ICAL.Time.fromDateTimeString(formatInTimeZone(new Date(dueDate), timeZone, WALL));
  try {
    const iterator = recur.iterator(start);
    for (let next = iterator.next(); next && next.year <= 9999; next = iterator.next()) {
      if (next.compare(start) > 0) {
        return format(new Date(`${next.toString().slice(0, 10)}T12:00:00`), "EEE d MMM");
      }
    }
  } catch {
    // A rule ical.js cannot step through has no next day to show.
  }
  return undefined;
}
