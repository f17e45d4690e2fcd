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
