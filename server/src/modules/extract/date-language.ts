import * as chrono from "chrono-node";
import { NUMBER_WORDS as COUNT_WORDS } from "./recurrence-phrases";
import { HOLIDAY_NAMES, holidayNamed, holidayRegion, nextHoliday, type HolidayRegion } from "./holidays";

/**
 * The date language every way into the task list reads (quick add, pasted text, e-mail, imports):
 * chrono-node's casual English, taught what people write in task lines and kept from what only
 * looks like a date. Taught: short times ("7a", "10p", "9:30a"), "eod", holidays and days counted
 * from them ("3 days before Thanksgiving"), "the 14th", "the 14th this month", a bare hour
 * meaning the afternoon ("at 3" is 15:00), "morning" meaning 09:00. Kept out: numbers inside
 * links, file names and names ("the 7/7 report"), percentages, versions, measurements, phone
 * numbers, number ranges and ratios, greetings ("Good evening team") and parts of the day used as words ("Morning pages").
 */

/** "a day before", "one week after", "two days before": the counts of an offset. */
const NUMBER_WORDS: Record<string, number> = { a: 1, an: 1, one: 1, ...COUNT_WORDS };

/** The reference's calendar day in the user's zone (chrono hands it over zone-adjusted). */
function referenceDay(context: chrono.ParsingContext): [number, number, number] {
  const date = context.reference.getDateWithAdjustedTimezone();
  return [date.getFullYear(), date.getMonth() + 1, date.getDate()];
}

/** Marks what chrono-node was taught here (for the pattern method, which reads only these besides its own grammar). */
export const TAUGHT_TAG = "tasklane/taught";

/** Words that start a taught phrase (a holiday's words, "eod", "end of…"). */
const TAUGHT_WORDS = new Set(
  `christmas xmas eve year years neujahr silvester boxing stephen epiphany kings valentine valentines patrick
  patricks juneteenth independence july halloween unity einheit reformation saints veterans armistice mlk luther
  presidents washington memorial labor labour arbeit columbus indigenous thanksgiving cyber bank shrove mardi pancake
  ash palm maundy holy karfreitag easter oster ostern ostersonntag ostermontag ascension himmelfahrt whit whitsun
  pentecost pfingsten pfingstmontag corpus fronleichnam mother mothers mothering muttertag father fathers vatertag
  eod cob end close`.split(/\s+/),
);

/**
 * Whether a text may hold a word taught here: the pattern method asks before reading each line,
 * so this is a plain pattern and a word lookup, not the parsers' patterns.
 */
export function mayHoldTaughtWords(text: string): boolean {
  if (/\d ?[apAP](?:\b|\.)|[Tt]he\s+\d|[Gg]ood\s+[Ff]riday|[Bb]lack\s+[Ff]riday|e\.o\.d|c\.o\.b/.test(text))
    return true;
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) if (TAUGHT_WORDS.has(word)) return true;
  return false;
}

/** A pattern that fails at once, for a parser whose words are not in the text. */
const NEVER = /(?!)/y;

/** "7a", "10p", "9:30a", "12:30p": the short times of task lines. */
const SHORT_TIME = /(?<![\p{L}\p{N}_:.$#/-])(\d{1,2})(?::([0-5]\d))?\s?([ap])\.?(?![\p{L}\p{N}_])/iu;
const shortTimeParser: chrono.Parser = {
  // Cheap test first (as for the parsers below): most texts hold none of these words.
  pattern: (context) => (/\d ?[ap](?:\b|\.)/i.test(context.text) ? SHORT_TIME : NEVER),
  extract(context, match) {
    const hour = Number(match[1]);
    if (hour < 1 || hour > 12) return null;
    const pm = match[3]?.toLowerCase() === "p";
    return context
      .createParsingComponents({
        hour: (hour % 12) + (pm ? 12 : 0),
        minute: Number(match[2] ?? 0),
        meridiem: pm ? 1 : 0,
      })
      .addTag(TAUGHT_TAG);
  },
};

/** "end of the week", "end of next week": that week's Friday (the working week's end). */
const endOfWeekParser: chrono.Parser = {
  pattern: (context) =>
    !/end\s+of/i.test(context.text)
      ? NEVER
      : /(?<![\p{L}\p{N}_])(?:the\s+)?end\s+of\s+(?:the\s+|this\s+)?(next\s+)?week(?![\p{L}\p{N}_])/iu,
  extract(context, match) {
    const [year, month, day] = referenceDay(context);
    const today = new Date(Date.UTC(year, month - 1, day));
    const weekday = today.getUTCDay();
    // Friday of this week; on a weekend, the coming one.
    let ahead = (5 - weekday + 7) % 7;
    if (match[1]) ahead += 7;
    const friday = new Date(today.getTime() + ahead * 86_400_000);
    return context
      .createParsingComponents({
        year: friday.getUTCFullYear(),
        month: friday.getUTCMonth() + 1,
        day: friday.getUTCDate(),
      })
      .addTag(TAUGHT_TAG);
  },
};

/** "eod", "end of day", "COB": the end of the day (tagged, so a day that follows can take its place). */
const END_OF_DAY_TAG = "tasklane/end-of-day";
const endOfDayParser: chrono.Parser = {
  pattern: (context) =>
    !/eod|e\.o\.d|cob\b|c\.o\.b|end\s+of|close\s+of/i.test(context.text)
      ? NEVER
      : /(?<![\p{L}\p{N}_])(?:eod|e\.o\.d\.?|cob|c\.o\.b\.?|end\s+of\s+(?:the\s+)?(?:business\s+|work(?:ing)?\s+)?day|close\s+of\s+business)(?![\p{L}\p{N}_])/iu,
  extract(context) {
    const [year, month, day] = referenceDay(context);
    return context.createParsingComponents({ year, month, day }).addTag(END_OF_DAY_TAG);
  },
};

/** What may stand before a holiday for it to be a date; otherwise it must end the line. */
const HOLIDAY_CONNECTOR =
  "(?:on|by|before|for|until|till|after|due|over|from|at|around|during|next|this)\\s+(?:the\\s+)?";

const HOLIDAY_HINT =
  /christmas|xmas|eve\b|new\s+year|neujahr|silvester|boxing|stephen|epiphany|kings|valentine|patrick|juneteenth|independence|july|halloween|unity|einheit|reformation|saints|veterans|armistice|mlk|luther|presidents|washington|memorial|labou?r|may\s+day|arbeit|columbus|indigenous|thanksgiving|black\s+friday|cyber|bank\s+holiday|shrove|mardi|pancake|ash\s+wed|palm|maundy|holy|good\s+friday|karfreitag|easter|oster|ascension|himmelfahrt|whit|pentecost|pfingst|corpus|fronleichnam|mother|father|muttertag|vatertag/i;

function holidayParser(region: HolidayRegion): chrono.Parser {
  const count = `(?:\\d{1,2}|${Object.keys(NUMBER_WORDS).join("|")})`;
  const offset = `(?:(?<count>${count})\\s+(?<unit>days?|weeks?)|the\\s+(?<theDay>day|week))\\s+(?<direction>before|after)\\s+(?:the\\s+)?`;
  const source = `(?<![\\p{L}\\p{N}_])(?:${offset}|(?<=${HOLIDAY_CONNECTOR}))(?<name>${HOLIDAY_NAMES})(?![\\p{L}\\p{N}_'’])(?!\\s+(?!(?:at|by|and|or|to|in|on|with|for|this|next|morning|afternoon|evening|night|weekend|eve)\\b)\\p{L})|(?<![\\p{L}\\p{N}_'’-])(?<bare>${HOLIDAY_NAMES})(?=\\s*(?:[.!?,;]|$|\\s(?:at|@)\\s|\\s\\d))`;
  const pattern = new RegExp(source, "iu");
  return {
    // Most texts name no holiday: the long pattern is only tried on those that may.
    pattern: (context) => (HOLIDAY_HINT.test(context.text) ? pattern : NEVER),
    extract(context, match) {
      const groups = match.groups ?? {};
      const holiday = holidayNamed(groups.name ?? groups.bare ?? "");
      if (!holiday) return null;
      let offset = 0;
      if (groups.direction) {
        const amount =
          groups.theDay || groups.theDay === ""
            ? 1
            : (NUMBER_WORDS[groups.count?.toLowerCase() ?? ""] ?? Number(groups.count));
        const unit = groups.theDay ?? groups.unit ?? "day";
        offset =
          amount * (/^week/i.test(unit) ? 7 : 1) * (groups.direction.toLowerCase() === "before" ? -1 : 1);
      }
      const [year, month, day] = nextHoliday(holiday, referenceDay(context), region, offset);
      return context.createParsingComponents({ year, month, day }).addTag(TAUGHT_TAG);
    },
  };
}

/** "the 14th", "the 24th this month", "the 1st of next month": a day of this month or the next. */
const dayOfMonthParser: chrono.Parser = {
  pattern: (context) =>
    !/the\s+\d/i.test(context.text)
      ? NEVER
      : /(?<![\p{L}\p{N}_])the\s+(\d{1,2})(?:st|nd|rd|th)(?:\s+(?:of\s+)?(this|next|the\s+month|the\s+next)\s+month|\s+of\s+(?:this|the)\s+month)?(?=\s*(?:[.!?,;)]|$|\s(?:at|@|by|before|and|to|for|\d)\b))/iu,
  extract(context, match) {
    const wanted = Number(match[1]);
    if (wanted < 1 || wanted > 31) return null;
    const [thisYear, thisMonth, today] = referenceDay(context);
    let year = thisYear;
    let month = thisMonth;
    const which = (match[2] ?? "").toLowerCase();
    // Without "this month", a day already past this month is next month's.
    if (which.includes("next") || (!/this|month/.test(which) && wanted < today)) month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
    const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
    if (wanted > daysInMonth) return null;
    return context.createParsingComponents({ year, month, day: wanted }).addTag(TAUGHT_TAG);
  },
};

/** "Friday by eod", "eod friday": the day named takes the end-of-day's place. */
const endOfDayMerge: chrono.Refiner = {
  refine(context, results) {
    const merged: chrono.ParsingResult[] = [];
    for (const result of results) {
      const previous = merged.at(-1);
      if (previous) {
        const between = context.text.slice(previous.index + previous.text.length, result.index);
        const eodFirst = previous.start.tags().has(END_OF_DAY_TAG) && !result.start.isCertain("hour");
        const eodSecond = result.start.tags().has(END_OF_DAY_TAG) && !previous.start.isCertain("hour");
        if ((eodFirst || eodSecond) && /^\s*,?\s*(?:on|by|at)?\s*$/i.test(between)) {
          const day = eodFirst ? result : previous;
          const text = context.text.slice(previous.index, result.index + result.text.length);
          merged[merged.length - 1] = new chrono.ParsingResult(
            context.reference,
            previous.index,
            text,
            day.start,
          );
          continue;
        }
      }
      merged.push(result);
    }
    return merged;
  },
};

/**
 * "at 3", "at 4:30": a bare hour from 1 to 6 is in the afternoon (nobody schedules a review at
 * 3 in the night); 7 to 12 stay as written. Runs before chrono moves a past time to tomorrow.
 */
const afternoonHours: chrono.Refiner = {
  refine(_context, results) {
    for (const result of results) {
      const hour = result.start.get("hour");
      if (
        result.start.isCertain("hour") &&
        !result.start.isCertain("meridiem") &&
        hour !== null &&
        hour >= 1 &&
        hour <= 6 &&
        /(?:^|\s)(?:at\s+|@\s*)?[1-6](?::\d{2})?(?:\s|$)/i.test(result.text) &&
        !/\d\s*[ap]\.?m?\.?(?:\s|$)/i.test(result.text)
      ) {
        result.start.assign("hour", hour + 12);
        result.start.assign("meridiem", 1);
      }
    }
    return results;
  },
};

/**
 * When "morning" with no hour is due: 09:00, the hour a working day starts and the one the
 * notification bell's "tomorrow morning" snooze uses (chrono-node alone reads 06:00).
 */
export const MORNING_HOUR = 9;

/** "tomorrow morning", "Friday morning": MORNING_HOUR unless an hour is written ("at 8"). */
const morningHour: chrono.Refiner = {
  refine(_context, results) {
    for (const result of results) {
      if (result.start.tags().has("casualReference/morning") && !result.start.isCertain("hour"))
        result.start.imply("hour", MORNING_HOUR);
    }
    return results;
  },
};

const UNIT_AFTER =
  /^\s*(?:%|percent\b|per\s*cent\b|pc\b|x\b|×|inch(?:es)?\b|in\b|ft\b|feet\b|foot\b|cm\b|mm\b|m\b|km\b|kg\b|g\b|mg\b|lbs?\b|oz\b|l\b|ml\b|lit(?:er|re)s?\b|degrees?\b|°|kb\b|mb\b|gb\b|tb\b|v\b|volts?\b|w\b|watts?\b|of\b|mile?s\b|hours?\b|hrs?\b|mins?\b|minutes?\b|seconds?\b|secs?\b|points?\b|pts?\b|people\b|percentile\b)/i;
const PART_OF_DAY_ONLY = /^(?:the\s+)?(?:morning|afternoon|evening|night|tonight)$/i;
const SLASH_DATE = /^\d{1,2}[/.]\d{1,2}$/;
const CONNECTOR_BEFORE = /(?:^|\s)(?:on|by|due|before|until|till|from|for|at|@|deadline)\s*:?\s*$/i;

/** Whether a reading is something that only looks like a date. */
function isNotADate(text: string, result: chrono.ParsingResult, all: chrono.ParsingResult[]): boolean {
  const start = result.index;
  const end = start + result.text.length;
  // What stands around the reading decides; a few words either side are enough (and keep the
  // end-anchored patterns below from scanning a long text).
  const before = text.slice(Math.max(0, start - 60), start);
  const after = text.slice(end, end + 60);
  const written = result.text.trim();
  // Part of a word, a link, a file name, a tag or a longer number: "IMG_20240517", "/2024/05/17/",
  // "#2024-05-17", "Jan 1 10000".
  if (/[\p{L}\p{N}_#/\\@&=+.:-]$/u.test(before) && !/(?:^|\s)@$/.test(before)) return true;
  if (/^(?:[\p{L}\p{N}_/\\#&=+]|[.:,-][\p{L}\p{N}])/u.test(after)) return true;
  const token = /\S*$/.exec(before)?.[0] ?? "";
  if (/:\/\/|www\./i.test(token)) return true;
  // A figure: "7.15 percent", "3/4 inch", "16:9", "2-3 boxes", "10 by 12", "v2.3".
  if (/\d$/.test(written) && UNIT_AFTER.test(after)) return true;
  if (/(?:\bv|\bversion|\brelease|\bx|×)\s*$/i.test(before) && /^\d/.test(written)) return true;
  if (/^\d{1,2}\s*(?:-|–|to|by|x)\s*\d{1,2}$/i.test(written)) return true;
  if (/^\d{1,2}-\d{1,2}$/.test(written)) return true;
  if (/^\d{1,2}:\d$/.test(written)) return true;
  // "a 30 min call", "a 2 hour massage": a length of time, not "in 30 minutes".
  if (
    /^(?:an?\s+)?\d+\s*(?:mins?|minutes?|hours?|hrs?|h|days?|weeks?|months?|years?)$/i.test(written) &&
    !/(?:^|\s)(?:in|within|after)\s*$/i.test(before)
  )
    return true;
  // A phone number: seven digits or more around the reading.
  const around =
    (/[\d\s()+.-]*$/.exec(before)?.[0] ?? "") + written + (/^[\d\s()+.-]*/.exec(after)?.[0] ?? "");
  const digits = (value: string) => value.replace(/\D/g, "").length;
  if (digits(around) >= 7 && digits(around) > digits(written) && /\d/.test(written)) return true;
  // A date without a year standing in a name: "the 7/7 report", "3/4 of the puzzle". Written
  // alone or after "on"/"by" it is a date.
  if (SLASH_DATE.test(written) && !CONNECTOR_BEFORE.test(before) && /^\s+\p{L}/u.test(after)) return true;
  // "Good evening team", "Good night routine"
  if (/\bgood\s*$/i.test(before) && /^(?:morning|afternoon|evening|night|day)\b/i.test(written)) return true;
  // "Morning pages", "Evening primrose oil": a part of the day alone, as a word of the title,
  // unless a connector makes it a time ("by evening"), or "tonight" stands alone.
  if (PART_OF_DAY_ONLY.test(written)) {
    if (/^tonight$/i.test(written)) {
      // "the Tonight Show", or another date in the line: then "tonight" is a word of the title.
      if (/^\p{Lu}/u.test(written) && before.trim() !== "") return true;
      if (all.some((other) => other !== result && !PART_OF_DAY_ONLY.test(other.text.trim()))) return true;
    } else if (!/(?:^|\s)(?:by|this|in\s+the|until|before)\s*$/i.test(before)) return true;
  }
  // "the Night Market", "Friday Night Lights": a capitalised part-of-day word inside a line.
  if (/^(?:at\s+)?(?:the\s+)?(?:Night|Evening|Morning|Afternoon)\b/.test(written) && before.trim() !== "")
    return true;
  return false;
}

/** Drops readings that only look like dates (see isNotADate). */
const notDates: chrono.Refiner = {
  refine(context, results) {
    const kept = results.filter((result) => !isNotADate(context.text, result, results));
    return kept.length === results.length
      ? kept
      : kept.filter((result) => !isNotADate(context.text, result, kept));
  },
};

function buildChrono(region: HolidayRegion): chrono.Chrono {
  const custom = chrono.casual.clone();
  custom.parsers.push(
    shortTimeParser,
    endOfDayParser,
    endOfWeekParser,
    holidayParser(region),
    dayOfMonthParser,
  );
  const forward = custom.refiners.findIndex((refiner) => refiner.constructor.name === "ForwardDateRefiner");
  custom.refiners.splice(forward < 0 ? custom.refiners.length : forward, 0, afternoonHours, morningHour);
  custom.refiners.push(endOfDayMerge, notDates);
  return custom;
}

const byRegion = new Map<HolidayRegion, chrono.Chrono>();

/** The date language for a user in a time zone (holidays differ by region). */
export function dateLanguageFor(timeZone: string): chrono.Chrono {
  const region = holidayRegion(timeZone);
  let language = byRegion.get(region);
  if (!language) {
    language = buildChrono(region);
    byRegion.set(region, language);
  }
  return language;
}

export const END_OF_DAY = END_OF_DAY_TAG;
