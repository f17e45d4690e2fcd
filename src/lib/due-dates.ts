import { addDays, format } from "date-fns";
import { formatInTimeZone } from "date-fns-tz";
import { formatInZoneCached, fromZonedInputValue, isValidTimeZone } from "./time-zones";

/**
 * An all-day due date is stored as the last second of that day in the user's zone: it stays due
 * the whole day, sorts after the day's timed tasks and is shown without a time. The web app writes
 * 23:59:59.999; the server's date phrases ("tomorrow", "by Friday") and recurrence write
 * 23:59:59.000, so the second, not the millisecond, is what marks a day.
 */
const END_OF_DAY = "23:59:59";

function zoneOrBrowser(timeZone: string | null | undefined): string | undefined {
  return timeZone && isValidTimeZone(timeZone) ? timeZone : undefined;
}

/** The calendar day ("2026-11-23") of an instant in the user's zone (else the browser's). */
export function localDay(instant: Date | string, timeZone: string | null | undefined): string {
  const zone = zoneOrBrowser(timeZone);
  if (zone && typeof instant === "string") {
    return formatInZoneCached(instant, zone, "yyyy-MM-dd", () =>
      formatInTimeZone(new Date(instant), zone, "yyyy-MM-dd"),
    );
  }
  const date = typeof instant === "string" ? new Date(instant) : instant;
  return zone ? formatInTimeZone(date, zone, "yyyy-MM-dd") : format(date, "yyyy-MM-dd");
}

/** A due date with no time of day: its local time is the end of the day. */
export function isAllDay(iso: string, timeZone: string | null | undefined): boolean {
  const zone = zoneOrBrowser(timeZone);
  const time = zone
    ? formatInZoneCached(iso, zone, "HH:mm:ss", () => formatInTimeZone(new Date(iso), zone, "HH:mm:ss"))
    : format(new Date(iso), "HH:mm:ss");
  return time === END_OF_DAY;
}

/** The all-day due date of a calendar day ("2026-11-23") as an ISO instant; null if not a day. */
export function allDayDueDate(day: string, timeZone: string | null | undefined): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const zone = zoneOrBrowser(timeZone);
  const endMinute = fromZonedInputValue(`${day}T23:59`, zone);
  return endMinute ? new Date(new Date(endMinute).getTime() + 59_999).toISOString() : null;
}

/** The day `days` after today's local day, as "2026-11-23". */
export function dayFromToday(days: number, timeZone: string | null | undefined, now = new Date()): string {
  const [year, month, day] = localDay(now, timeZone).split("-").map(Number) as [number, number, number];
  return format(addDays(new Date(year, month - 1, day), days), "yyyy-MM-dd");
}
