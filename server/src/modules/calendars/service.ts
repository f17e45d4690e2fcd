import { LRUCache } from "lru-cache";
import {
  CALENDAR_MAX_BYTES,
  CALENDAR_REFRESH_MINUTES,
  type CalendarEventJson,
  type CalendarJson,
  type SubscribeCalendarRequest,
} from "@contract/planning";
import type { AppDeps } from "../../app-types";
import { inTransaction, type Db } from "../../db/database";
import { scheduleJob, unscheduleJob, type ClaimedJob } from "../../jobs/repository";
import { isoNow } from "../../lib/clock";
import { Conflict, NotFound, Validation } from "../../lib/domain-errors";
import { newId } from "../../lib/ids";
import { CalendarFetchFailed, fetchCalendarText, normaliseCalendarUrl } from "./fetch-calendar";
import { checkCalendar, expandCalendar, NotICalendar, type Occurrence } from "./read-ics";
import {
  deleteCalendarRow,
  insertCalendar,
  selectCalendar,
  selectCalendarBodies,
  selectCalendarById,
  selectCalendarByUrl,
  selectCalendars,
  selectCalendarVersions,
  countSubscriptions,
  updateCalendarBody,
  updateCalendarError,
  type CalendarHead,
} from "./repository";

/** The job that fetches one subscription again; its subject is the calendar's id. */
export const CALENDAR_SYNC_JOB = "calendar_sync";
/** A calendar server slower than this is given up on for this round. */
export const CALENDAR_FETCH_TIMEOUT_MS = 15_000;
const CALENDAR_NOT_FOUND = "Calendar not found";
const REFRESH_MS = CALENDAR_REFRESH_MINUTES * 60_000;

type CalendarDeps = Pick<AppDeps, "db" | "clock" | "config" | "resolveHost">;

function toCalendarJson(row: CalendarHead): CalendarJson {
  return { id: row.id, name: row.name, url: row.url, last_synced_at: row.last_synced_at, error: row.error };
}

async function fetchChecked(
  deps: CalendarDeps,
  url: string,
): Promise<{ text: string; name: string | undefined }> {
  const text = await fetchCalendarText(url, {
    allowPrivate: deps.config.calendarAllowPrivate,
    resolve: deps.resolveHost,
    timeoutMs: CALENDAR_FETCH_TIMEOUT_MS,
    maxBytes: CALENDAR_MAX_BYTES,
  });
  return { text, ...checkCalendar(text) };
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return "Calendar";
  }
}

async function scheduleRefresh(
  deps: CalendarDeps,
  db: Db,
  calendar: { id: string; user_id: string },
): Promise<void> {
  const now = deps.clock.now();
  await scheduleJob(db, {
    kind: CALENDAR_SYNC_JOB,
    subject: calendar.id,
    userId: calendar.user_id,
    runAt: new Date(now.getTime() + REFRESH_MS).toISOString(),
    nowIso: now.toISOString(),
  });
}

/**
 * POST /api/v1/calendars: fetched once before anything is stored, so an address that cannot be
 * read is refused at once (400 saying why) rather than saved broken; then every 15 minutes.
 */
export async function subscribeCalendar(
  deps: CalendarDeps,
  userId: string,
  request: SubscribeCalendarRequest,
): Promise<CalendarJson> {
  const url = normaliseCalendarUrl(request.url);
  if (await selectCalendarByUrl(deps.db, userId, url)) {
    throw new Conflict("You already subscribe to this calendar");
  }
  // Each subscription is fetched every 15 minutes: an account may have only so many.
  const limit = deps.config.calendarsPerUser;
  if ((await countSubscriptions(deps.db, userId)) >= limit) {
    throw new Validation(
      `An account may subscribe to at most ${limit} calendars: remove one first`,
      "calendar_limit",
    );
  }
  let fetched: { text: string; name: string | undefined };
  try {
    fetched = await fetchChecked(deps, url);
  } catch (error) {
    if (error instanceof CalendarFetchFailed || error instanceof NotICalendar) {
      throw new Validation(`Could not subscribe: ${error.message}`, "calendar_unreadable");
    }
    throw error;
  }
  const nowIso = isoNow(deps.clock);
  const row = {
    id: newId(),
    user_id: userId,
    name: request.name ?? fetched.name ?? hostOf(url),
    url,
    body: fetched.text,
    last_synced_at: nowIso,
    error: null,
    created_at: nowIso,
  };
  await inTransaction(deps.db, async (trx) => {
    await insertCalendar(trx, row);
    await scheduleRefresh(deps, trx, row);
  });
  return toCalendarJson(row);
}

/** POST /api/v1/calendars/import: an .ics file kept as it is; it is never fetched again. */
export async function importCalendar(
  deps: CalendarDeps,
  userId: string,
  text: string,
  name: string | undefined,
): Promise<CalendarJson> {
  if (text.trim() === "") throw new Validation("The file is empty");
  let ownName: string | undefined;
  try {
    ownName = checkCalendar(text).name;
  } catch (error) {
    if (error instanceof NotICalendar) throw new Validation(error.message, "calendar_unreadable");
    throw error;
  }
  const nowIso = isoNow(deps.clock);
  const row = {
    id: newId(),
    user_id: userId,
    name: name ?? ownName ?? "Imported calendar",
    url: null,
    body: text,
    last_synced_at: nowIso,
    error: null,
    created_at: nowIso,
  };
  await insertCalendar(deps.db, row);
  return toCalendarJson(row);
}

export async function listCalendars(db: Db, userId: string): Promise<CalendarJson[]> {
  return (await selectCalendars(db, userId)).map(toCalendarJson);
}

export async function deleteCalendar(db: Db, userId: string, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (!(await deleteCalendarRow(trx, userId, id))) throw new NotFound(CALENDAR_NOT_FOUND);
    await unscheduleJob(trx, CALENDAR_SYNC_JOB, id);
  });
}

/**
 * Fetches a subscription and keeps what it read when it is a calendar; a failure is recorded in
 * `error` and the last good copy stays in use.
 */
async function refresh(deps: CalendarDeps, calendar: CalendarHead & { url: string }): Promise<CalendarHead> {
  try {
    const { text } = await fetchChecked(deps, calendar.url);
    const syncedAt = isoNow(deps.clock);
    await updateCalendarBody(deps.db, calendar.id, text, syncedAt);
    return { ...calendar, last_synced_at: syncedAt, error: null };
  } catch (error) {
    if (!(error instanceof CalendarFetchFailed || error instanceof NotICalendar)) throw error;
    await updateCalendarError(deps.db, calendar.id, error.message);
    return { ...calendar, error: error.message };
  }
}

/** POST /api/v1/calendars/:id/sync: fetched now; the next round is 15 minutes from now. */
export async function syncCalendar(deps: CalendarDeps, userId: string, id: string): Promise<CalendarJson> {
  const calendar = await selectCalendar(deps.db, userId, id);
  if (!calendar) throw new NotFound(CALENDAR_NOT_FOUND);
  const { url } = calendar;
  if (url === null)
    throw new Conflict("An uploaded calendar has no address to fetch; upload it again instead");
  const refreshed = await refresh(deps, { ...calendar, url });
  await scheduleRefresh(deps, deps.db, calendar);
  return toCalendarJson(refreshed);
}

/**
 * The refresh job: one instance claims it (the jobs table), fetches, and queues the next round.
 * Queuing it again while it runs moves the one job row on, so there is never more than one.
 */
export async function runCalendarSync(deps: CalendarDeps, job: ClaimedJob): Promise<void> {
  const calendar = await selectCalendarById(deps.db, job.subject);
  if (!calendar || calendar.url === null) return;
  await refresh(deps, { ...calendar, url: calendar.url });
  await scheduleRefresh(deps, deps.db, calendar);
}

/** A refresh given up (the database kept failing) is tried again next round, not dropped. */
export async function queueNextCalendarSync(deps: CalendarDeps, job: ClaimedJob): Promise<void> {
  const calendar = await selectCalendarById(deps.db, job.subject);
  if (calendar?.url) await scheduleRefresh(deps, deps.db, calendar);
}

/**
 * Expansions already made, by calendar, copy, zone and window. Only a cache (each instance keeps
 * its own, and loses it on restart): a copy is only ever replaced by a sync, which moves
 * last_synced_at on, so a key never names two different expansions. Asking for the same day
 * again (the calendar screen, then "Plan my day") reads no calendar text.
 */
const expansions = new LRUCache<string, readonly Occurrence[]>({ max: 2_000 });

function expanded(
  calendar: { id: string; version: string },
  body: string,
  window: { timeZone: string; fromMs: number; toMs: number },
): readonly Occurrence[] {
  const key = [calendar.id, calendar.version, window.timeZone, window.fromMs, window.toMs].join("\n");
  const known = expansions.get(key);
  if (known) return known;
  let occurrences: Occurrence[];
  try {
    occurrences = expandCalendar(body, window.fromMs, window.toMs, window.timeZone);
  } catch (error) {
    // Only what read as a calendar is stored; should a copy stop reading, it shows nothing.
    if (!(error instanceof NotICalendar)) throw error;
    occurrences = [];
  }
  expansions.set(key, occurrences);
  return occurrences;
}

/** Every occurrence of the user's calendars overlapping [fromMs, toMs), with its calendar. */
export async function calendarOccurrences(
  db: Db,
  userId: string,
  timeZone: string,
  fromMs: number,
  toMs: number,
): Promise<(Occurrence & { calendarId: string })[]> {
  const window = { timeZone, fromMs, toMs };
  const versions = await selectCalendarVersions(db, userId);
  const keyOf = (calendar: { id: string; version: string }) =>
    [calendar.id, calendar.version, timeZone, fromMs, toMs].join("\n");
  const missing = versions
    .filter((calendar) => !expansions.has(keyOf(calendar)))
    .map((calendar) => calendar.id);
  const bodies = await selectCalendarBodies(db, userId, missing);
  const occurrences: (Occurrence & { calendarId: string })[] = [];
  for (const calendar of versions) {
    const copy = bodies.get(calendar.id);
    // A copy replaced between the two reads is expanded under its own version.
    const list = copy
      ? expanded({ id: calendar.id, version: copy.version }, copy.body, window)
      : expansions.get(keyOf(calendar));
    for (const occurrence of list ?? []) occurrences.push({ ...occurrence, calendarId: calendar.id });
  }
  return occurrences.sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
}

/** GET /api/v1/calendar/events: the occurrences in the window, in UTC. */
export async function listCalendarEvents(
  db: Db,
  userId: string,
  timeZone: string,
  from: string,
  to: string,
): Promise<CalendarEventJson[]> {
  const occurrences = await calendarOccurrences(db, userId, timeZone, Date.parse(from), Date.parse(to));
  return occurrences.map((occurrence) => ({
    calendar_id: occurrence.calendarId,
    title: occurrence.title,
    start: new Date(occurrence.startMs).toISOString(),
    end: new Date(occurrence.endMs).toISOString(),
    all_day: occurrence.allDay,
  }));
}
