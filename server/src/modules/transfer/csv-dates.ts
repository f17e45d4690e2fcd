import { formatInTimeZone } from "date-fns-tz";
import {
  formatNumericDate,
  readNumericDate,
  type DateFormatSettings,
  type DateOrder,
} from "@contract/date-format";
import { zonedWallTimeToUtc } from "../extract";
import { endOfDayIn, isRealDate } from "./import-dates";

/**
 * How a CSV export writes its timestamps (ISO UTC): a due date, which may be all day, and any
 * other moment.
 */
export interface CsvDates {
  due(iso: string): string;
  moment(iso: string): string;
}

/** ISO 8601 in UTC, as stored: for programs (`dates=iso`). */
export const ISO_CSV_DATES: CsvDates = { due: (iso) => iso, moment: (iso) => iso };

/**
 * As the user reads dates, in their zone: "10/12/2026 17:30" (day first, 24 h), "12/10/2026
 * 5:30 PM" (month first, 12 h) or "2026-12-10 17:30"; seconds only when there are some; a task due
 * all day (the last second of its day there) is the day alone. The import reads each back.
 */
export function userCsvDates(
  timeZone: string,
  format: Pick<DateFormatSettings, "date_order" | "clock">,
): CsvDates {
  const moment = (iso: string) => {
    const date = new Date(iso);
    const day = formatNumericDate(formatInTimeZone(date, timeZone, "yyyy-MM-dd"), format.date_order);
    const seconds = date.getUTCSeconds() === 0 ? "" : ":ss";
    const time = format.clock === "24h" ? `HH:mm${seconds}` : `h:mm${seconds} a`;
    return `${day} ${formatInTimeZone(date, timeZone, time)}`;
  };
  const due = (iso: string) => {
    const day = formatInTimeZone(new Date(iso), timeZone, "yyyy-MM-dd");
    return endOfDayIn(day, timeZone) === new Date(iso).toISOString()
      ? formatNumericDate(day, format.date_order)
      : moment(iso);
  };
  return { due, moment };
}

/** A day, then optionally a time of 24 or 12 hours ("17:30", "5:30 PM", "5:30:15 pm", "5:30 p.m."). */
const LOCAL_DATE_TIME = /^([\d./-]+)(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([ap])\.?m\.?)?)?$/i;

/**
 * A cell's date as the user or a spreadsheet writes it, in the user's zone: a calendar day (ISO,
 * or numeric in the user's order) or a day and a time (24 h, or 12 h with AM/PM). Null when it is
 * neither (an ISO timestamp with its offset is read by the caller).
 */
export function readLocalDate(
  text: string,
  timeZone: string,
  dateOrder: DateOrder | undefined,
): { day: string } | { instant: string } | null {
  const local = LOCAL_DATE_TIME.exec(text.trim());
  if (!local?.[1]) return null;
  const day = isRealDate(local[1]) ? local[1] : dateOrder ? readNumericDate(local[1], dateOrder) : null;
  if (!day) return null;
  if (local[2] === undefined) return { day };
  const [clockHour, minute, second] = [local[2], local[3], local[4] ?? "0"].map(Number) as [
    number,
    number,
    number,
  ];
  const half = local[5]?.toLowerCase();
  if (half !== undefined && (clockHour < 1 || clockHour > 12)) return null;
  const hour = half === undefined ? clockHour : (clockHour % 12) + (half === "p" ? 12 : 0);
  if (hour > 23 || minute > 59 || second > 59) return null;
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return {
    instant: zonedWallTimeToUtc({ year, month, day: date, hour, minute, second }, timeZone).toISOString(),
  };
}
