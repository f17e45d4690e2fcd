import { fromZonedTime } from "date-fns-tz";
import { PLAN_GAP_MINUTES, type PlanProposal } from "@contract/planning";
import type { TaskPriority } from "@contract/tasks";

// ---------------------------------------------------------------------------------------------
// The day planner: a pure function of its inputs (the clock is one of them), so the same inputs
// always give the same proposal. It fits open tasks into the free time of one day's working
// hours, most important first, and says why each block is where it is.
// ---------------------------------------------------------------------------------------------

export interface PlanTask {
  id: string;
  title: string;
  priority: TaskPriority;
  due_date: string | null;
  duration_minutes: number | null;
  scheduled_start: string | null;
  created_at: string;
}

export interface BusyTime {
  title: string;
  startMs: number;
  endMs: number;
}

export interface PlanDayInput {
  /** The day to plan, YYYY-MM-DD in timeZone. */
  date: string;
  timeZone: string;
  now: Date;
  workingHours: { days: readonly number[]; start: string; end: string };
  capacityMinutes: number;
  defaultDurationMinutes: number;
  /** The open tasks (pending or in progress). */
  tasks: readonly PlanTask[];
  /** Timed events that take time (all-day and free events are left out by the caller). */
  busy: readonly BusyTime[];
  /** Task ids in the order of today's AI plan, most important first; empty without one. */
  aiRanking: readonly string[];
}

/**
 * The few ways the planner writes a date, with one Intl formatter per zone and kind: a proposal
 * writes hundreds of reasons, and building a formatter costs far more than using one.
 */
const FORMATS = {
  date: { year: "numeric", month: "2-digit", day: "2-digit" },
  day: { weekday: "short", day: "numeric", month: "short" },
  time: { hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatIn(ms: number, timeZone: string, kind: keyof typeof FORMATS): string {
  const key = `${timeZone} ${kind}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    // en-CA writes dates as YYYY-MM-DD; en-GB writes "Wed 28 Oct", "28 Oct" and "09:30".
    formatter = new Intl.DateTimeFormat(kind === "date" ? "en-CA" : "en-GB", { ...FORMATS[kind], timeZone });
    if (formatters.size < 1_000) formatters.set(key, formatter);
  }
  return formatter.format(ms).replace(",", "");
}

const MINUTE = 60_000;
const GAP_MS = PLAN_GAP_MINUTES * MINUTE;
/** Blocks start on the five minutes: 10:05, not 10:03. */
const GRID_MS = 5 * MINUTE;
const PRIORITY_RANK: Record<TaskPriority, number> = { urgent: 0, high: 1, medium: 2, low: 3 };

interface Interval {
  startMs: number;
  endMs: number;
}

/** The ISO weekday (1 = Monday) of a calendar date. */
function isoWeekday(date: string): number {
  return ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The instant a wall-clock time of `date` happens in the zone (a time skipped by DST moves on). */
function instantAt(date: string, time: string, timeZone: string): number {
  return fromZonedTime(`${date}T${time}:00`, timeZone).getTime();
}

function minutesText(minutes: number): string {
  return `${minutes} min`;
}

/** "2 h 30", "45 min": how a length of time reads in a sentence. */
export function hoursText(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${String(rest).padStart(2, "0")}`;
}

type Urgency = "yesterday" | "carried" | "overdue" | "before" | "today" | "tomorrow" | "week" | "later";
const URGENCY_RANK: Record<Urgency, number> = {
  yesterday: 0,
  overdue: 1,
  before: 1,
  carried: 2,
  today: 3,
  tomorrow: 4,
  week: 5,
  later: 6,
};

interface Candidate {
  task: PlanTask;
  minutes: number;
  urgency: Urgency;
  /** Must be done today: its lack of room is overcommitment, and it is listed when it does not fit. */
  wanted: boolean;
  aiPosition: number | undefined;
  dueMs: number;
}

interface Day {
  date: string;
  startMs: number;
  endMs: number;
}

function urgencyOf(task: PlanTask, day: Day, now: Date, yesterdayStartMs: number): Urgency {
  const scheduled = task.scheduled_start === null ? undefined : Date.parse(task.scheduled_start);
  if (scheduled !== undefined && scheduled < day.startMs) {
    return scheduled >= yesterdayStartMs ? "yesterday" : "carried";
  }
  if (task.due_date === null) return "later";
  const due = Date.parse(task.due_date);
  if (due < now.getTime()) return "overdue";
  // Planning a later day: due before it is as late as overdue by then.
  if (due < day.startMs) return "before";
  if (due < day.endMs) return "today";
  if (due < day.endMs + 86_400_000) return "tomorrow";
  if (due < day.endMs + 7 * 86_400_000) return "week";
  return "later";
}

function compareCandidates(a: Candidate, b: Candidate): number {
  return (
    URGENCY_RANK[a.urgency] - URGENCY_RANK[b.urgency] ||
    PRIORITY_RANK[a.task.priority] - PRIORITY_RANK[b.task.priority] ||
    (a.aiPosition ?? Number.MAX_SAFE_INTEGER) - (b.aiPosition ?? Number.MAX_SAFE_INTEGER) ||
    a.dueMs - b.dueMs ||
    a.task.created_at.localeCompare(b.task.created_at) ||
    a.task.id.localeCompare(b.task.id)
  );
}

/** When a task is due, said from where the user stands now: "due today", "due Thu 5 Nov". */
function dueText(dueMs: number, now: Date, timeZone: string): string {
  const dueDay = formatIn(dueMs, timeZone, "date");
  const today = formatIn(now.getTime(), timeZone, "date");
  if (dueDay === today) return "due today";
  if (dueDay === addDays(today, 1)) return "due tomorrow";
  return `due ${formatIn(dueMs, timeZone, "day")}`;
}

/** Why the task was picked, in a few plain words. */
function whyText(candidate: Candidate, now: Date, timeZone: string): string {
  const { task, urgency } = candidate;
  switch (urgency) {
    case "yesterday":
      return "left over from yesterday";
    case "carried":
      return `planned for ${formatIn(Date.parse(task.scheduled_start ?? ""), timeZone, "day")}, not done yet`;
    case "overdue":
      return `overdue since ${formatIn(candidate.dueMs, timeZone, "day")}`;
    case "before":
    case "today":
    case "tomorrow":
    case "week":
      return dueText(candidate.dueMs, now, timeZone);
    case "later":
      if (task.priority === "urgent") return "urgent";
      if (task.priority === "high") return "high priority";
      if (candidate.aiPosition !== undefined) return `#${candidate.aiPosition + 1} in today's AI plan`;
      return task.due_date === null ? "no due date, next in line" : dueText(candidate.dueMs, now, timeZone);
  }
}

function partOfDay(ms: number, timeZone: string): "morning" | "afternoon" | "evening" {
  const hour = Number(formatIn(ms, timeZone, "time").slice(0, 2));
  if (hour < 12) return "morning";
  if (hour < 17) return "afternoon";
  return "evening";
}

const snapUp = (ms: number) => Math.ceil(ms / GRID_MS) * GRID_MS;

/**
 * The free segments of the window: what no occupied interval (each with the gap either side)
 * takes. Sorted, not overlapping.
 */
function freeSegments(window: Interval, occupied: readonly Interval[]): Interval[] {
  const segments: Interval[] = [];
  let cursor = window.startMs;
  for (const taken of occupied) {
    const start = taken.startMs - GAP_MS;
    if (start > cursor) segments.push({ startMs: cursor, endMs: Math.min(start, window.endMs) });
    cursor = Math.max(cursor, taken.endMs + GAP_MS);
    if (cursor >= window.endMs) break;
  }
  if (cursor < window.endMs) segments.push({ startMs: cursor, endMs: window.endMs });
  return segments
    .map((segment) => ({ startMs: snapUp(segment.startMs), endMs: segment.endMs }))
    .filter((segment) => segment.endMs > segment.startMs);
}

function insertSorted(list: Interval[], interval: Interval): void {
  let index = list.findIndex((item) => item.startMs > interval.startMs);
  if (index === -1) index = list.length;
  list.splice(index, 0, interval);
}

/**
 * Where the block went, in words: the only slot that could hold it when shorter ones were left
 * over, the only one of its part of the day when other parts had room, else the earliest (right
 * after an event when it follows one).
 */
function slotText(
  chosen: Interval,
  segments: readonly Interval[],
  fitting: readonly Interval[],
  timeZone: string,
  busy: readonly BusyTime[],
): string {
  const part = partOfDay(chosen.startMs, timeZone);
  const after = busy.find(
    (event) => event.endMs <= chosen.startMs && chosen.startMs - event.endMs <= GAP_MS + GRID_MS,
  );
  if (fitting.length === 1 && segments.length > 1) return "the only free slot long enough";
  const samePart = fitting.filter((segment) => partOfDay(segment.startMs, timeZone) === part);
  if (samePart.length === 1 && fitting.length > 1) return `the only free ${part} slot`;
  return after ? `right after ${after.title}` : `the earliest free ${part} slot`;
}

/**
 * Proposes the day's blocks. Tasks already planned on the day stay where they are (their blocks
 * come back as they are); tasks planned before it and not done come first, yesterday's first of
 * all; then overdue, due today, due tomorrow, due this week, then the rest, each by priority,
 * the AI plan's order, due date and age. A block leaves 10 minutes free to any other block or
 * event, never overlaps an event, stays inside the working hours (and after `now` on the day that
 * is today), and the blocks of a day add up to the capacity at most.
 */
export function planDay(input: PlanDayInput): PlanProposal {
  const { date, timeZone, now } = input;
  const day: Day = {
    date,
    startMs: instantAt(date, "00:00", timeZone),
    endMs: instantAt(addDays(date, 1), "00:00", timeZone),
  };
  const yesterdayStartMs = instantAt(addDays(date, -1), "00:00", timeZone);
  const working = input.workingHours.days.includes(isoWeekday(date));
  const window: Interval = {
    startMs: Math.max(instantAt(date, input.workingHours.start, timeZone), now.getTime()),
    endMs: instantAt(date, input.workingHours.end, timeZone),
  };
  const aiPositions = new Map(input.aiRanking.map((id, index) => [id, index]));
  const durationOf = (task: PlanTask) => task.duration_minutes ?? input.defaultDurationMinutes;

  const blocks: PlanProposal["blocks"] = [];
  const occupied: Interval[] = input.busy
    .filter((event) => event.endMs > day.startMs && event.startMs < day.endMs)
    .map((event) => ({ startMs: event.startMs, endMs: event.endMs }));
  let usedMinutes = 0;
  const candidates: Candidate[] = [];

  for (const task of input.tasks) {
    const scheduled = task.scheduled_start === null ? undefined : Date.parse(task.scheduled_start);
    if (scheduled !== undefined && scheduled >= day.startMs && scheduled < day.endMs) {
      // Already planned on this day: it stays, and its time is taken.
      const minutes = durationOf(task);
      const interval = { startMs: scheduled, endMs: scheduled + minutes * MINUTE };
      blocks.push({
        task_id: task.id,
        start: new Date(interval.startMs).toISOString(),
        end: new Date(interval.endMs).toISOString(),
        reason: `already planned for ${formatIn(scheduled, timeZone, "time")}, ${minutesText(minutes)}`,
      });
      occupied.push(interval);
      usedMinutes += minutes;
      continue;
    }
    // Planned for a later day: it has its day already.
    if (scheduled !== undefined && scheduled >= day.endMs) continue;
    const urgency = urgencyOf(task, day, now, yesterdayStartMs);
    candidates.push({
      task,
      minutes: durationOf(task),
      urgency,
      wanted:
        urgency === "yesterday" || urgency === "carried" || urgency === "overdue" || urgency === "today",
      aiPosition: aiPositions.get(task.id),
      dueMs: task.due_date === null ? Number.MAX_SAFE_INTEGER : Date.parse(task.due_date),
    });
  }
  occupied.sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  candidates.sort(compareCandidates);

  const unscheduled: PlanProposal["unscheduled"] = [];
  let overcommitted = Math.max(0, usedMinutes - input.capacityMinutes);
  const refuse = (candidate: Candidate, why: string) => {
    if (!candidate.wanted) return;
    unscheduled.push({
      task_id: candidate.task.id,
      reason: `${whyText(candidate, now, timeZone)}, ${minutesText(candidate.minutes)}: ${why}`,
    });
    overcommitted += candidate.minutes;
  };

  const busySorted = [...input.busy].sort((a, b) => a.endMs - b.endMs);
  let segments = working && window.endMs > window.startMs ? freeSegments(window, occupied) : [];
  for (const candidate of candidates) {
    if (!working) {
      refuse(candidate, "not a working day");
      continue;
    }
    if (window.endMs <= window.startMs) {
      refuse(candidate, "the working hours of the day are over");
      continue;
    }
    if (usedMinutes + candidate.minutes > input.capacityMinutes) {
      refuse(candidate, `over the ${hoursText(input.capacityMinutes)} of task work wanted in a day`);
      continue;
    }
    const length = candidate.minutes * MINUTE;
    const fitting = segments.filter((segment) => segment.endMs - segment.startMs >= length);
    const chosen = fitting[0];
    if (!chosen) {
      refuse(candidate, "no free time that long left in the working hours");
      continue;
    }
    const interval = { startMs: chosen.startMs, endMs: chosen.startMs + length };
    blocks.push({
      task_id: candidate.task.id,
      start: new Date(interval.startMs).toISOString(),
      end: new Date(interval.endMs).toISOString(),
      reason: `${whyText(candidate, now, timeZone)}, ${minutesText(candidate.minutes)}, ${slotText(chosen, segments, fitting, timeZone, busySorted)}`,
    });
    usedMinutes += candidate.minutes;
    insertSorted(occupied, interval);
    segments = freeSegments(window, occupied);
  }

  blocks.sort((a, b) => a.start.localeCompare(b.start) || a.task_id.localeCompare(b.task_id));
  return { blocks, unscheduled, overcommitted_minutes: overcommitted };
}
