import { formatNumericDate, readNumericDate, type DateFormatSettings } from "@contract/date-format";
import { format, isValid, parse } from "date-fns";
import { datePattern, formatMinuteOfDay } from "./date-format";

/**
 * What the date and time fields show and read: a calendar day ("2026-12-03") and a wall-clock
 * time ("14:30") are the values the forms hold (those of the native inputs they replace); the
 * text is written in the user's order and clock.
 */
const PLACEHOLDERS = { dmy: "DD/MM/YYYY", mdy: "MM/DD/YYYY", ymd: "YYYY-MM-DD" } as const;

export function datePlaceholder(settings: DateFormatSettings): string {
  return PLACEHOLDERS[settings.date_order];
}

export function timePlaceholder(settings: DateFormatSettings): string {
  return settings.clock === "24h" ? "HH:MM" : "h:mm AM";
}

/** A calendar day written numerically in the user's order ("03/12/2026"); "" for none. */
export function showDay(day: string, settings: DateFormatSettings): string {
  return day ? formatNumericDate(day, settings.date_order) : "";
}

/**
 * Typed text as a calendar day: numeric in the user's order ("3/12/2026", "3.12.2026"), year
 * first in any order, or the way the app writes a date ("3 Dec 2026"); null when it names none.
 */
export function readDay(text: string, settings: DateFormatSettings): string | null {
  const numeric = readNumericDate(text, settings.date_order);
  if (numeric) return numeric;
  const worded = parse(text.trim(), datePattern("date", settings), new Date(2000, 0, 1));
  return isValid(worded) ? format(worded, "yyyy-MM-dd") : null;
}

/** A wall-clock time ("14:30") on the user's clock: "14:30" or "2:30 PM"; "" for none. */
export function showTime(time: string, settings: DateFormatSettings): string {
  const [hours, minutes] = time.split(":").map(Number);
  if (hours === undefined || minutes === undefined || Number.isNaN(hours + minutes)) return "";
  return formatMinuteOfDay(hours * 60 + minutes, settings);
}

const TIME = /^(\d{1,2})(?:[:.h]?(\d{2}))?\s*(?:([ap])\.?\s*m?\.?)?$/i;

/**
 * Typed text as a wall-clock time ("14:30"): "14:30", "1430", "9", "2:30 pm", "2pm", "12 am".
 * Without AM or PM it is read on the 24-hour clock on either setting ("2:30" is 02:30), so
 * nothing typed is guessed. null when it is not a time of day.
 */
export function readTime(text: string): string | null {
  const match = TIME.exec(text.trim());
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2] ?? "0");
  const half = match[3]?.toLowerCase();
  if (minutes > 59) return null;
  if (half) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (half === "p" ? 12 : 0);
  } else if (hours > 23) return null;
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}
