import { format } from "date-fns";
import { formatInTimeZone } from "date-fns-tz";
import { RRule, type Options } from "rrule";

// ---------------------------------------------------------------------------------------------
// A repeating task's rule (an RFC 5545 RRULE value) read by the rrule library: its words on the
// task card and the daily plan, and what the Repeat control of the task dialog can show of it.
// rrule weighs about 14 KB: only the dialog and the lazily loaded words import this file.
// ---------------------------------------------------------------------------------------------

/** The options of a rule, or undefined when rrule cannot read it. */
export function readRecurrence(rule: string): Partial<Options> | undefined {
  try {
    const options = RRule.parseString(rule.replace(/^RRULE:/i, ""));
    return options.freq === undefined ? undefined : options;
  } catch {
    // A rule from another server that rrule cannot read shows as "Repeats" instead of words.
    return undefined;
  }
}

/** "every 2 weeks on Monday", "every weekday", "every month on the 15th"; "repeats" if unreadable. */
export function recurrenceInWords(rule: string): string {
  const options = readRecurrence(rule);
  if (!options) return "repeats";
  try {
    return new RRule(options).toText();
  } catch {
    return "repeats";
  }
}

/** The rule of options, without the "RRULE:" name, as the server stores it. */
export function ruleOf(options: Partial<Options>): string {
  return new RRule(options).toString().replace(/^RRULE:/, "");
}

export { RRule };

const WALL = "yyyy-MM-dd'T'HH:mm:ss.SSS";

/**
 * The day a repeating task comes back after the occurrence due at `dueDate`: the rule's next date
 * at the same wall-clock time in `timeZone` (as the server counts it), shown as "Mon 30 Nov".
 * Undefined when the rule cannot be read or has no later date.
 */
export function nextDueDay(rule: string, dueDate: string, timeZone: string): string | undefined {
  const options = readRecurrence(rule);
  if (!options) return undefined;
  // rrule counts in "floating" time: the wall-clock time written as if it were UTC.
  const start = new Date(`${formatInTimeZone(new Date(dueDate), timeZone, WALL)}Z`);
  const next = new RRule({ ...options, dtstart: start }).after(start, false);
  return next ? format(new Date(next.toISOString().slice(0, 10) + "T12:00:00"), "EEE d MMM") : undefined;
}
