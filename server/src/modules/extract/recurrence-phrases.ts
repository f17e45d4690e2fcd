import { ruleText, type RuleParts } from "../../lib/recurrence";

// ---------------------------------------------------------------------------------------------
// Repeat phrases ("every Monday", "every other week", "daily", "each month on the 1st") read
// into RRULE values, written by ical.js. Quick add, the pattern method and the built-in engine share
// them, so every way into the task list understands the same phrases.
// ---------------------------------------------------------------------------------------------

const WEEKDAYS: Record<string, string> = {
  monday: "MO",
  tuesday: "TU",
  wednesday: "WE",
  thursday: "TH",
  friday: "FR",
  saturday: "SA",
  sunday: "SU",
};
const WORKDAYS = ["MO", "TU", "WE", "TH", "FR"];
const WEEKDAY_NAMES = "(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?";
/** Counts written as words, as in "every two weeks" and "3 days before": one table for both readers. */
export const NUMBER_WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};
const COUNT = `(?:\\d{1,2}|${Object.keys(NUMBER_WORDS).join("|")})`;
const UNIT = "(?:day|week|month|year)s?";
const EVERY = "(?:every|each)";
const DAY_OF_MONTH = "(?:[1-9]|[12]\\d|3[01])(?:st|nd|rd|th)?";

/** The single words that name a rule; in a sentence they can also be adjectives ("daily standup"). */
const SINGLE_WORDS = "daily|weekly|fortnightly|biweekly|monthly|yearly|annually";

const ALTERNATIVES = [
  // "each month on the 1st", "every month on the 15th", "monthly on the 1st"
  `(?:${EVERY}\\s+month|monthly)\\s+on\\s+the\\s+${DAY_OF_MONTH}`,
  // "on the 1st of every month", "the 15th of each month"
  `(?:on\\s+)?the\\s+${DAY_OF_MONTH}\\s+of\\s+${EVERY}\\s+month`,
  `${EVERY}\\s+(?:other\\s+)?${WEEKDAY_NAMES}(?:\\s*(?:,|and|,\\s*and)\\s*${WEEKDAY_NAMES})*`,
  `${EVERY}\\s+(?:other\\s+)?(?:weekday|workday|${UNIT})`,
  `${EVERY}\\s+${COUNT}\\s+${UNIT}`,
  SINGLE_WORDS,
];

function phrasePattern(flags: string): RegExp {
  return new RegExp(
    ALTERNATIVES.map((alternative) => `(?<![\\p{L}\\p{N}])(?:${alternative})(?![\\p{L}\\p{N}])`).join("|"),
    flags,
  );
}

/** Every repeat phrase in a text (global: use with matchAll). */
export const RECURRENCE_PHRASES = phrasePattern("giu");
const FIRST_PHRASE = phrasePattern("iu");

const FREQUENCIES = {
  day: "DAILY",
  week: "WEEKLY",
  month: "MONTHLY",
  year: "YEARLY",
} as const;

const SINGLE_WORD_RULES: Record<string, RuleParts> = {
  daily: { freq: "DAILY", interval: 1 },
  weekly: { freq: "WEEKLY", interval: 1 },
  fortnightly: { freq: "WEEKLY", interval: 2 },
  biweekly: { freq: "WEEKLY", interval: 2 },
  monthly: { freq: "MONTHLY", interval: 1 },
  yearly: { freq: "YEARLY", interval: 1 },
  annually: { freq: "YEARLY", interval: 1 },
};

function partsOf(text: string): RuleParts {
  const single = SINGLE_WORD_RULES[text];
  if (single) return single;
  const monthDay = /\bthe ([1-9]|[12]\d|3[01])(?:st|nd|rd|th)?\b/.exec(text);
  if (text.includes("month") && monthDay?.[1]) {
    return { freq: "MONTHLY", bymonthday: [Number(monthDay[1])] };
  }
  const interval = /\bother\b/.test(text) ? 2 : 1;
  if (/\b(?:weekday|workday)\b/.test(text)) return { freq: "WEEKLY", interval, byday: WORKDAYS };
  const days = Object.keys(WEEKDAYS).filter((day) => text.includes(day));
  if (days.length > 0) {
    const byday = days.map((day) => WEEKDAYS[day] as string);
    return { freq: "WEEKLY", ...(interval > 1 ? { interval } : {}), byday };
  }
  const match = /^(?:every|each) (?:(other) |(\S+) )?(day|week|month|year)s?$/.exec(text);
  const unit = (match?.[3] ?? "day") as keyof typeof FREQUENCIES;
  const count = match?.[1] ? 2 : match?.[2] ? (NUMBER_WORDS[match[2]] ?? Number(match[2])) : 1;
  return { freq: FREQUENCIES[unit], interval: Math.min(99, Math.max(1, count)) };
}

/** The RRULE value (RFC 5545, without the "RRULE:" name) of a repeat phrase. */
export function recurrenceRule(phrase: string): string {
  const text = phrase.toLowerCase().replace(/\s+/g, " ").trim();
  return ruleText(partsOf(text));
}

export interface RecurrencePhrase {
  rule: string;
  /** The text with the phrase taken out */
  rest: string;
}

/**
 * The first repeat phrase in a line of a task and the line without it. A lone "daily" or
 * "weekly" opening the line is left alone: there it names the thing ("Daily standup notes"),
 * not how often it is done ("Water the plants daily").
 */
export function takeRecurrencePhrase(text: string): RecurrencePhrase | undefined {
  const match = FIRST_PHRASE.exec(text);
  if (!match) return undefined;
  const singleWord = new RegExp(`^(?:${SINGLE_WORDS})$`, "i").test(match[0]);
  if (singleWord && text.slice(0, match.index).trim() === "") return undefined;
  return {
    rule: recurrenceRule(match[0]),
    rest: `${text.slice(0, match.index)} ${text.slice(match.index + match[0].length)}`,
  };
}
