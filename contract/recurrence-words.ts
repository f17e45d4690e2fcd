// ---------------------------------------------------------------------------------------------
// A repeating task's rule in words, said the same by the web app (task cards, the daily plan) and
// the server (the MCP tools): one home for both. The rule comes read already, by ical.js's Recur.
// ---------------------------------------------------------------------------------------------

/** What the words need of a rule read by ical.js's Recur (an ICAL.Recur fits). */
export interface ReadRule {
  freq: string;
  interval: number;
  parts: { BYDAY?: string[]; BYMONTHDAY?: number[]; BYMONTH?: number[]; BYYEARDAY?: number[] };
  until?: { year: number; month: number; day: number } | null;
  count?: number | null;
}

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
 * "every 2 weeks on Monday", "every weekday", "every month on the 15th", for a rule already read
 * (by ical.js's Recur, on the server and in the web app alike); "repeats" for none. The words follow
 * those of the rrule library the app used before, so they stay.
 */
export function ruleInWords(recur: ReadRule | undefined): string {
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
