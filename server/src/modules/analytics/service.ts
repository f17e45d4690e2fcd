import {
  addDays,
  isoWeekOf,
  isoWeekStart,
  weekStartOf,
  WEEKLY_BUCKETS_FROM_DAYS,
  type Analytics,
  type AnalyticsRange,
  type DateCount,
  type Review,
} from "@contract/analytics";
import { TASK_PRIORITIES, type TaskJson, type TaskPriority } from "@contract/tasks";
import type { AppDeps } from "../../app-types";
import type { UserRow } from "../../db/schema";
import { AiProviderError } from "../../ai/provider";
import { weekSummaryTemplate, type WeekFacts } from "../../ai/week-summary";
import { QuotaExceeded } from "../../lib/domain-errors";
import { scheduleJob } from "../../jobs/repository";
import { userTimeZone } from "../../lib/time-zone";
import {
  nextWeeklyReviewAt,
  thisWeeksReviewAt,
  WEEKLY_REVIEW_EMAIL_JOB,
} from "../../lib/weekly-review-schedule";
import { weeklyReviewMail } from "../../mail/weekly-review-mail";
import { getUserById } from "../auth/service";
import { aiUsesByMonth, withAiUse } from "../premium/service";
import {
  completionFigures,
  countBySlot,
  countCompletionsByGroup,
  overdueHistograms,
  reviewTasks,
  taskDataVersion,
  type SlotCount,
} from "../tasks";
import { LocalCalendar } from "./local-calendar";
import { selectDailyGoal, selectReviewSummary, upsertReviewSummary } from "./repository";

type Deps = Pick<AppDeps, "db" | "clock" | "config" | "ai">;
type AnalyticsUser = Pick<UserRow, "id" | "timezone">;

const DAY_MS = 86_400_000;
/** The by-tag breakdown lists at most this many tags, the most completed first. */
const BY_TAG_MAX = 20;

// ---------------------------------------------------------------------------------------------
// Counting in local days
// ---------------------------------------------------------------------------------------------

/** The UTC instant a counted slot begins. */
function slotStart(slot: string): string {
  return slot.length === 13 ? `${slot}:00:00.000Z` : `${slot}:00.000Z`;
}

/** Counts per UTC slot summed per local date. */
function countsByDate(slots: readonly SlotCount[], calendar: LocalCalendar): Map<string, number> {
  const byDate = new Map<string, number>();
  for (const { slot, count } of slots) {
    const date = calendar.date(slotStart(slot));
    byDate.set(date, (byDate.get(date) ?? 0) + Number(count));
  }
  return byDate;
}

/**
 * One entry per date of the range, or per week (its Monday) for long ranges; a week that starts
 * before `from` counts only the days from `from` on.
 */
function series(byDate: ReadonlyMap<string, number>, dates: readonly string[], weekly: boolean): DateCount[] {
  if (!weekly) return dates.map((date) => ({ date, count: byDate.get(date) ?? 0 }));
  const weeks = new Map<string, number>();
  for (const date of dates) {
    const week = weekStartOf(date);
    weeks.set(week, (weeks.get(week) ?? 0) + (byDate.get(date) ?? 0));
  }
  return [...weeks].map(([date, count]) => ({ date, count }));
}

/** The instant a counted slot begins, in ms ("" is the slot of everything before the range). */
function slotTime(slot: string): number {
  return slot === "" ? Number.NEGATIVE_INFINITY : Date.parse(slotStart(slot));
}

/** Slot counts as a sorted step function: how many fall in slots beginning before an instant. */
function countBefore(slots: readonly SlotCount[]): (time: number) => number {
  const sorted = slots.map((entry) => ({ time: slotTime(entry.slot), count: Number(entry.count) }));
  sorted.sort((a, b) => a.time - b.time);
  const times = sorted.map((entry) => entry.time);
  const totals: number[] = [];
  let total = 0;
  for (const entry of sorted) totals.push((total += entry.count));
  return (time) => {
    let low = 0;
    let high = times.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((times[middle] as number) < time) low = middle + 1;
      else high = middle;
    }
    return low === 0 ? 0 : (totals[low - 1] as number);
  };
}

/** The median of a histogram of tenths of a day, in days; null when it is empty. */
function medianOf(histogram: ReadonlyArray<{ tenths: number; count: number }>): number | null {
  const sorted = [...histogram].sort((a, b) => a.tenths - b.tenths);
  const total = sorted.reduce((sum, entry) => sum + entry.count, 0);
  if (total === 0) return null;
  // The values at ranks ⌈n/2⌉ and ⌊n/2⌋+1 (1-based): the same one when n is odd.
  const valueAt = (rank: number) => {
    let seen = 0;
    for (const entry of sorted) {
      seen += entry.count;
      if (seen >= rank) return entry.tenths;
    }
    return sorted.at(-1)?.tenths ?? 0;
  };
  const middle = (valueAt(Math.ceil(total / 2)) + valueAt(Math.floor(total / 2) + 1)) / 2;
  return Math.round(middle) / 10;
}

/** The current and longest runs of consecutive days whose completions met the goal. */
function streakOf(
  byDate: ReadonlyMap<string, number>,
  goal: number | null,
  today: string,
): { goal: number | null; current: number; longest: number } {
  if (goal === null) return { goal, current: 0, longest: 0 };
  const met = [...byDate].filter(([, count]) => count >= goal).map(([date]) => date);
  const metDays = new Set(met);
  let longest = 0;
  for (const date of met) {
    if (metDays.has(addDays(date, -1))) continue; // not the first day of a run
    let length = 1;
    while (metDays.has(addDays(date, length))) length += 1;
    longest = Math.max(longest, length);
  }
  // Today still counts towards a streak that reached yesterday.
  let day = metDays.has(today) ? today : addDays(today, -1);
  let current = 0;
  while (metDays.has(day)) {
    current += 1;
    day = addDays(day, -1);
  }
  return { goal, current, longest };
}

function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split("-").map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, "0")}`;
    months.push(key);
    if (key >= last) return months;
    month += 1;
    if (month === 13) {
      month = 1;
      year += 1;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// GET /api/v1/analytics
// ---------------------------------------------------------------------------------------------

export async function getAnalytics(
  deps: Deps,
  user: AnalyticsUser,
  days: AnalyticsRange,
): Promise<Analytics> {
  const { db } = deps;
  const now = deps.clock.now();
  const calendar = new LocalCalendar(userTimeZone(user));
  const to = calendar.date(now.toISOString());
  const from = addDays(to, 1 - days);
  const fromIso = new Date(calendar.startOf(from)).toISOString();
  const toIso = new Date(calendar.startOf(addDays(to, 1))).toISOString();
  const dates = LocalCalendar.datesBetween(from, to);
  const weekly = days >= WEEKLY_BUCKETS_FROM_DAYS;
  const slotLength = calendar.hasWholeHourOffsets(now) ? 13 : 16;

  const goal = await selectDailyGoal(db, user.id);
  const [completedSlots, createdSlots, completions, groups, overdue, aiMonths] = await Promise.all([
    // With a goal, every completion ever: the longest streak looks back beyond the range.
    countBySlot(db, user.id, "completed_at", goal === null ? { fromIso, toIso, slotLength } : { slotLength }),
    countBySlot(db, user.id, "created_at", { fromIso, toIso, slotLength }),
    completionFigures(db, user.id, fromIso, toIso),
    countCompletionsByGroup(db, user.id, fromIso, toIso),
    overdueHistograms(db, user.id, { fromIso, toIso, slotLength }),
    aiUsesByMonth(db, user.id, from.slice(0, 7)),
  ]);
  const priorities = new Map<string, number>();
  const tags = new Map<string, number>();
  const projects = new Map<string | null, number>();
  for (const group of groups) {
    const count = Number(group.count);
    priorities.set(group.priority, (priorities.get(group.priority) ?? 0) + count);
    tags.set(group.tags, (tags.get(group.tags) ?? 0) + count);
    projects.set(group.project_id, (projects.get(group.project_id) ?? 0) + count);
  }

  const completedByDate = countsByDate(completedSlots, calendar);
  const heatmap = Array.from({ length: 7 * 24 }, (_, index) => ({
    weekday: Math.floor(index / 24) + 1,
    hour: index % 24,
    count: 0,
  }));
  for (const { slot, count } of completedSlots) {
    const start = slotStart(slot);
    if (start < fromIso || start >= toIso) continue;
    const moment = calendar.moment(start);
    const cell = heatmap[(moment.weekday - 1) * 24 + moment.hour];
    if (cell) cell.count += Number(count);
  }

  const byPriority = new Map<TaskPriority, number>(TASK_PRIORITIES.map((priority) => [priority, 0]));
  for (const [value, count] of priorities) {
    const priority = TASK_PRIORITIES.includes(value as TaskPriority) ? (value as TaskPriority) : "medium";
    byPriority.set(priority, (byPriority.get(priority) ?? 0) + Number(count));
  }
  const byTag = new Map<string, number>();
  for (const [value, count] of tags) {
    for (const tag of parseTagList(value)) byTag.set(tag, (byTag.get(tag) ?? 0) + Number(count));
  }

  const startedBefore = countBefore(overdue.starts);
  const endedBefore = countBefore(overdue.ends);
  const overdueAt = (time: number) => startedBefore(time) - endedBefore(time);
  const bucketEnds = weekly
    ? [...new Set(dates.map(weekStartOf))].map((monday) => addDays(monday, 6))
    : dates;
  const overdueOpen = bucketEnds.map((last) => {
    const end = Math.min(calendar.startOf(addDays(last, 1)), now.getTime());
    return { date: weekly ? weekStartOf(last) : last, count: overdueAt(end) };
  });

  const aiByMonth = new Map(aiMonths.map((row) => [row.month, Number(row.count)]));
  return {
    from,
    to,
    completed_per_day: series(completedByDate, dates, weekly),
    created_per_day: series(countsByDate(createdSlots, calendar), dates, weekly),
    on_time_rate:
      completions.withDueDate === 0 ? null : Math.round((completions.onTime / completions.withDueDate) * 100),
    overdue_open: overdueOpen,
    // Tasks written by the release before projects, not yet moved to the Inbox, have none.
    by_project: [...projects]
      .map(([projectId, completed]) => ({ project_id: projectId, completed }))
      .sort((a, b) => b.completed - a.completed || String(a.project_id).localeCompare(String(b.project_id))),
    by_tag: [...byTag]
      .sort(([tagA, a], [tagB, b]) => b - a || tagA.localeCompare(tagB))
      .slice(0, BY_TAG_MAX)
      .map(([tag, completed]) => ({ tag, completed })),
    by_priority: [...byPriority].map(([priority, completed]) => ({ priority, completed })),
    heatmap,
    median_days_to_complete: medianOf(completions.tenthsToComplete),
    ai_uses_per_month: monthsBetween(from, to).map((month) => ({ month, count: aiByMonth.get(month) ?? 0 })),
    streak: streakOf(completedByDate, goal, to),
  };
}

function parseTagList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === "string") : [];
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------------------------------------
// GET /api/v1/review
// ---------------------------------------------------------------------------------------------

const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** Earliest due first (none last), then oldest first: the order the review's lists show. */
function byDueDate(a: TaskJson, b: TaskJson): number {
  if (a.due_date !== b.due_date) {
    if (a.due_date === null) return 1;
    if (b.due_date === null) return -1;
    return a.due_date < b.due_date ? -1 : 1;
  }
  return a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0;
}

/** The ISO week the user is in now. */
export function currentWeek(user: Pick<UserRow, "timezone">, now: Date): string {
  return isoWeekOf(new LocalCalendar(userTimeZone(user)).date(now.toISOString()));
}

/** The ISO week before the one the user is in now: what Monday's review looks back on. */
export function previousWeek(user: Pick<UserRow, "timezone">, now: Date): string {
  const today = new LocalCalendar(userTimeZone(user)).date(now.toISOString());
  return isoWeekOf(addDays(today, -7));
}

interface ReviewLists {
  completed: TaskJson[];
  slipped: TaskJson[];
  carriedOver: TaskJson[];
  upcoming: TaskJson[];
  facts: WeekFacts;
}

async function reviewLists(deps: Deps, user: AnalyticsUser, week: string): Promise<ReviewLists> {
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const calendar = new LocalCalendar(userTimeZone(user));
  const monday = isoWeekStart(week);
  const startIso = new Date(calendar.startOf(monday)).toISOString();
  const endIso = new Date(calendar.startOf(addDays(monday, 7))).toISOString();
  const nextEndIso = new Date(calendar.startOf(addDays(monday, 14))).toISOString();
  const rows = await reviewTasks(deps.db, user.id, { startIso, endIso: nextEndIso });

  const completed = rows.completed.filter((row) => row.completed_at !== null && row.completed_at < endIso);
  const slipped: TaskJson[] = [];
  const upcoming: TaskJson[] = [];
  const carriedOver: TaskJson[] = [];
  for (const row of rows.open) {
    const due = row.due_date;
    if (due !== null && due >= startIso && due < endIso && due < nowIso) slipped.push(row);
    else if (due !== null && due >= endIso && due < nextEndIso) upcoming.push(row);
    else if (row.created_at < endIso) carriedOver.push(row);
  }
  for (const list of [completed, slipped, carriedOver, upcoming]) list.sort(byDueDate);

  const perWeekday = new Map<number, number>();
  for (const row of upcoming) {
    const weekday = calendar.moment(row.due_date as string).weekday;
    perWeekday.set(weekday, (perWeekday.get(weekday) ?? 0) + 1);
  }
  const busiest = [...perWeekday].sort(([dayA, a], [dayB, b]) => b - a || dayA - dayB)[0];
  const withDueDate = completed.filter((row) => row.due_date !== null);
  return {
    completed,
    slipped,
    carriedOver,
    upcoming,
    facts: {
      week,
      completed: completed.length,
      completedWithDueDate: withDueDate.length,
      completedOnTime: withDueDate.filter((row) => (row.completed_at as string) <= (row.due_date as string))
        .length,
      slipped: slipped.length,
      carriedOver: carriedOver.length,
      upcoming: upcoming.length,
      busiestDay: busiest ? { weekday: WEEKDAY_NAMES[busiest[0] - 1] as string, count: busiest[1] } : null,
      slippedTitles: slipped.slice(0, 3).map((row) => row.title),
    },
  };
}

/**
 * The review's summary: the template on the built-in engine; with a provider configured, the
 * model's words, one AI use, kept per week until the user's tasks change. When the month's AI
 * uses are spent or the model fails, the template stands in: a review is never refused for it.
 */
async function summaryOf(deps: Deps, user: AnalyticsUser, facts: WeekFacts): Promise<string> {
  if (deps.ai.name === "builtin") return deps.ai.summariseWeek(facts);
  const version = await taskDataVersion(deps.db, user.id);
  const kept = await selectReviewSummary(deps.db, user.id, facts.week);
  if (kept && kept.tasks_version === version) return kept.summary;
  try {
    const { result } = await withAiUse(deps, user, () => deps.ai.summariseWeek(facts));
    await upsertReviewSummary(deps.db, {
      user_id: user.id,
      week: facts.week,
      tasks_version: version,
      summary: result,
      generated_at: deps.clock.now().toISOString(),
    });
    return result;
  } catch (error) {
    if (error instanceof QuotaExceeded || error instanceof AiProviderError) return weekSummaryTemplate(facts);
    throw error;
  }
}

export async function getReview(deps: Deps, user: AnalyticsUser, week: string): Promise<Review> {
  const lists = await reviewLists(deps, user, week);
  return {
    completed: lists.completed,
    slipped: lists.slipped,
    carried_over: lists.carriedOver,
    upcoming: lists.upcoming,
    summary: await summaryOf(deps, user, lists.facts),
  };
}

// ---------------------------------------------------------------------------------------------
// The weekly review e-mail
// ---------------------------------------------------------------------------------------------

/** A review e-mail delivered late (no instance ran on Monday) still goes out within this time. */
const WEEKLY_REVIEW_LATE_MS = 3 * DAY_MS;

/**
 * Runs the user's weekly review job: e-mails last week's review when the user still wants it and
 * this week's Monday 08:00 where they live now has come (and is not days past: a review of a week
 * long gone is not sent), then queues the next Monday. A job that comes due at another time (the
 * user changed their zone) only moves to the right time.
 */
export async function sendWeeklyReview(deps: Deps & Pick<AppDeps, "mailer">, userId: string): Promise<void> {
  const user = await getUserById(deps.db, userId);
  if (!user || user.weekly_review_email !== 1) return;
  const now = deps.clock.now();
  const timeZone = userTimeZone(user);
  const dueAt = thisWeeksReviewAt(timeZone, now);
  const late = now.getTime() - Date.parse(dueAt);
  if (late >= 0 && late < WEEKLY_REVIEW_LATE_MS) {
    const week = previousWeek(user, now);
    const lists = await reviewLists(deps, user, week);
    const summary = await summaryOf(deps, user, lists.facts);
    await deps.mailer.send(
      weeklyReviewMail(
        user.email,
        {
          week,
          summary,
          slipped: lists.slipped.map((row) => row.title),
          upcoming: lists.upcoming.map((row) => row.title),
        },
        deps.config.publicUrl,
      ),
    );
  }
  const runAt = now.getTime() < Date.parse(dueAt) ? dueAt : nextWeeklyReviewAt(timeZone, now);
  await scheduleJob(deps.db, {
    kind: WEEKLY_REVIEW_EMAIL_JOB,
    subject: user.id,
    runAt,
    nowIso: now.toISOString(),
  });
}
