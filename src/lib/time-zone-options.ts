import { DEFAULT_TIME_ZONE } from "@contract/common";
import { formatInTimeZone } from "date-fns-tz";

export interface TimeZoneOption {
  /** The IANA name that is saved and sent. */
  value: string;
  /** What the picker shows: "Europe/Berlin (UTC+01:00)", underscores read as spaces. */
  label: string;
}

/** The zone's UTC offset at `now`, as "UTC+01:00" ("UTC+00:00" for UTC itself). */
export function utcOffsetLabel(timeZone: string, now: Date): string {
  return `UTC${formatInTimeZone(now, timeZone, "xxx")}`;
}

const MINUTE_MS = 60_000;
/** The labels of the minute last listed: offsets change only on a minute. */
const labelsOfMinute = { minute: Number.NaN, labels: new Map<string, string>() };

/**
 * `utcOffsetLabel`, kept for the rest of the minute: reading ~400 zones' offsets takes the
 * browser a second or more, and the picker lists them again whenever the choice changes, or
 * when Settings is opened again.
 */
function offsetLabelThisMinute(timeZone: string, now: Date): string {
  const minute = Math.floor(now.getTime() / MINUTE_MS);
  if (minute !== labelsOfMinute.minute) {
    labelsOfMinute.minute = minute;
    labelsOfMinute.labels.clear();
  }
  let label = labelsOfMinute.labels.get(timeZone);
  if (label === undefined) {
    label = utcOffsetLabel(timeZone, new Date(minute * MINUTE_MS));
    labelsOfMinute.labels.set(timeZone, label);
  }
  return label;
}

/**
 * The picker's options: the browser's zone first (it is most likely the right one), then UTC,
 * then the others in order; each with its offset at `now`. Zones in `include` (the saved one, the
 * one chosen) are offered even when the list lacks them, so the picker always shows the truth.
 */
export function timeZoneOptions(
  zones: readonly string[],
  options: { browserTimeZone: string; include?: readonly string[]; now: Date },
): TimeZoneOption[] {
  const { browserTimeZone, include = [], now } = options;
  const ordered = [browserTimeZone, DEFAULT_TIME_ZONE, ...zones, ...include];
  return [...new Set(ordered)].map((zone) => ({
    value: zone,
    label:
      zone === browserTimeZone
        ? `${zone.replaceAll("_", " ")} (${offsetLabelThisMinute(zone, now)}) · your browser`
        : `${zone.replaceAll("_", " ")} (${offsetLabelThisMinute(zone, now)})`,
  }));
}

/**
 * The options whose label contains every word of `query`, in any case ("new york", "berlin",
 * "+05:30", "utc-3"); all options when the query is blank.
 */
export function filterTimeZoneOptions(options: readonly TimeZoneOption[], query: string): TimeZoneOption[] {
  const words = query.toLowerCase().replaceAll("_", " ").split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((option) => {
    const label = option.label.toLowerCase();
    return words.every((word) => label.includes(word));
  });
}
