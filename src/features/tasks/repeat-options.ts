import {
  DEFAULT_WEEK_START,
  readRecurrence,
  recurrenceInWords,
  ruleOf,
  type RuleParts,
} from "@/lib/recurrence";

// ---------------------------------------------------------------------------------------------
// The dialog's Repeat control: a few common rules, built from the due date's day, a custom
// interval, and any other rule (imported, from another client) kept as it is.
// ---------------------------------------------------------------------------------------------

export const REPEAT_CHOICES = ["never", "daily", "weekdays", "weekly", "monthly", "custom", "keep"] as const;
export type RepeatChoice = (typeof REPEAT_CHOICES)[number];

export const REPEAT_UNITS = ["day", "week", "month", "year"] as const;
export type RepeatUnit = (typeof REPEAT_UNITS)[number];
export const REPEAT_UNIT_LABELS: Record<RepeatUnit, string> = {
  day: "days",
  week: "weeks",
  month: "months",
  year: "years",
};
export const REPEAT_INTERVAL_MAX = 99;

export interface RepeatValues {
  repeat: RepeatChoice;
  /** The custom interval as typed ("2") */
  repeatInterval: string;
  repeatUnit: RepeatUnit;
  /** The rule the task had, kept when the control cannot show it otherwise ("" for none) */
  keptRecurrence: string;
}

export const NO_REPEAT: RepeatValues = {
  repeat: "never",
  repeatInterval: "1",
  repeatUnit: "week",
  keptRecurrence: "",
};

const FREQUENCY_OF_UNIT: Record<RepeatUnit, RuleParts["freq"]> = {
  day: "DAILY",
  week: "WEEKLY",
  month: "MONTHLY",
  year: "YEARLY",
};
/** The days of a week as a rule names them, from Monday. */
const WEEKDAY_CODES = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"];
const WORKDAYS = WEEKDAY_CODES.slice(0, 5);
const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** The calendar date of a due date as the form holds it ("2026-12-01" or "2026-12-01T10:00"). */
function dateParts(day: string): { weekday: number; monthDay: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return undefined;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  // The week here starts on Monday (0), JavaScript's on Sunday.
  return { weekday: (date.getUTCDay() + 6) % 7, monthDay: date.getUTCDate() };
}

function ordinal(day: number): string {
  const suffix =
    day % 10 === 1 && day !== 11
      ? "st"
      : day % 10 === 2 && day !== 12
        ? "nd"
        : day % 10 === 3 && day !== 13
          ? "rd"
          : "th";
  return `${day}${suffix}`;
}

/** The choices' names; weekly and monthly name the due date's day ("Weekly on Monday"). */
export function repeatChoiceLabels(day: string, keptRecurrence: string): Record<RepeatChoice, string> {
  const parts = dateParts(day);
  return {
    never: "Never",
    daily: "Daily",
    weekdays: "Weekdays (Monday to Friday)",
    weekly: parts ? `Weekly on ${WEEKDAY_NAMES[parts.weekday]}` : "Weekly on the due date's day",
    monthly: parts ? `Monthly on the ${ordinal(parts.monthDay)}` : "Monthly on the due date's day",
    custom: "Custom…",
    keep: keptRecurrence ? `As before: ${recurrenceInWords(keptRecurrence)}` : "As before",
  };
}

/** The choices the control offers: "As before" only for a rule the others cannot show. */
export function repeatChoicesFor(values: Pick<RepeatValues, "repeat">): RepeatChoice[] {
  return REPEAT_CHOICES.filter((choice) => choice !== "keep" || values.repeat === "keep");
}

function sameDays(days: string[] | undefined, wanted: string[]): boolean {
  return days?.length === wanted.length && wanted.every((day, index) => days[index] === day);
}

/** The Edit dialog's control for a task's rule, read with ical.js; `day` is the task's due date. */
export function repeatValuesFrom(rule: string | null, day: string): RepeatValues {
  if (!rule) return NO_REPEAT;
  const kept: RepeatValues = { ...NO_REPEAT, repeat: "keep", keptRecurrence: rule };
  const recur = readRecurrence(rule);
  if (!recur || recur.count || recur.until || recur.wkst !== DEFAULT_WEEK_START) return kept;
  const { BYDAY: days, BYMONTHDAY: monthDays, ...others } = recur.parts;
  if (Object.keys(others).length > 0) return kept;
  const { freq, interval } = recur;
  const parts = dateParts(day);
  if (interval === 1) {
    if (freq === "DAILY" && !days && !monthDays) return { ...kept, repeat: "daily" };
    if (freq === "WEEKLY" && sameDays(days, WORKDAYS) && !monthDays) return { ...kept, repeat: "weekdays" };
    if (freq === "WEEKLY" && parts && sameDays(days, [WEEKDAY_CODES[parts.weekday] ?? ""]) && !monthDays) {
      return { ...kept, repeat: "weekly" };
    }
    if (freq === "MONTHLY" && parts && !days && monthDays?.length === 1 && monthDays[0] === parts.monthDay) {
      return { ...kept, repeat: "monthly" };
    }
  }
  const unit = REPEAT_UNITS.find((candidate) => FREQUENCY_OF_UNIT[candidate] === freq);
  if (unit && !days && !monthDays)
    return { ...kept, repeat: "custom", repeatInterval: String(interval), repeatUnit: unit };
  return kept;
}

/** The rule the control stands for (null: no repeat); weekly and monthly take the due date's day. */
export function recurrenceFrom(values: RepeatValues, day: string): string | null {
  const parts = dateParts(day);
  switch (values.repeat) {
    case "never":
      return null;
    case "keep":
      return values.keptRecurrence || null;
    case "daily":
      return ruleOf({ freq: "DAILY" });
    case "weekdays":
      return ruleOf({ freq: "WEEKLY", byday: WORKDAYS });
    case "weekly":
      return ruleOf({ freq: "WEEKLY", ...(parts ? { byday: [WEEKDAY_CODES[parts.weekday] ?? "MO"] } : {}) });
    case "monthly":
      return ruleOf({ freq: "MONTHLY", ...(parts ? { bymonthday: [parts.monthDay] } : {}) });
    case "custom": {
      const interval = Number(values.repeatInterval);
      return ruleOf({ freq: FREQUENCY_OF_UNIT[values.repeatUnit], ...(interval > 1 ? { interval } : {}) });
    }
  }
}
