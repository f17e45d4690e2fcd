/**
 * The holidays people schedule by ("before Thanksgiving", "on Easter Monday"), computed for a year:
 * fixed days, weekdays counted in a month ("the fourth Thursday of November") and days counted
 * from Easter. Where a name means a different day by region (Mother's Day is the second Sunday of
 * May in the US and Germany, three weeks before Easter in the UK), the user's time zone decides.
 */

export type HolidayRegion = "US" | "UK" | "DE" | "other";

/** A calendar day: [year, month 1-12, day]. */
export type CalendarDay = [number, number, number];

const US_ZONE =
  /^(?:America\/(?!(?:Argentina|Sao_Paulo|Mexico_City|Toronto|Vancouver|Bogota|Lima|Santiago|Caracas|Montevideo|Havana)\b)|US\/|Pacific\/Honolulu$)/;

export function holidayRegion(timeZone: string): HolidayRegion {
  if (US_ZONE.test(timeZone)) return "US";
  if (/^Europe\/(?:London|Belfast)$|^GB/.test(timeZone)) return "UK";
  if (/^Europe\/(?:Berlin|Busingen)$/.test(timeZone)) return "DE";
  return "other";
}

/** Easter Sunday (Gregorian), by the anonymous computus. */
export function easterSunday(year: number): CalendarDay {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return [year, month, day];
}

/** A day moved by a number of days (calendar arithmetic in UTC, no zone involved). */
export function addDays([year, month, day]: CalendarDay, days: number): CalendarDay {
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
}

/** The nth weekday (0 = Sunday) of a month; n = -1 is the last one. */
function nthWeekday(year: number, month: number, weekday: number, n: number): CalendarDay {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    return [year, month, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7];
  }
  const lastDay = new Date(Date.UTC(year, month, 0));
  const last = lastDay.getUTCDay();
  return [year, month, lastDay.getUTCDate() - ((last - weekday + 7) % 7)];
}

const fromEaster = (days: number) => (year: number) => addDays(easterSunday(year), days);
const fixed = (month: number, day: number) => (year: number) => [year, month, day] as CalendarDay;

interface Holiday {
  /** The names a person writes, as a regular expression source (case-insensitive) */
  names: string;
  day(year: number, region: HolidayRegion): CalendarDay;
}

const APOSTROPHE = "['’]?";

/** Longer names first where one name starts another ("Christmas Eve" before "Christmas"). */
export const HOLIDAYS: Holiday[] = [
  { names: `christmas\\s+eve|xmas\\s+eve|heiligabend`, day: fixed(12, 24) },
  { names: `(?:christmas|xmas)(?:\\s+day)?`, day: fixed(12, 25) },
  { names: `boxing\\s+day|st\\.?\\s+stephen${APOSTROPHE}s\\s+day`, day: fixed(12, 26) },
  { names: `new\\s+year${APOSTROPHE}s\\s+eve|nye|silvester`, day: fixed(12, 31) },
  { names: `new\\s+year${APOSTROPHE}s(?:\\s+day)?|neujahr`, day: fixed(1, 1) },
  { names: `epiphany|three\\s+kings${APOSTROPHE}\\s+day`, day: fixed(1, 6) },
  { names: `(?:st\\.?\\s+)?valentine${APOSTROPHE}s(?:\\s+day)?`, day: fixed(2, 14) },
  { names: `(?:st\\.?\\s+)?patrick${APOSTROPHE}s\\s+day`, day: fixed(3, 17) },
  { names: `juneteenth`, day: fixed(6, 19) },
  { names: `independence\\s+day|fourth\\s+of\\s+july`, day: fixed(7, 4) },
  { names: `halloween`, day: fixed(10, 31) },
  { names: `(?:german\\s+)?unity\\s+day|tag\\s+der\\s+deutschen\\s+einheit`, day: fixed(10, 3) },
  { names: `reformation\\s+day`, day: fixed(10, 31) },
  { names: `all\\s+saints${APOSTROPHE}\\s+day`, day: fixed(11, 1) },
  { names: `veterans${APOSTROPHE}\\s+day|armistice\\s+day`, day: fixed(11, 11) },
  {
    names: `(?:mlk|martin\\s+luther\\s+king(?:\\s+jr\\.?)?)(?:\\s+jr\\.?)?\\s+day`,
    day: (year) => nthWeekday(year, 1, 1, 3),
  },
  {
    names: `presidents${APOSTROPHE}\\s+day|washington${APOSTROPHE}s\\s+birthday`,
    day: (year) => nthWeekday(year, 2, 1, 3),
  },
  { names: `memorial\\s+day`, day: (year) => nthWeekday(year, 5, 1, -1) },
  { names: `labor\\s+day`, day: (year) => nthWeekday(year, 9, 1, 1) },
  {
    names: `labour\\s+day|may\\s+day|tag\\s+der\\s+arbeit`,
    day: (year, region) => (region === "US" ? nthWeekday(year, 9, 1, 1) : [year, 5, 1]),
  },
  {
    names: `columbus\\s+day|indigenous\\s+peoples${APOSTROPHE}\\s+day`,
    day: (year) => nthWeekday(year, 10, 1, 2),
  },
  { names: `thanksgiving(?:\\s+day)?`, day: (year) => nthWeekday(year, 11, 4, 4) },
  { names: `black\\s+friday`, day: (year) => addDays(nthWeekday(year, 11, 4, 4), 1) },
  { names: `cyber\\s+monday`, day: (year) => addDays(nthWeekday(year, 11, 4, 4), 4) },
  { names: `early\\s+may\\s+bank\\s+holiday`, day: (year) => nthWeekday(year, 5, 1, 1) },
  { names: `spring\\s+bank\\s+holiday`, day: (year) => nthWeekday(year, 5, 1, -1) },
  { names: `(?:summer|august)\\s+bank\\s+holiday`, day: (year) => nthWeekday(year, 8, 1, -1) },
  { names: `shrove\\s+tuesday|mardi\\s+gras|pancake\\s+day`, day: fromEaster(-47) },
  { names: `ash\\s+wednesday`, day: fromEaster(-46) },
  { names: `palm\\s+sunday`, day: fromEaster(-7) },
  { names: `maundy\\s+thursday|holy\\s+thursday`, day: fromEaster(-3) },
  { names: `good\\s+friday|karfreitag`, day: fromEaster(-2) },
  { names: `easter\\s+monday|ostermontag`, day: fromEaster(1) },
  { names: `easter(?:\\s+sunday)?|ostersonntag|ostern`, day: fromEaster(0) },
  { names: `ascension(?:\\s+day)?|christi\\s+himmelfahrt`, day: fromEaster(39) },
  { names: `whit\\s+monday|pentecost\\s+monday|pfingstmontag`, day: fromEaster(50) },
  { names: `whit\\s+sunday|whitsun|pentecost|pfingsten`, day: fromEaster(49) },
  { names: `corpus\\s+christi|fronleichnam`, day: fromEaster(60) },
  {
    names: `mother${APOSTROPHE}s${APOSTROPHE}\\s+day|mothering\\s+sunday|muttertag`,
    day: (year, region) => (region === "UK" ? addDays(easterSunday(year), -21) : nthWeekday(year, 5, 0, 2)),
  },
  {
    names: `father${APOSTROPHE}s${APOSTROPHE}\\s+day|vatertag`,
    // In Germany, Father's Day is Ascension Day.
    day: (year, region) => (region === "DE" ? addDays(easterSunday(year), 39) : nthWeekday(year, 6, 0, 3)),
  },
];

/** Every name of every holiday, one alternation (for a parser's pattern). */
export const HOLIDAY_NAMES = HOLIDAYS.map((holiday) => `(?:${holiday.names})`).join("|");

const MATCHERS = HOLIDAYS.map((holiday) => ({
  holiday,
  pattern: new RegExp(`^(?:${holiday.names})$`, "i"),
}));

/** The holiday a name stands for, or undefined. */
export function holidayNamed(name: string): Holiday | undefined {
  const normalised = name.trim().replace(/\s+/g, " ");
  return MATCHERS.find(({ pattern }) => pattern.test(normalised))?.holiday;
}

const compare = (a: CalendarDay, b: CalendarDay) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/**
 * The next time a holiday (moved by `offset` days: "3 days before Thanksgiving" is -3) falls on
 * or after `today`.
 */
export function nextHoliday(
  holiday: Holiday,
  today: CalendarDay,
  region: HolidayRegion,
  offset = 0,
): CalendarDay {
  for (let year = today[0] - 1; ; year += 1) {
    const day = addDays(holiday.day(year, region), offset);
    if (compare(day, today) >= 0) return day;
  }
}
