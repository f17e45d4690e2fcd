import { randomBytes } from "node:crypto";
import { formatInTimeZone } from "date-fns-tz";
import ICAL from "ical.js";
import { tzlib_get_ical_block } from "timezones-ical-library";
import { DEFAULT_TASK_DURATION_MINUTES, type CalendarFeed, type TaskJson } from "@contract/index";
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
function vtimezone(timeZone: string): ICAL.Component | null {
  const [block] = tzlib_get_ical_block(timeZone);
  return block?.startsWith("BEGIN:VTIMEZONE") ? ICAL.Component.fromString(block) : null;
}

const utcTime = (instant: Date) => ICAL.Time.fromJSDate(instant, true);

/** An event's DTSTART and DTEND: all day (DATE values), local to `timeZone` (TZID) or in UTC. */
function addTimes(
  event: ICAL.Component,
  times: { day: string } | { start: Date; end: Date; timeZone?: string },
): void {
  if ("day" in times) {
    const start = ICAL.Time.fromDateString(times.day);
    const end = start.clone();
    end.adjust(1, 0, 0, 0);
    event.addPropertyWithValue("dtstart", start);
    event.addPropertyWithValue("dtend", end);
    return;
  }
  const { timeZone } = times;
  for (const [name, instant] of [
    ["dtstart", times.start],
    ["dtend", times.end],
  ] as const) {
    if (!timeZone) {
      event.addPropertyWithValue(name, utcTime(instant));
      continue;
    }
    const wall = formatInTimeZone(instant, timeZone, "yyyy-MM-dd'T'HH:mm:ss");
    event.addPropertyWithValue(name, ICAL.Time.fromDateTimeString(wall)).setParameter("tzid", timeZone);
  }
}

interface EventFields {
  uid: string;
  task: TaskJson;
  now: Date;
  times: Parameters<typeof addTimes>[1];
  recurrence?: string | null;
}

function taskEvent({ uid, task, now, times, recurrence }: EventFields): ICAL.Component {
  const event = new ICAL.Component("vevent");
  event.addPropertyWithValue("uid", uid);
  event.addPropertyWithValue("dtstamp", utcTime(now));
  addTimes(event, times);
  if (recurrence) event.addPropertyWithValue("rrule", ICAL.Recur.fromString(recurrence));
  event.addPropertyWithValue("summary", task.title);
  if (task.description) event.addPropertyWithValue("description", task.description);
  if (task.tags.length > 0) {
    const categories = new ICAL.Property("categories");
    categories.setValues(task.tags);
    event.addProperty(categories);
  }
  event.addPropertyWithValue("last-modified", utcTime(new Date(task.updated_at)));
  return event;
}

/**
 * The feed (RFC 5545), written with ical.js: each open task with a due date as an event, times in
 * UTC and the user's zone named (X-WR-TIMEZONE), so every client shows them at the right local
 * time. A repeating task carries its RRULE; when it is due at a time of day, its times are local
 * to the user's zone (TZID, with the zone's VTIMEZONE), so its later dates keep that local time
 * across daylight-saving changes, as the next tasks will. A task planned at a time
 * (scheduled_start) is also a timed event of its own, as long as its estimate (or
 * `defaultDurationMinutes`).
 */
export function renderCalendar(
  tasks: readonly TaskJson[],
  timeZone: string,
  now: Date,
  defaultDurationMinutes: number = DEFAULT_TASK_DURATION_MINUTES,
): string {
  const calendar = new ICAL.Component(["vcalendar", [], []]);
  calendar.addPropertyWithValue("version", "2.0");
  calendar.addPropertyWithValue("prodid", "-//Tasklane//Tasklane tasks//EN");
  calendar.addPropertyWithValue("name", "Tasklane");
  calendar.addPropertyWithValue("x-wr-calname", "Tasklane");
  calendar.addPropertyWithValue("x-wr-timezone", timeZone);
  const zoned = tasks.some(
    (task) => task.recurrence && task.due_date && !allDayDate(task.due_date, timeZone),
  );
  const zone = zoned ? vtimezone(timeZone) : null;
  if (zone) calendar.addSubcomponent(zone);
  for (const task of tasks) {
    if (task.scheduled_start) {
      const start = new Date(task.scheduled_start);
      const minutes = task.duration_minutes ?? defaultDurationMinutes;
      const end = new Date(start.getTime() + minutes * 60_000);
      calendar.addSubcomponent(
        taskEvent({ uid: `${task.id}-planned@tasklane`, task, now, times: { start, end } }),
      );
    }
    if (!task.due_date) continue;
    const day = allDayDate(task.due_date, timeZone);
    const start = new Date(task.due_date);
    const end = new Date(start.getTime() + TIMED_EVENT_MINUTES * 60_000);
    const local = task.recurrence !== null && zone !== null;
    const times = day ? { day } : { start, end, ...(local ? { timeZone } : {}) };
    calendar.addSubcomponent(
      taskEvent({ uid: `${task.id}@tasklane`, task, now, times, recurrence: task.recurrence }),
    );
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
    ...(projectId ? { project_id: projectId } : {}),
  });
  return renderCalendar(
    tasks.filter((task) => task.due_date !== null || task.scheduled_start !== null),
    owner.timezone,
    clock.now(),
    owner.default_duration_minutes ?? DEFAULT_TASK_DURATION_MINUTES,
  );
}
