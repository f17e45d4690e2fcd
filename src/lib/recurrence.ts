import { formatInTimeZone } from "date-fns-tz";
import ICAL from "ical.js";
import { ruleInWords, type ReadRule } from "@contract/recurrence-words";
import { formatDate } from "./date-format";

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

/** "every 2 weeks on Monday" (contract/recurrence-words.ts); "repeats" when the rule cannot be read. */
export function recurrenceInWords(rule: string): string {
  return ruleInWords(readRecurrence(rule) as ReadRule | undefined);
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
        return formatDate(`${next.toString().slice(0, 10)}T12:00:00Z`, "UTC", "weekdayDate");
      }
    }
  } catch {
    // A rule ical.js cannot step through has no next day to show.
  }
  return undefined;
}
