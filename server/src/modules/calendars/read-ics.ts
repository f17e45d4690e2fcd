import { createHash } from "node:crypto";
import { formatInTimeZone, fromZonedTime } from "date-fns-tz";
import ICAL from "ical.js";
import { LRUCache } from "lru-cache";
import { tzlib_get_ical_block } from "timezones-ical-library";

// ---------------------------------------------------------------------------------------------
// Reading iCalendar (RFC 5545) with ical.js: recurrences (RRULE, RDATE, EXDATE), moved or
// cancelled occurrences (RECURRENCE-ID), all-day events and times local to a VTIMEZONE, across
// daylight-saving changes. Only the occurrences of a window are expanded.
// ---------------------------------------------------------------------------------------------

/** One occurrence, as instants (ms since the epoch). An all-day one spans UTC midnights. */
export interface Occurrence {
  title: string;
  startMs: number;
  endMs: number;
  allDay: boolean;
  /** false for an event marked free (TRANSP:TRANSPARENT): shown, but time stays free. */
  busy: boolean;
}

/** The text is not an iCalendar file (or has no calendar in it). */
export class NotICalendar extends Error {}

const TITLE_MAX = 200;
/**
 * One rule is followed at most this far: a daily series counted from a DTSTART thirty years back
 * is ~11,000 steps (most series start near the window, see fastForwardStart).
 */
const STEPS_PER_EVENT_MAX = 20_000;
/** A whole expansion stops after this many steps, so no file can hold a request for long. */
const STEPS_PER_EXPANSION_MAX = 200_000;
const DAY_MS = 86_400_000;
/**
 * Overrides are matched here by UID and RECURRENCE-ID; told there are none, ical.js does not scan
 * every event of the file for them each time it reads one (which made reading a file quadratic).
 */
const NO_EXCEPTIONS = { exceptions: [] };

/**
 * Files already parsed, by the digest of their text: the parse is a good part of an expansion,
 * and a calendar's copy is read again for every window asked. What is kept is ical.js's plain
 * parse (jCal arrays), which nothing here changes: each expansion wraps it in components of its
 * own, so times are still read with that expansion's zones. Bounded by the texts' size.
 */
const parsedFiles = new LRUCache<string, { calendar: unknown[]; size: number }>({
  maxSize: 64 * 1024 * 1024,
  sizeCalculation: (entry) => Math.max(1, entry.size),
});

function parseRoot(text: string): ICAL.Component {
  const digest = createHash("sha256").update(text).digest("base64url");
  const known = parsedFiles.get(digest);
  if (known) return new ICAL.Component(known.calendar);
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text);
  } catch (error) {
    throw new NotICalendar(
      `The file does not read as iCalendar (${error instanceof Error ? error.message.slice(0, 120) : "unreadable"})`,
    );
  }
  // One component parses to its jCal array, several to a list of them: the first calendar counts.
  const first: unknown = Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed[0] : parsed;
  if (!Array.isArray(first) || first[0] !== "vcalendar") {
    throw new NotICalendar("The file does not read as iCalendar (no VCALENDAR)");
  }
  parsedFiles.set(digest, { calendar: first, size: text.length });
  return new ICAL.Component(first);
}

/** What a calendar file says of itself: its own name (X-WR-CALNAME), if any. Throws NotICalendar. */
export function checkCalendar(text: string): { name: string | undefined } {
  const root = parseRoot(text);
  const name = root.getFirstPropertyValue("x-wr-calname");
  return { name: typeof name === "string" && name.trim() !== "" ? name.trim().slice(0, 100) : undefined };
}

/**
 * Zones already read, by their definition's text: ical.js works out each zone's changes from
 * 1970 on the first time it converts a time in it, which took a noticeable part of an
 * expansion. Keyed by the whole definition, so a calendar only ever gets a zone defined exactly
 * as its own file defines it.
 */
const zonesByDefinition = new Map<string, ICAL.Timezone>();
const ZONES_KEPT_MAX = 500;

function zoneOf(definition: ICAL.Component): ICAL.Timezone {
  const key = JSON.stringify(definition.toJSON());
  let zone = zonesByDefinition.get(key);
  if (!zone) {
    zone = new ICAL.Timezone(definition);
    if (zonesByDefinition.size >= ZONES_KEPT_MAX) zonesByDefinition.clear();
    zonesByDefinition.set(key, zone);
  }
  return zone;
}

/**
 * ical.js resolves a TZID through one registry for the whole process, when a time is first read.
 * Each expansion therefore runs synchronously between a reset and the next, with the zones of its
 * own file registered (and, for a TZID the file names without defining it, the IANA zone of that
 * name), so no calendar ever reads another's zone definitions.
 */
function registerZones(root: ICAL.Component, events: readonly ICAL.Component[]): void {
  ICAL.TimezoneService.reset();
  for (const definition of root.getAllSubcomponents("vtimezone")) {
    const tzid = definition.getFirstPropertyValue("tzid");
    // A VTIMEZONE without TZID: the events that name it read as local to the user.
    if (typeof tzid === "string" && tzid !== "") ICAL.TimezoneService.register(zoneOf(definition), tzid);
  }
  const named = new Set<string>();
  for (const event of events) {
    for (const name of ["dtstart", "dtend", "recurrence-id", "exdate", "rdate"]) {
      for (const property of event.getAllProperties(name)) {
        const tzid = property.getParameter("tzid");
        if (typeof tzid === "string") named.add(tzid);
      }
    }
  }
  for (const tzid of named) {
    if (ICAL.TimezoneService.has(tzid)) continue;
    const [block] = tzlib_get_ical_block(tzid);
    if (!block?.startsWith("BEGIN:VTIMEZONE")) continue;
    try {
      ICAL.TimezoneService.register(zoneOf(ICAL.Component.fromString(block)), tzid);
    } catch {
      // Unreadable: the events read as local to the user.
    }
  }
}

/**
 * An instant of a time read from the file. A floating time (no zone, or a zone neither the file
 * nor the IANA database knows) is local to the user, as RFC 5545 says it is for whoever reads it.
 * A date (all day) is its UTC midnight.
 */
function instantOf(time: ICAL.Time, timeZone: string): number {
  if (time.isDate) return Date.UTC(time.year, time.month - 1, time.day);
  if (time.zone && time.zone !== ICAL.Timezone.localTimezone) return time.toUnixTime() * 1000;
  const pad = (value: number, size = 2) => String(value).padStart(size, "0");
  const wall = `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}T${pad(time.hour)}:${pad(time.minute)}:${pad(time.second)}`;
  return fromZonedTime(wall, timeZone).getTime();
}

function titleOf(event: ICAL.Event): string {
  const summary = event.summary;
  const title = typeof summary === "string" ? summary.trim() : "";
  return title === "" ? "Busy" : title.slice(0, TITLE_MAX);
}

function isCancelled(component: ICAL.Component): boolean {
  const status = component.getFirstPropertyValue("status");
  return typeof status === "string" && status.toUpperCase() === "CANCELLED";
}

function isBusy(component: ICAL.Component): boolean {
  const transp = component.getFirstPropertyValue("transp");
  return !(typeof transp === "string" && transp.toUpperCase() === "TRANSPARENT");
}

/** The occurrence key of a recurrence id or an expanded start: the same instant, the same key. */
const keyOf = (time: ICAL.Time) => `${time.isDate ? "d" : "t"}${time.toUnixTime()}`;

/**
 * The occurrences of the calendar's events that overlap [fromMs, toMs), in start order. Rules are
 * followed from their start and stop at the window's end; an occurrence moved by a RECURRENCE-ID
 * override is where the override puts it (in or out of the window), a cancelled one is left out.
 * Throws NotICalendar when the text is not iCalendar.
 */
export function expandCalendar(text: string, fromMs: number, toMs: number, timeZone: string): Occurrence[] {
  const root = parseRoot(text);
  try {
    return expandEvents(root, fromMs, toMs, timeZone);
  } finally {
    ICAL.TimezoneService.reset();
  }
}

/** The date part (YYYY-MM-DD) of a property as written, without reading it into a time. */
function writtenDate(component: ICAL.Component, name: string): string | undefined {
  const value: unknown = component.getFirstProperty(name)?.jCal[3];
  return typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : undefined;
}

const WEEKDAY_NUMBERS: Record<string, number> = { SU: 1, MO: 2, TU: 3, WE: 4, TH: 5, FR: 6, SA: 7 };
const DAYS_PER_PERIOD: Partial<Record<string, number>> = { DAILY: 1, WEEKLY: 7 };

/**
 * Where to start following a rule so that it reaches the window without walking every occurrence
 * since DTSTART (a weekly meeting of ten years is 500 steps, and ical.js takes a noticeable time
 * for each). Only for rules whose occurrences repeat with a fixed period of days: DAILY or
 * WEEKLY, without COUNT (which counts from DTSTART), without BY-parts other than plain weekdays,
 * and with DTSTART one of its own occurrences. Moving the start by whole periods then leaves the
 * occurrences from there on unchanged, at the same wall-clock time.
 */
function fastForwardStart(component: ICAL.Component, event: ICAL.Event, fromMs: number, timeZone: string) {
  const rules = component.getAllProperties("rrule");
  if (rules.length !== 1) return undefined;
  const rule = rules[0]?.getFirstValue();
  if (!(rule instanceof ICAL.Recur) || rule.count) return undefined;
  const periodDays = DAYS_PER_PERIOD[rule.freq ?? ""];
  if (!periodDays) return undefined;
  const { BYDAY: byDay, ...otherParts } = rule.parts;
  if (Object.values(otherParts).some((values) => values !== undefined && values.length > 0)) return undefined;
  const start = event.startDate;
  if (byDay && byDay.length > 0) {
    if (!byDay.every((day) => day in WEEKDAY_NUMBERS)) return undefined;
    if (!byDay.some((day) => WEEKDAY_NUMBERS[day] === start.dayOfWeek())) return undefined;
  }
  const stepDays = periodDays * Math.max(1, rule.interval || 1);
  const durationMs = Math.max(0, event.duration.toSeconds() * 1000);
  // A step and two days short of the window, so nothing that reaches into it is skipped.
  const lagDays = Math.floor((fromMs - durationMs - instantOf(start, timeZone)) / DAY_MS) - stepDays - 2;
  if (lagDays < stepDays) return undefined;
  const shifted = start.clone();
  shifted.adjust(Math.floor(lagDays / stepDays) * stepDays, 0, 0, 0);
  return shifted;
}

/** EXDATEs as keys of the occurrences they remove (a date removes that day's occurrence). */
function excludedKeys(component: ICAL.Component): Set<string> {
  const keys = new Set<string>();
  for (const property of component.getAllProperties("exdate")) {
    for (const value of property.getValues()) {
      if (!(value instanceof ICAL.Time)) continue;
      keys.add(value.isDate ? `day${value.toString().slice(0, 10)}` : keyOf(value));
    }
  }
  return keys;
}

function isExcluded(time: ICAL.Time, excluded: ReadonlySet<string>): boolean {
  if (excluded.size === 0) return false;
  return excluded.has(keyOf(time)) || excluded.has(`day${time.toString().slice(0, 10)}`);
}

function expandEvents(root: ICAL.Component, fromMs: number, toMs: number, timeZone: string): Occurrence[] {
  const occurrences: Occurrence[] = [];
  const overrides = new Map<string, Set<string>>();
  const singles: ICAL.Component[] = [];
  const masters: ICAL.Component[] = [];
  // Dates as written, a day wider either side than any zone is from UTC: a single event outside
  // them is passed over without reading its times.
  const firstDate = new Date(fromMs - 2 * DAY_MS).toISOString().slice(0, 10);
  const lastDate = new Date(toMs + 2 * DAY_MS).toISOString().slice(0, 10);
  // First by what is written only: no time is read before the zones it names are registered.
  const overriding: ICAL.Component[] = [];
  for (const component of root.getAllSubcomponents("vevent")) {
    if (component.hasProperty("recurrence-id")) {
      overriding.push(component);
    } else if (component.hasProperty("rrule") || component.hasProperty("rdate")) {
      masters.push(component);
      continue;
    }
    const startDate = writtenDate(component, "dtstart");
    const endDate = writtenDate(component, "dtend");
    if (startDate !== undefined && startDate > lastDate) continue;
    if (endDate !== undefined && !component.hasProperty("duration") && endDate < firstDate) continue;
    singles.push(component);
  }
  registerZones(root, [...overriding, ...masters, ...singles]);
  for (const component of overriding) {
    const uid = String(component.getFirstPropertyValue("uid") ?? "");
    const recurrenceId = component.getFirstPropertyValue("recurrence-id");
    if (recurrenceId instanceof ICAL.Time) {
      const keys = overrides.get(uid) ?? new Set<string>();
      keys.add(keyOf(recurrenceId));
      overrides.set(uid, keys);
    }
  }

  // An all-day event belongs to the dates of the window where the user is, not to its instants.
  const dayMs = (ms: number) =>
    Date.parse(`${formatInTimeZone(new Date(ms), timeZone, "yyyy-MM-dd")}T00:00:00Z`);
  const fromDayMs = dayMs(fromMs);
  const toDayMs = dayMs(toMs - 1) + DAY_MS;
  const lastStartMs = Math.max(toMs, toDayMs);

  const push = (
    event: ICAL.Event,
    component: ICAL.Component,
    start: ICAL.Time,
    end: ICAL.Time,
    startMs = instantOf(start, timeZone),
  ) => {
    let endMs = instantOf(end, timeZone);
    if (!(endMs > startMs)) endMs = start.isDate ? startMs + DAY_MS : startMs;
    const overlaps = start.isDate ? endMs > fromDayMs && startMs < toDayMs : endMs > fromMs && startMs < toMs;
    // A zero-length event at the window's start still belongs to it.
    if (overlaps || (endMs === startMs && startMs >= fromMs && startMs < toMs)) {
      occurrences.push({
        title: titleOf(event),
        startMs,
        endMs,
        allDay: start.isDate,
        busy: isBusy(component),
      });
    }
  };

  for (const component of singles) {
    if (isCancelled(component) || !component.hasProperty("dtstart")) continue;
    const event = new ICAL.Event(component, NO_EXCEPTIONS);
    push(event, component, event.startDate, event.endDate);
  }

  let steps = 0;
  for (const component of masters) {
    if (isCancelled(component) || !component.hasProperty("dtstart")) continue;
    const event = new ICAL.Event(component, NO_EXCEPTIONS);
    const moved = overrides.get(event.uid ?? "") ?? new Set<string>();
    const excluded = excludedKeys(component);
    const duration = event.duration;
    const iterator = event.iterator(
      fastForwardStart(component, event, Math.min(fromMs, fromDayMs), timeZone),
    );
    let eventSteps = 0;
    for (let next = iterator.next(); next; next = iterator.next()) {
      steps += 1;
      eventSteps += 1;
      if (eventSteps > STEPS_PER_EVENT_MAX || steps > STEPS_PER_EXPANSION_MAX) break;
      const startMs = instantOf(next, timeZone);
      if (startMs >= lastStartMs) break;
      if (moved.size > 0 && moved.has(keyOf(next))) continue;
      // ical.js applies EXDATEs too, but only while it walks from DTSTART in step with them.
      if (isExcluded(next, excluded)) continue;
      const end = next.clone();
      end.addDuration(duration);
      push(event, component, next, end, startMs);
    }
  }

  occurrences.sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs || a.title.localeCompare(b.title));
  return occurrences;
}
