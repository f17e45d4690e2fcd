import { z } from "zod";
import { taskJsonSchema, taskPrioritySchema } from "./tasks";

// ---------------------------------------------------------------------------------------------
// Task history: the event log carried by the JSON export and import.
// ---------------------------------------------------------------------------------------------

export const TASK_EVENT_KINDS = [
  "created",
  "status_changed",
  "due_changed",
  "rescheduled",
  "deleted",
] as const;
export type TaskEventKind = (typeof TASK_EVENT_KINDS)[number];

/** One change in a task's history, as the JSON export writes it beside the task. */
export const taskEventJsonSchema = /* @__PURE__ */ z.object({
  kind: z.enum(TASK_EVENT_KINDS),
  /** The value before: a status, or a due date (ISO UTC); null when there was none. */
  from: z.string().max(100).nullable(),
  to: z.string().max(100).nullable(),
  at: z.iso.datetime({ offset: true }),
});
export type TaskEventJson = z.infer<typeof taskEventJsonSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/v1/analytics
// ---------------------------------------------------------------------------------------------

export const ANALYTICS_RANGES = [7, 30, 90, 365] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = 30;
/** From this many days on, the per-day series hold one entry per week (its Monday). */
export const WEEKLY_BUCKETS_FROM_DAYS = 90;

export const analyticsQuerySchema = /* @__PURE__ */ z.object({
  days: z
    .enum(["7", "30", "90", "365"], { error: "days must be 7, 30, 90 or 365" })
    .default("30")
    .transform((value) => Number(value) as AnalyticsRange),
});

const localDate = /* @__PURE__ */ z
  .string()
  .meta({ description: "a local date (YYYY-MM-DD) in the user's zone" });
const dateCountSchema = /* @__PURE__ */ z.object({ date: localDate, count: z.number().int() });
export type DateCount = z.infer<typeof dateCountSchema>;

export const analyticsSchema = /* @__PURE__ */ z
  .object({
    from: localDate,
    to: localDate,
    completed_per_day: z.array(dateCountSchema),
    created_per_day: z.array(dateCountSchema),
    /** Percent (0-100, rounded) of the range's completed tasks with a due date done on or before it. */
    on_time_rate: z.number().int().nullable(),
    /** Open (pending, in progress) tasks past their due date at the end of each day (or week). */
    overdue_open: z.array(dateCountSchema),
    by_project: z.array(z.object({ project_id: z.string().nullable(), completed: z.number().int() })),
    by_tag: z.array(z.object({ tag: z.string(), completed: z.number().int() })),
    by_priority: z.array(z.object({ priority: taskPrioritySchema, completed: z.number().int() })),
    /** Completions by local weekday (1 = Monday … 7 = Sunday) and hour (0-23); every cell. */
    heatmap: z.array(
      z.object({ weekday: z.number().int(), hour: z.number().int(), count: z.number().int() }),
    ),
    median_days_to_complete: z.number().nullable(),
    ai_uses_per_month: z.array(z.object({ month: z.string(), count: z.number().int() })),
    streak: z.object({
      goal: z.number().int().nullable(),
      current: z.number().int(),
      longest: z.number().int(),
    }),
  })
  .meta({
    description:
      "Dates are local dates in the user's timezone; from and to are the range's first and last day. For 90 " +
      "and 365 days the three series hold one entry per week, dated by the week's Monday (the first week may " +
      "start before from; it counts only days from from on). on_time_rate is a rounded percentage, null when " +
      "no task completed in the range had a due date. The streak counts days that met the daily goal (0 " +
      "without a goal); the current streak includes today once today meets it.",
  });
export type Analytics = z.infer<typeof analyticsSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/v1/review
// ---------------------------------------------------------------------------------------------

const ISO_WEEK = /^(\d{4})-W(\d{2})$/;

/** The weeks of an ISO year: 53 when it starts on a Thursday, or on a Wednesday in a leap year. */
function isoWeeksIn(year: number): number {
  const jan1 = new Date(Date.UTC(year, 0, 1)).getUTCDay();
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return jan1 === 4 || (leap && jan1 === 3) ? 53 : 52;
}

/** True for "2026-W48" when that week exists. */
export function isIsoWeek(value: string): boolean {
  const match = ISO_WEEK.exec(value);
  if (!match) return false;
  const week = Number(match[2]);
  return week >= 1 && week <= isoWeeksIn(Number(match[1]));
}

/** A calendar date ("2026-11-27") moved by whole days; no time zone is involved. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The ISO weekday of a calendar date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay() || 7;
}

/** The Monday of a calendar date's week. */
export function weekStartOf(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

/** The ISO week ("2026-W48") a calendar date falls in: the week's Thursday decides its year. */
export function isoWeekOf(date: string): string {
  const thursday = addDays(date, 4 - isoWeekday(date));
  const year = Number(thursday.slice(0, 4));
  const dayOfYear = (Date.parse(thursday) - Date.UTC(year, 0, 1)) / 86_400_000;
  return `${year}-W${String(Math.floor(dayOfYear / 7) + 1).padStart(2, "0")}`;
}

/** The Monday (a calendar date) that starts an ISO week such as "2026-W48". */
export function isoWeekStart(week: string): string {
  const [yearText, weekText] = week.split("-W") as [string, string];
  const jan4 = `${yearText}-01-04`;
  return addDays(weekStartOf(jan4), (Number(weekText) - 1) * 7);
}

export const reviewQuerySchema = /* @__PURE__ */ z.object({
  week: z.string().refine(isIsoWeek, { error: "week must be an ISO week such as 2026-W48" }).optional(),
});

export const reviewSchema = /* @__PURE__ */ z
  .object({
    completed: z.array(taskJsonSchema),
    slipped: z.array(taskJsonSchema),
    carried_over: z.array(taskJsonSchema),
    upcoming: z.array(taskJsonSchema),
    summary: z.string(),
  })
  .meta({
    description:
      "The review of one ISO week (Monday to Sunday in the user's timezone): completed in it; slipped: due in " +
      "it, the due time passed, still pending or in progress; carried_over: still open, created before the " +
      "week ended, not due in it or the next; upcoming: open and due in the following week. summary is a " +
      "short text: the model's words when an AI provider is configured (one AI use, kept until the tasks " +
      "change), else a template.",
  });
export type Review = z.infer<typeof reviewSchema>;
