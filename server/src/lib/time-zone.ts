import { formatInTimeZone } from "date-fns-tz";
import { isValidTimeZone } from "@contract/common";

/**
 * The zone a user's days and months are counted in: their own IANA zone, or UTC when the stored
 * value is not one (older rows, a zone the runtime no longer knows).
 */
export function userTimeZone(user: { timezone: string }): string {
  return isValidTimeZone(user.timezone) ? user.timezone : "UTC";
}

/**
 * A due date without a time of day is stored as the end of that day where the user lives: such a
 * task is due all day on that date ("2026-11-24"). Undefined for a due date with a time.
 */
export function allDayDate(dueDate: string, timeZone: string): string | undefined {
  const [date, time] = formatInTimeZone(new Date(dueDate), timeZone, "yyyy-MM-dd HH:mm:ss").split(" ");
  return time === "23:59:59" ? date : undefined;
}
