import { formatLocalDate, fromZonedInputValue } from "@/lib/time-zones";

/**
 * The calendar's geometry, computed once per set of data and read by plain elements: a day
 * column is a container, each event or task block one absolutely placed element whose top and
 * height come from here. Nothing in a cell of the grid works out anything (the week view must be
 * on screen within 100 ms of its data).
 *
 * Positions are wall-clock minutes in the user's time zone (09:00 is 540 whatever the date), so a
 * day with a DST change keeps its hour lines where a reader expects them; a block is as tall as it
 * lasts.
 */

export const MINUTES_PER_DAY = 24 * 60;
/** Where a dragged block lands, and what the keyboard dialog steps by. */
export const SLOT_MINUTES = 15;
/** The task time when neither the task nor the user's settings give one. */
export const FALLBACK_DURATION_MINUTES = 30;
export const DURATION_MIN_MINUTES = 5;
export const DURATION_MAX_MINUTES = 720;

export type CalendarView = "day" | "week";

/** One column of the grid: a calendar day in the user's zone. */
export interface GridDay {
  /** "2026-11-30" */
  date: string;
  /** Its first instant and the next day's, in ms since the epoch (23 or 25 hours apart across DST). */
  startMs: number;
  endMs: number;
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayParts(day: string): [number, number, number] {
  const match = DAY_PATTERN.exec(day);
  if (!match) throw new Error(`Not a calendar day: ${day}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** The day `days` after `day` ("2026-11-30" + 1 → "2026-12-01"), by the calendar alone. */
export function addDaysTo(day: string, days: number): string {
  const [year, month, date] = dayParts(day);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** ISO weekday of a calendar day: Monday 1 … Sunday 7. */
export function isoWeekday(day: string): number {
  const [year, month, date] = dayParts(day);
  return ((new Date(Date.UTC(year, month - 1, date)).getUTCDay() + 6) % 7) + 1;
}

/** The first day of the week that holds `day`: its Monday, or its Sunday when weeks start on Sunday (7). */
export function weekStart(day: string, firstWeekday: 1 | 7 = 1): string {
  return addDaysTo(day, -((isoWeekday(day) - firstWeekday + 7) % 7));
}

/** The instant a wall-clock time of a day begins in `timeZone` ("2026-11-30", 540 → 09:00 there). */
export function instantAt(day: string, minuteOfDay: number, timeZone: string): number {
  const whole = Math.max(0, Math.min(MINUTES_PER_DAY, Math.round(minuteOfDay)));
  if (whole === MINUTES_PER_DAY) return instantAt(addDaysTo(day, 1), 0, timeZone);
  const hh = String(Math.floor(whole / 60)).padStart(2, "0");
  const mm = String(whole % 60).padStart(2, "0");
  const iso = fromZonedInputValue(`${day}T${hh}:${mm}`, timeZone);
  if (!iso) throw new Error(`Not a time: ${day} ${hh}:${mm} in ${timeZone}`);
  return Date.parse(iso);
}

/** The columns of a view: the one day, or the week that holds it, from the user's first weekday. */
export function gridDays(
  view: CalendarView,
  anchorDay: string,
  timeZone: string,
  firstWeekday: 1 | 7 = 1,
): GridDay[] {
  const first = view === "day" ? anchorDay : weekStart(anchorDay, firstWeekday);
  const count = view === "day" ? 1 : 7;
  return Array.from({ length: count }, (_, index) => {
    const date = addDaysTo(first, index);
    return { date, startMs: instantAt(date, 0, timeZone), endMs: instantAt(addDaysTo(date, 1), 0, timeZone) };
  });
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/** An instant as its day and minute of the day on the wall clock of `timeZone`. */
export function wallClock(instantMs: number, timeZone: string): { date: string; minute: number } {
  const parts: Record<string, string> = {};
  for (const part of wallClockFormat(timeZone).formatToParts(instantMs)) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** What the grid places: an event of a subscribed calendar or a scheduled task. */
export interface TimedItem {
  /** Unique among the items of one layout. */
  key: string;
  kind: "event" | "task";
  title: string;
  startMs: number;
  endMs: number;
}

/** An item's part within one day column. */
export interface PlacedItem<Item extends TimedItem = TimedItem> {
  item: Item;
  dayIndex: number;
  /** Wall-clock minutes from the day's midnight, and how many minutes tall. */
  top: number;
  height: number;
  /** Side by side with the items it overlaps: its lane of `lanes`. */
  lane: number;
  lanes: number;
  /** False when the item started on an earlier day (its top edge is the day's). */
  startsHere: boolean;
  /** False when the item goes on past this day (its bottom edge is not its end). */
  endsHere: boolean;
}

/** The shortest a block is drawn, so a 5-minute task stays a target. */
export const MIN_DRAWN_MINUTES = 15;

/**
 * Places timed items in the day columns: each cut at midnight into a part per day it covers,
 * overlapping parts side by side in lanes (a cluster of parts that overlap shares one lane
 * count). Linear in the items after one sort.
 */
export function layoutItems<Item extends TimedItem>(
  days: readonly GridDay[],
  items: readonly Item[],
  timeZone: string,
): PlacedItem<Item>[] {
  const perDay: PlacedItem<Item>[][] = days.map(() => []);
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return [];
  for (const item of items) {
    if (item.endMs <= first.startMs || item.startMs >= last.endMs) continue;
    const start = Math.max(item.startMs, first.startMs);
    const end = Math.max(start + 1, Math.min(item.endMs, last.endMs));
    for (let index = 0; index < days.length; index += 1) {
      const day = days[index] as GridDay;
      if (end <= day.startMs || start >= day.endMs) continue;
      const startsHere = item.startMs >= day.startMs;
      const endsHere = item.endMs <= day.endMs;
      const top = startsHere ? wallClock(item.startMs, timeZone).minute : 0;
      // Measured, not wall-clock: a block across a DST change is as tall as it lasts.
      const lastMinute = endsHere
        ? top + (Math.min(item.endMs, day.endMs) - Math.max(item.startMs, day.startMs)) / 60_000
        : MINUTES_PER_DAY;
      const height = Math.max(MIN_DRAWN_MINUTES, Math.min(MINUTES_PER_DAY, lastMinute) - top);
      (perDay[index] as PlacedItem<Item>[]).push({
        item,
        dayIndex: index,
        top: Math.min(top, MINUTES_PER_DAY - MIN_DRAWN_MINUTES),
        height,
        lane: 0,
        lanes: 1,
        startsHere,
        endsHere,
      });
    }
  }
  return perDay.flatMap(assignLanes);
}

function assignLanes<Item extends TimedItem>(parts: PlacedItem<Item>[]): PlacedItem<Item>[] {
  parts.sort((a, b) => a.top - b.top || b.height - a.height || a.item.key.localeCompare(b.item.key));
  let cluster: PlacedItem<Item>[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = -1;
  const closeCluster = () => {
    for (const part of cluster) part.lanes = laneEnds.length;
    cluster = [];
    laneEnds = [];
  };
  for (const part of parts) {
    if (part.top >= clusterEnd) closeCluster();
    let lane = laneEnds.findIndex((end) => end <= part.top);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(0);
    }
    laneEnds[lane] = part.top + part.height;
    part.lane = lane;
    cluster.push(part);
    clusterEnd = Math.max(clusterEnd, part.top + part.height);
  }
  closeCluster();
  return parts;
}

/** A minute of the day snapped to the slot grid, kept inside the day. */
export function snapMinute(minute: number, slot = SLOT_MINUTES): number {
  const snapped = Math.round(minute / slot) * slot;
  return Math.max(0, Math.min(MINUTES_PER_DAY - slot, snapped));
}

/** A task time snapped to the slot grid and kept within what a task may last. */
export function clampDuration(minutes: number): number {
  const snapped = Math.round(minutes / SLOT_MINUTES) * SLOT_MINUTES;
  return Math.max(DURATION_MIN_MINUTES, Math.min(DURATION_MAX_MINUTES, snapped || DURATION_MIN_MINUTES));
}

/** How long a task is planned to take: its own estimate, else the user's default, else 30. */
export function taskDuration(
  durationMinutes: number | null | undefined,
  defaultMinutes: number | null | undefined,
): number {
  return durationMinutes ?? defaultMinutes ?? FALLBACK_DURATION_MINUTES;
}

/**
 * "2 h 30", "1 h", "45 min", "1 h 05": how the planner says a length of time (overcommitment,
 * estimates).
 */
export function formatHoursMinutes(totalMinutes: number): string {
  const minutes = Math.max(0, Math.round(totalMinutes));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${String(rest).padStart(2, "0")}`;
}

/** "09:00" for minute 540. */
export function minuteLabel(minute: number): string {
  const whole = ((Math.round(minute) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(whole / 60)).padStart(2, "0")}:${String(whole % 60).padStart(2, "0")}`;
}

/** The minute of the day an instant is at in `timeZone` (10:42 → 642). */
export function minuteOfDay(instant: Date, timeZone: string): number {
  return parseMinute(formatLocalDate(instant.toISOString(), timeZone, "HH:mm")) ?? 0;
}

/** "09:30" → 570; undefined when not a time of day. */
export function parseMinute(value: string): number | undefined {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return undefined;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return undefined;
  return hours * 60 + minutes;
}
