import { randomBytes } from "node:crypto";
import { formatInTimeZone } from "date-fns-tz";
import ical from "ical-generator";
import { tzlib_get_ical_block } from "timezones-ical-library";
import type { CalendarFeed, TaskJson } from "@contract/index";
import type { Db } from "../../db/database";
import { isoNow, type Clock } from "../../lib/clock";
import { NotFound } from "../../lib/domain-errors";
import { allDayDate } from "../../lib/time-zone";
import { listTasks } from "../tasks/service";
import {
  insertFeedSecretIfMissing,
  replaceFeedSecret,
  selectFeedOwner,
  selectFeedSecret,
} from "./repository";

/** 32 random bytes, URL-safe: unguessable, and unrelated to any bearer token. */
const newSecret = () => randomBytes(32).toString("base64url");
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;
const FEED_NOT_FOUND = "Calendar not found";
/** A task due at a time shows as a short event starting then. */
const TIMED_EVENT_MINUTES = 30;

function feedUrl(publicUrl: string, secret: string): CalendarFeed {
  return { url: `${publicUrl.replace(/\/+$/, "")}/api/v1/calendar/${secret}.ics` };
}

/** GET /api/v1/calendar: the user's address, made on first use. */
export async function calendarFeed(
  db: Db,
  clock: Clock,
  publicUrl: string,
  userId: string,
): Promise<CalendarFeed> {
  let secret = await selectFeedSecret(db, userId);
  if (!secret) {
    await insertFeedSecretIfMissing(db, userId, newSecret(), isoNow(clock));
    secret = await selectFeedSecret(db, userId);
  }
  if (!secret) throw new Error("The calendar feed was not stored");
  return feedUrl(publicUrl, secret);
}

/** POST /api/v1/calendar/rotate: a new address; the old one answers 404 from now on. */
export async function rotateCalendarFeed(
  db: Db,
  clock: Clock,
  publicUrl: string,
  userId: string,
): Promise<CalendarFeed> {
  const secret = newSecret();
  await replaceFeedSecret(db, userId, secret, isoNow(clock));
  return feedUrl(publicUrl, secret);
}

/** The zone's VTIMEZONE component, which an event whose times are local to it must come with. */
function vtimezone(timeZone: string): string | null {
  const [block] = tzlib_get_ical_block(timeZone);
  return block?.startsWith("BEGIN:VTIMEZONE") ? block : null;
}

/** The local wall-clock time of an instant, as ical-generator takes times for an event with a zone. */
function wallTime(instant: string, timeZone: string): Date {
  return new Date(`${formatInTimeZone(new Date(instant), timeZone, "yyyy-MM-dd'T'HH:mm:ss")}Z`);
}

/**
 * The feed (RFC 5545): each open task with a due date as an event, times in UTC and the user's
 * zone named (X-WR-TIMEZONE), so every client shows them at the right local time. A repeating
 * task carries its RRULE; when it is due at a time of day, its times are local to the user's zone
 * (TZID, with the zone's VTIMEZONE), so its later dates keep that local time across
 * daylight-saving changes, as the next tasks will.
 */
export function renderCalendar(tasks: readonly TaskJson[], timeZone: string, now: Date): string {
  const calendar = ical({
    name: "Tasklane",
    prodId: { company: "Tasklane", product: "Tasklane tasks", language: "EN" },
  });
  calendar.x("X-WR-TIMEZONE", timeZone);
  const zoned = tasks.some(
    (task) => task.recurrence && task.due_date && !allDayDate(task.due_date, timeZone),
  );
  if (zoned) calendar.timezone({ name: null, generator: vtimezone });
  for (const task of tasks) {
    if (!task.due_date) continue;
    const day = allDayDate(task.due_date, timeZone);
    const local = task.recurrence !== null && !day;
    const start = day
      ? new Date(`${day}T00:00:00.000Z`)
      : local
        ? wallTime(task.due_date, timeZone)
        : new Date(task.due_date);
    calendar.createEvent({
      id: `${task.id}@tasklane`,
      summary: task.title,
      description: task.description,
      start,
      ...(day ? { allDay: true } : { end: new Date(start.getTime() + TIMED_EVENT_MINUTES * 60_000) }),
      stamp: now,
      lastModified: new Date(task.updated_at),
      categories: task.tags.map((name) => ({ name })),
      ...(task.recurrence ? { repeating: task.recurrence } : {}),
      ...(local ? { timezone: timeZone } : {}),
    });
  }
  return calendar.toString();
}

/**
 * GET /api/v1/calendar/<secret>.ics: no bearer token, the secret address is the credential.
 * `projectId` limits the feed to one of the owner's projects (another id: 404, as a wrong address).
 */
export async function calendarFile(db: Db, clock: Clock, file: string, projectId?: string): Promise<string> {
  const secret = FEED_FILE.exec(file)?.[1];
  const owner = secret ? await selectFeedOwner(db, secret) : undefined;
  if (!owner) throw new NotFound(FEED_NOT_FOUND);
  const tasks = await listTasks(db, owner.id, {
    status: "pending,in_progress",
    has_due_date: "true",
    ...(projectId ? { project_id: projectId } : {}),
  });
  return renderCalendar(tasks, owner.timezone, clock.now());
}
