import { RRule, readRecurrence, recurrenceInWords, ruleOf } from "@/lib/recurrence";

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

const FREQUENCY_OF_UNIT: Record<RepeatUnit, number> = {
  day: RRule.DAILY,
  week: RRule.WEEKLY,
  month: RRule.MONTHLY,
  year: RRule.YEARLY,
};
const WORKDAYS = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR];
const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** The calendar date of a due date as the form holds it ("2026-12-01" or "2026-12-01T10:00"). */
function dateParts(day: string): { weekday: number; monthDay: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return undefined;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  // rrule counts weekdays from Monday (0), JavaScript from Sunday.
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

function sameDays(days: unknown[] | undefined, wanted: number[]): boolean {
  const numbers = (days ?? []).map((day) =>
    typeof day === "number" ? day : (day as { weekday: number }).weekday,
  );
  return numbers.length === wanted.length && wanted.every((day, index) => numbers[index] === day);
}

function asList(value: unknown): unknown[] | undefined {
  if (value === null || value === undefined) return undefined;
  return Array.isArray(value) ? value : [value];
}

/** The Edit dialog's control for a task's rule, read with rrule; `day` is the task's due date. */
export function repeatValuesFrom(rule: string | null, day: string): RepeatValues {
  if (!rule) return NO_REPEAT;
  const kept: RepeatValues = { ...NO_REPEAT, repeat: "keep", keptRecurrence: rule };
  const options = readRecurrence(rule);
  if (!options || options.count || options.until || options.bysetpos || options.wkst !== undefined)
    return kept;
  const { freq, interval = 1, byweekday, bymonthday, ...others } = options;
  const hasOthers = Object.values(others).some((value) => value !== null && value !== undefined);
  if (hasOthers) return kept;
  const days = asList(byweekday);
  const monthDays = asList(bymonthday) as number[] | undefined;
  const parts = dateParts(day);
  if (interval === 1) {
    if (freq === RRule.DAILY && !days && !monthDays) return { ...kept, repeat: "daily" };
    if (freq === RRule.WEEKLY && sameDays(days, [0, 1, 2, 3, 4]) && !monthDays)
      return { ...kept, repeat: "weekdays" };
    if (freq === RRule.WEEKLY && parts && sameDays(days, [parts.weekday]) && !monthDays) {
      return { ...kept, repeat: "weekly" };
    }
    if (
      freq === RRule.MONTHLY &&
      parts &&
      !days &&
      monthDays?.length === 1 &&
      monthDays[0] === parts.monthDay
    ) {
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
      return ruleOf({ freq: RRule.DAILY });
    case "weekdays":
      return ruleOf({ freq: RRule.WEEKLY, byweekday: WORKDAYS });
    case "weekly":
      return ruleOf({ freq: RRule.WEEKLY, ...(parts ? { byweekday: [parts.weekday] } : {}) });
    case "monthly":
      return ruleOf({ freq: RRule.MONTHLY, ...(parts ? { bymonthday: [parts.monthDay] } : {}) });
    case "custom": {
      const interval = Number(values.repeatInterval);
      return ruleOf({ freq: FREQUENCY_OF_UNIT[values.repeatUnit], ...(interval > 1 ? { interval } : {}) });
    }
  }
}
