import type { Task, TaskPriority, TaskStatus } from "@contract/tasks";
import { dayFromToday, localDay } from "@/lib/due-dates";

export const TASK_VIEWS = ["all", "today", "upcoming"] as const;
export type TaskView = (typeof TASK_VIEWS)[number];
export const TASK_VIEW_LABELS: Record<TaskView, string> = {
  all: "All",
  today: "Today",
  upcoming: "Upcoming",
};

export const TASK_SORTS = ["due", "priority", "created"] as const;
export type TaskSort = (typeof TASK_SORTS)[number];
export const TASK_SORT_LABELS: Record<TaskSort, string> = {
  due: "Due date",
  priority: "Priority",
  created: "Newest first",
};

/** The days "Upcoming" covers after today. */
export const UPCOMING_DAYS = 7;

export interface TaskFilterChoice {
  statuses: readonly TaskStatus[];
  priorities: readonly TaskPriority[];
  tags: readonly string[];
  hideCompleted: boolean;
}

/** Open work: neither completed nor cancelled. */
function isOpen(task: Task): boolean {
  return task.status !== "completed" && task.status !== "cancelled";
}

/**
 * The tasks matching every chosen chip: within a group (say two statuses) any may match, across
 * groups all must. No chip in a group means no restriction; "Hide completed" drops completed ones.
 */
export function filterTasks(tasks: readonly Task[], choice: TaskFilterChoice): Task[] {
  return tasks.filter(
    (task) =>
      (choice.statuses.length === 0 || choice.statuses.includes(task.status)) &&
      (choice.priorities.length === 0 || choice.priorities.includes(task.priority)) &&
      (choice.tags.length === 0 || choice.tags.some((tag) => task.tags.includes(tag))) &&
      !(choice.hideCompleted && task.status === "completed"),
  );
}

const PRIORITY_RANK: Record<TaskPriority, number> = { urgent: 0, high: 1, medium: 2, low: 3 };
const time = (iso: string | null | undefined) => (iso ? Date.parse(iso) : Number.NaN);

/** By due date (soonest first, undated last), by priority (urgent first) or newest first; stable. */
export function sortTasks(tasks: readonly Task[], sort: TaskSort): Task[] {
  const byDue = (a: Task, b: Task) => {
    const [left, right] = [time(a.due_date), time(b.due_date)];
    if (Number.isNaN(left) || Number.isNaN(right))
      return Number(Number.isNaN(left)) - Number(Number.isNaN(right));
    return left - right;
  };
  const compare: Record<TaskSort, (a: Task, b: Task) => number> = {
    due: byDue,
    priority: (a, b) => PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] || byDue(a, b),
    created: (a, b) => (time(b.created_at) || 0) - (time(a.created_at) || 0),
  };
  return [...tasks].sort(compare[sort]);
}

/** Due today in the user's zone. */
export function isDueToday(task: Task, timeZone: string, now = new Date()): boolean {
  return task.due_date !== null && localDay(task.due_date, timeZone) === localDay(now, timeZone);
}

/** "Today": open tasks that are overdue or due today. */
export function todayTasks(tasks: readonly Task[], timeZone: string, now = new Date()): Task[] {
  const today = localDay(now, timeZone);
  return tasks.filter(
    (task) => isOpen(task) && task.due_date !== null && localDay(task.due_date, timeZone) <= today,
  );
}

export interface DayGroup {
  /** "2026-11-24" */
  day: string;
  tasks: Task[];
}

/** "Upcoming": open tasks due in the next 7 days after today, grouped by day in date order. */
export function upcomingGroups(tasks: readonly Task[], timeZone: string, now = new Date()): DayGroup[] {
  const first = dayFromToday(1, timeZone, now);
  const last = dayFromToday(UPCOMING_DAYS, timeZone, now);
  const groups = new Map<string, Task[]>();
  for (const task of tasks) {
    if (!isOpen(task) || task.due_date === null) continue;
    const day = localDay(task.due_date, timeZone);
    if (day < first || day > last) continue;
    groups.set(day, [...(groups.get(day) ?? []), task]);
  }
  return [...groups.entries()]
    .sort(([left], [right]) => left.localeCompare(right))
    .map(([day, dayTasks]) => ({ day, tasks: dayTasks }));
}
