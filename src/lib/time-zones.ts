import { DEFAULT_TIME_ZONE, FALLBACK_TIME_ZONES, isValidTimeZone } from "@contract/common";
import { format, isMatch, isValid, parse, parseISO } from "date-fns";
import { formatInTimeZone, fromZonedTime } from "date-fns-tz";
import currentTimeZoneNames from "@vvo/tzdb/time-zones-names.json";

/**
 * Time-zone helpers shared by every screen (: dates go through date-fns /
 * date-fns-tz helpers in lib/, never ad-hoc string slicing).
 *
 * The rule: a wall-clock time is read in the user's time zone when it is a valid
 * IANA name, otherwise in the browser's local time.
 */
export { isValidTimeZone };

/** The value format of <input type="datetime-local">. */
const INPUT_FORMAT = "yyyy-MM-dd'T'HH:mm";
/** Browsers may add seconds to a datetime-local value (when `step` is below 60). */
const INPUT_FORMAT_WITH_SECONDS = "yyyy-MM-dd'T'HH:mm:ss";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Wall-clock fields of a date, read as if they were UTC: milliseconds since the epoch. */
function wallClockAsUtc(value: string): number {
  return fromZonedTime(value, DEFAULT_TIME_ZONE).getTime();
}

/**
 * The zone's UTC offset (ms) in force at `instant`. date-fns-tz's getTimezoneOffset reads the
 * date's wall-clock fields rather than the instant, which is wrong around DST changes.
 */
function offsetAt(timeZone: string, instant: number): number {
  return wallClockAsUtc(formatInTimeZone(instant, timeZone, "yyyy-MM-dd'T'HH:mm:ss.SSS")) - instant;
}

/**
 * Every current IANA zone name the browser knows, "UTC" first (the default zone), or the fixed
 * fallback list when the browser cannot enumerate its zones. The names come from the tz
 * database's current list: browsers still enumerate deprecated aliases (Asia/Calcutta,
 * Europe/Kiev), which are left out in favour of today's names (Asia/Kolkata, Europe/Kyiv).
 */
export function listTimeZones(): string[] {
  let known: string[] = [];
  try {
    known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  } catch {
    // Older engines throw a RangeError for the "timeZone" key: use the fallback list below.
  }
  if (known.length === 0) return [...FALLBACK_TIME_ZONES];
  // A zone the browser enumerates is valid; only the few it names otherwise are tried (each try
  // builds an Intl formatter, slow by the hundred).
  const enumerated = new Set(known);
  const current = currentTimeZoneNames.filter(
    (zone) => zone !== DEFAULT_TIME_ZONE && (enumerated.has(zone) || isValidTimeZone(zone)),
  );
  return [DEFAULT_TIME_ZONE, ...current];
}

/** The browser's own zone, or UTC when it reports none (or only an offset). */
export function detectBrowserTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && isValidTimeZone(zone)) return zone;
  } catch {
    // A broken Intl implementation: fall through to the default.
  }
  return DEFAULT_TIME_ZONE;
}

function usableZone(timeZone: string | null | undefined): string | undefined {
  return timeZone && isValidTimeZone(timeZone) ? timeZone : undefined;
}

function parseInstant(iso: string | null | undefined): Date | undefined {
  if (!iso) return undefined;
  const date = parseISO(iso);
  return isValid(date) ? date : undefined;
}

/**
 * An ISO timestamp as the value of <input type="datetime-local"> ("2026-12-01T10:00"), shown in
 * `timeZone` when valid, else in the browser's local time. "" when there is no date.
 */
export function toZonedInputValue(
  iso: string | null | undefined,
  timeZone: string | null | undefined,
): string {
  const date = parseInstant(iso);
  if (!date) return "";
  const zone = usableZone(timeZone);
  return zone ? formatInTimeZone(date, zone, INPUT_FORMAT) : format(date, INPUT_FORMAT);
}

/**
 * The value of <input type="datetime-local"> read in `timeZone` when valid, else in the browser's
 * local time, as an ISO UTC timestamp. null when the value is blank or not a date.
 *
 * Wall-clock times that a DST change skips or repeats are resolved the way the browser resolves
 * its own local time (ECMAScript / Temporal "compatible"), so both branches agree: a skipped time
 * moves forward by the gap (02:30 on a spring-forward night becomes 03:30), and a repeated time
 * takes its first occurrence (the one still on summer time).
 */
export function fromZonedInputValue(value: string, timeZone: string | null | undefined): string | null {
  const trimmed = value.trim();
  const pattern = [INPUT_FORMAT, INPUT_FORMAT_WITH_SECONDS].find((candidate) => isMatch(trimmed, candidate));
  if (!pattern) return null;

  const zone = usableZone(timeZone);
  if (!zone) {
    // date-fns builds the local Date with the engine's own (compatible) disambiguation.
    const local = parse(trimmed, pattern, new Date());
    return isValid(local) ? local.toISOString() : null;
  }

  // The wall-clock fields as if they were UTC; the zone's offset then moves them to the instant.
  const wallClock = wallClockAsUtc(trimmed);
  if (Number.isNaN(wallClock)) return null;
  const offsetBefore = offsetAt(zone, wallClock - DAY_MS);
  const offsetAfter = offsetAt(zone, wallClock + DAY_MS);
  const matching = [wallClock - offsetBefore, wallClock - offsetAfter].filter(
    (instant) => instant + offsetAt(zone, instant) === wallClock,
  );
  // Repeated hour: both offsets match, take the earlier instant. Skipped hour: none matches, keep
  // the offset in force before the change, which lands after the gap.
  const instant = matching.length > 0 ? Math.min(...matching) : wallClock - offsetBefore;
  return new Date(instant).toISOString();
}

/**
 * A timestamp for display, in `timeZone` when valid, else in the browser's local time.
 * `pattern` is a date-fns format ("PPp" → "Dec 1, 2026, 10:00 AM"). "" when there is no date.
 */
export function formatLocalDate(
  iso: string | null | undefined,
  timeZone: string | null | undefined,
  pattern = "PPp",
): string {
  const zone = usableZone(timeZone);
  if (!iso) return "";
  if (!zone) {
    const date = parseInstant(iso);
    return date ? format(date, pattern) : "";
  }
  return formatInZoneCached(iso, zone, pattern, () => {
    const date = parseInstant(iso);
    return date ? formatInTimeZone(date, zone, pattern) : "";
  });
}

const formattedInZoneCache = new Map<string, string>();
const FORMATTED_IN_ZONE_CACHE_MAX = 5_000;

/**
 * A timestamp formatted in a named zone, cached: formatting in a zone goes through
 * Intl.DateTimeFormat#formatToParts, and a list shows the same due dates again and again (a card
 * that scrolls or is filtered back into view). The answer depends only on the three strings.
 */
export function formatInZoneCached(
  iso: string,
  zone: string,
  pattern: string,
  compute: () => string,
): string {
  const key = `${iso}|${zone}|${pattern}`;
  let text = formattedInZoneCache.get(key);
  if (text === undefined) {
    text = compute();
    if (formattedInZoneCache.size >= FORMATTED_IN_ZONE_CACHE_MAX) formattedInZoneCache.clear();
    formattedInZoneCache.set(key, text);
  }
  return text;
}
