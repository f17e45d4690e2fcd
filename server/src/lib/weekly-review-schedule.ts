import { addDays, isoWeekday } from "@contract/analytics";
import { formatInTimeZone, fromZonedTime } from "date-fns-tz";

/** The job that e-mails one user's weekly review; its subject is the user's id. */
export const WEEKLY_REVIEW_EMAIL_JOB = "weekly_review_email";

/** The review e-mail goes out at this local hour on Mondays. */
const SEND_HOUR = "08:00:00";

/** Monday 08:00 of the zone's current week (possibly still to come), as a UTC ISO timestamp. */
export function thisWeeksReviewAt(timeZone: string, now: Date): string {
  const today = formatInTimeZone(now, timeZone, "yyyy-MM-dd");
  const thisMonday = addDays(today, 1 - isoWeekday(today));
  return fromZonedTime(`${thisMonday}T${SEND_HOUR}`, timeZone).toISOString();
}

/** The first Monday 08:00 in the zone strictly after `now`, as a UTC ISO timestamp. */
export function nextWeeklyReviewAt(timeZone: string, now: Date): string {
  const candidate = thisWeeksReviewAt(timeZone, now);
  if (Date.parse(candidate) > now.getTime()) return candidate;
  const today = formatInTimeZone(now, timeZone, "yyyy-MM-dd");
  const nextMonday = addDays(today, 8 - isoWeekday(today));
  return fromZonedTime(`${nextMonday}T${SEND_HOUR}`, timeZone).toISOString();
}
