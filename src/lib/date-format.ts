import {
  dateFormatOf,
  DEFAULT_DATE_FORMAT,
  type DateFormatSettings,
  type DateOrder,
} from "@contract/date-format";
import { useSessionStore } from "@/stores/session-store";
import { formatLocalDate } from "./time-zones";

/**
 * The one home of how the web app shows a date: every screen names what it shows (a date, a time,
 * a weekday with its date…) and the user's choice in Settings (order of day and month, 12- or
 * 24-hour clock) decides the pattern.
 */
export type DateStyle =
  /** "3 Dec 2026" / "Dec 3, 2026" / "2026-12-03" */
  | "date"
  /** the date and the time */
  | "dateTime"
  /** "13:00" / "1:00 PM" */
  | "time"
  /** "Thu 13:00" */
  | "weekdayTime"
  /** "3 Dec" / "Dec 3" / "12-03" */
  | "monthDay"
  /** "Thu 3 Dec" / "Thu, Dec 3" */
  | "weekdayDate"
  /** "Thu 3 Dec, 13:00": a chosen moment said in words */
  | "weekdayDateTime"
  /** "Thursday 3 December" / "Thursday, December 3": a day's heading */
  | "longDay"
  /** "Thu 3": a calendar column */
  | "dayColumn"
  /** "Dec 2026" / "2026-12": a month */
  | "month";

type DayStyle = "date" | "monthDay" | "weekdayDate" | "longDay" | "month";
const DAY_PATTERNS: Record<DateOrder, Record<DayStyle, string>> = {
  dmy: {
    date: "d MMM yyyy",
    monthDay: "d MMM",
    weekdayDate: "EEE d MMM",
    longDay: "EEEE d MMM",
    month: "MMM yyyy",
  },
  mdy: {
    date: "MMM d, yyyy",
    monthDay: "MMM d",
    weekdayDate: "EEE, MMM d",
    longDay: "EEEE, MMM d",
    month: "MMM yyyy",
  },
  ymd: {
    date: "yyyy-MM-dd",
    monthDay: "MM-dd",
    weekdayDate: "EEE yyyy-MM-dd",
    longDay: "EEEE yyyy-MM-dd",
    month: "yyyy-MM",
  },
};

/** The date-fns pattern of a style under the user's choice. */
export function datePattern(style: DateStyle, settings: DateFormatSettings = DEFAULT_DATE_FORMAT): string {
  const days = DAY_PATTERNS[settings.date_order];
  const time = settings.clock === "24h" ? "HH:mm" : "h:mm a";
  switch (style) {
    case "time":
      return time;
    case "dateTime":
      return `${days.date}, ${time}`;
    case "weekdayTime":
      return `EEE ${time}`;
    case "weekdayDateTime":
      return `${days.weekdayDate}, ${time}`;
    case "dayColumn":
      return "EEE d";
    default:
      return days[style];
  }
}

/**
 * The signed-in user's choice; the default before sign-in, and for each part a user kept in
 * browser storage by an older release does not have.
 */
export function currentDateFormat(): DateFormatSettings {
  return dateFormatOf(useSessionStore.getState().user ?? {});
}

/** The choice as React state, so a screen shows a new choice at once. */
export function useDateFormat(): DateFormatSettings {
  const dateOrder = useSessionStore((state) => state.user?.date_order);
  const clock = useSessionStore((state) => state.user?.clock);
  const weekStart = useSessionStore((state) => state.user?.week_start);
  return dateFormatOf({ date_order: dateOrder, clock, week_start: weekStart });
}

/**
 * An instant shown in `timeZone` (else the browser's) in `style`, as the user chose to read dates;
 * "" when there is none.
 */
export function formatDate(
  iso: string | null | undefined,
  timeZone: string | null | undefined,
  style: DateStyle = "dateTime",
  settings: DateFormatSettings = currentDateFormat(),
): string {
  return formatLocalDate(iso, timeZone, datePattern(style, settings));
}

/** A wall-clock minute of the day (570) on the user's clock: "09:30" or "9:30 AM". */
export function formatMinuteOfDay(
  minute: number,
  settings: DateFormatSettings = currentDateFormat(),
): string {
  const whole = Math.max(0, Math.min(24 * 60 - 1, Math.round(minute)));
  const clock = `${String(Math.floor(whole / 60)).padStart(2, "0")}:${String(whole % 60).padStart(2, "0")}`;
  return formatLocalDate(`2000-01-03T${clock}:00Z`, "UTC", datePattern("time", settings));
}
