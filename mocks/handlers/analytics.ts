import {
  addDays,
  analyticsQuerySchema,
  isoWeekStart,
  weekStartOf,
  type Analytics,
  type Review,
} from "@contract/analytics";
import { apiRoutes } from "@contract/routes";
import { TASK_PRIORITIES } from "@contract/tasks";
import { http, HttpResponse } from "msw";
import { isOpen, taskStore } from "./tasks";

/**
 * A fake of GET /api/v1/analytics and GET /api/v1/review over the fake task store, counted in UTC
 * days; enough for the screens' tests (the server's own tests check the arithmetic).
 */

let dailyGoal: number | null = null;

export const analyticsStore = {
  /** The goal the fake's streak is counted against (default: none). */
  setDailyGoal(goal: number | null): void {
    dailyGoal = goal;
  },
};

const unauthorised = () => HttpResponse.json({ message: "Not authenticated" }, { status: 401 });

function fakeAnalytics(days: number, now: Date): Analytics {
  const to = now.toISOString().slice(0, 10);
  const from = addDays(to, 1 - days);
  const weekly = days >= 90;
  const tasks = taskStore.all();
  const inRange = (iso: string | null) => iso !== null && iso.slice(0, 10) >= from && iso.slice(0, 10) <= to;
  const completed = tasks.filter((task) => inRange(task.completed_at));
  const bucket = (date: string) => (weekly ? weekStartOf(date) : date);
  const series = (dates: Array<string | null>) => {
    const counts = new Map<string, number>();
    for (let date = from; date <= to; date = addDays(date, 1))
      counts.set(bucket(date), counts.get(bucket(date)) ?? 0);
    for (const iso of dates)
      if (inRange(iso))
        counts.set(bucket(iso!.slice(0, 10)), (counts.get(bucket(iso!.slice(0, 10))) ?? 0) + 1);
    return [...counts].map(([date, count]) => ({ date, count }));
  };
  const completedPerDay = series(completed.map((task) => task.completed_at));
  return {
    from,
    to,
    completed_per_day: completedPerDay,
    created_per_day: series(tasks.map((task) => task.created_at)),
    on_time_rate: null,
    overdue_open: completedPerDay.map(({ date }) => ({ date, count: 0 })),
    by_project: completed.length > 0 ? [{ project_id: null, completed: completed.length }] : [],
    by_tag: [],
    by_priority: TASK_PRIORITIES.map((priority) => ({
      priority,
      completed: completed.filter((task) => task.priority === priority).length,
    })),
    heatmap: Array.from({ length: 168 }, (_, index) => ({
      weekday: Math.floor(index / 24) + 1,
      hour: index % 24,
      count: 0,
    })),
    median_days_to_complete: null,
    ai_uses_per_month: [{ month: to.slice(0, 7), count: 0 }],
    streak: {
      goal: dailyGoal,
      current: dailyGoal !== null && (completedPerDay.at(-1)?.count ?? 0) >= dailyGoal ? 1 : 0,
      longest: 0,
    },
  };
}

function fakeReview(week: string, now: Date): Review {
  const start = isoWeekStart(week);
  const end = addDays(start, 7);
  const nextEnd = addDays(start, 14);
  const tasks = taskStore.all();
  const open = tasks.filter(isOpen);
  const day = (iso: string) => iso.slice(0, 10);
  const slipped = open.filter(
    (task) =>
      task.due_date &&
      day(task.due_date) >= start &&
      day(task.due_date) < end &&
      task.due_date < now.toISOString(),
  );
  const upcoming = open.filter(
    (task) => task.due_date && day(task.due_date) >= end && day(task.due_date) < nextEnd,
  );
  return {
    completed: tasks.filter(
      (task) => task.completed_at && day(task.completed_at) >= start && day(task.completed_at) < end,
    ),
    slipped,
    carried_over: open.filter((task) => !slipped.includes(task) && !upcoming.includes(task)),
    upcoming,
    summary: `In week ${week.slice(-2)} you completed some tasks.`,
  };
}

export const analyticsHandlers = [
  http.get(apiRoutes.analytics.path, ({ request }) => {
    if (!request.headers.get("Authorization")?.startsWith("Bearer ")) return unauthorised();
    const url = new URL(request.url);
    const query = analyticsQuerySchema.safeParse(Object.fromEntries(url.searchParams));
    if (!query.success)
      return HttpResponse.json({ message: "days must be 7, 30, 90 or 365" }, { status: 400 });
    return HttpResponse.json(fakeAnalytics(query.data.days, new Date()));
  }),
  http.get(apiRoutes.review.path, ({ request }) => {
    if (!request.headers.get("Authorization")?.startsWith("Bearer ")) return unauthorised();
    const week = new URL(request.url).searchParams.get("week") ?? "2026-W47";
    return HttpResponse.json(fakeReview(week, new Date()));
  }),
];
