import { isOpenStatus, isOverdue, type Task, type TaskPriority, type TaskStatus } from "@contract/tasks";
import { dayFromToday, localDay } from "@/lib/due-dates";

export const TASK_VIEWS = ["all", "today", "upcoming", "assigned"] as const;
export type TaskView = (typeof TASK_VIEWS)[number];
export const TASK_VIEW_LABELS: Record<TaskView, string> = {
  all: "All",
  today: "Today",
  upcoming: "Upcoming",
  assigned: "Assigned to me",
};

/**
 * The tasks that are this user's to do (what "Today" shows, as the server's plan and figures
 * count): those assigned to them, and those assigned to nobody in their own projects; not the
 * unassigned tasks of projects others share with them, nor those given to another member.
 */
export function theirsToDo(
  tasks: readonly Task[],
  userId: string | undefined,
  sharedWithMe: ReadonlySet<string>,
): readonly Task[] {
  return tasks.filter((task) =>
    task.assignee_id === null ? !sharedWithMe.has(task.project_id) : task.assignee_id === userId,
  );
}

/** "Assigned to me": the tasks of shared projects given to this user. */
export function assignedTo(tasks: readonly Task[], userId: string | undefined): readonly Task[] {
  return userId === undefined ? [] : tasks.filter((task) => task.assignee_id === userId);
}

/** How the tasks are laid out: a list, or a board with one column per status. */
export const TASK_LAYOUTS = ["list", "board"] as const;
export type TaskLayout = (typeof TASK_LAYOUTS)[number];
export const TASK_LAYOUT_LABELS: Record<TaskLayout, string> = { list: "List", board: "Board" };

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
  /** Project ids; none: every project. */
  projects?: readonly string[];
}

/**
 * The tasks matching every chosen chip: within a group (say two statuses) any may match, across
 * groups all must. No chip in a group means no restriction; "Hide completed" drops completed ones.
 */
export function filterTasks(tasks: readonly Task[], choice: TaskFilterChoice): readonly Task[] {
  const projects = choice.projects ?? [];
  const chosen =
    choice.statuses.length + choice.priorities.length + choice.tags.length + projects.length > 0 ||
    choice.hideCompleted;
  if (!chosen) return tasks;
  return tasks.filter(
    (task) =>
      (choice.statuses.length === 0 || choice.statuses.includes(task.status)) &&
      (choice.priorities.length === 0 || choice.priorities.includes(task.priority)) &&
      (choice.tags.length === 0 || choice.tags.some((tag) => task.tags.includes(tag))) &&
      (projects.length === 0 || projects.includes(task.project_id)) &&
      !(choice.hideCompleted && task.status === "completed"),
  );
}

const PRIORITY_RANK: Record<TaskPriority, number> = { urgent: 0, high: 1, medium: 2, low: 3 };
const time = (iso: string | null | undefined) => (iso ? Date.parse(iso) : Number.NaN);

interface SortKeys {
  task: Task;
  due: number;
  created: number;
}

const byDue = (a: SortKeys, b: SortKeys) => {
  if (Number.isNaN(a.due) || Number.isNaN(b.due))
    return Number(Number.isNaN(a.due)) - Number(Number.isNaN(b.due));
  return a.due - b.due;
};
const COMPARE: Record<TaskSort, (a: SortKeys, b: SortKeys) => number> = {
  due: byDue,
  priority: (a, b) => PRIORITY_RANK[a.task.priority] - PRIORITY_RANK[b.task.priority] || byDue(a, b),
  created: (a, b) => (b.created || 0) - (a.created || 0),
};

/**
 * By due date (soonest first, undated last), by priority (urgent first) or newest first; stable.
 * Each date is read once, not in every comparison (5,000 tasks take some 60,000 comparisons).
 */
export function sortTasks(tasks: readonly Task[], sort: TaskSort): Task[] {
  return tasks
    .map((task) => ({ task, due: time(task.due_date), created: time(task.created_at) }))
    .sort(COMPARE[sort])
    .map((keys) => keys.task);
}

let today: { timeZone: string; minute: number; day: string } | undefined;

/**
 * Today's date in the zone, worked out once a minute rather than for every card (formatting the
 * current instant in a zone is not cached, and each card on screen asks). A day starts on a minute.
 */
function localToday(timeZone: string, now: Date): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (today?.timeZone !== timeZone || today.minute !== minute) {
    today = { timeZone, minute, day: localDay(now, timeZone) };
  }
  return today.day;
}

/** Due today in the user's zone. */
export function isDueToday(task: Task, timeZone: string, now = new Date()): boolean {
  return task.due_date !== null && localDay(task.due_date, timeZone) === localToday(timeZone, now);
}

/** "Today": open tasks that are overdue or due today. */
export function todayTasks(tasks: readonly Task[], timeZone: string, now = new Date()): Task[] {
  return tasks.filter(
    (task) => isOpenStatus(task.status) && (isOverdue(task, now) || isDueToday(task, timeZone, now)),
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
    if (!isOpenStatus(task.status) || task.due_date === null) continue;
    const day = localDay(task.due_date, timeZone);
    if (day < first || day > last) continue;
    groups.set(day, [...(groups.get(day) ?? []), task]);
  }
  return [...groups.entries()]
    .sort(([left], [right]) => left.localeCompare(right))
    .map(([day, dayTasks]) => ({ day, tasks: dayTasks }));
}
