import { isOpenStatus, type Task } from "@contract/tasks";
import type { CalendarEvent, Calendar } from "@/api/calendars/calendar-queries";
import type { DayProposal } from "@/api/plan/plan-mutations";
import type { EventItem, GridItem, TaskItem } from "../components/time-grid";
import { layoutItems, taskDuration, type GridDay, type PlacedItem } from "./calendar-grid";

/** What the grid shows, worked out once per set of data: placed parts per day, all-day titles per day. */
export interface CalendarLayout {
  columns: PlacedItem<GridItem>[][];
  allDay: string[][];
  /** Open tasks with no start: the side list. */
  unscheduled: Task[];
}

interface LayoutInput {
  days: readonly GridDay[];
  timeZone: string;
  tasks: readonly Task[];
  events: readonly CalendarEvent[];
  calendars: readonly Calendar[];
  defaultDuration: number | null | undefined;
  /** The proposal under review, drawn dashed. */
  proposal?: { plan: DayProposal } | null;
}

/**
 * Events and open scheduled tasks of the days shown, placed; open tasks without a start for the
 * side list. One pass over the tasks and one over the events.
 */
export function calendarLayout({
  days,
  timeZone,
  tasks,
  events,
  calendars,
  defaultDuration,
  proposal,
}: LayoutInput): CalendarLayout {
  const names = new Map(calendars.map((calendar) => [calendar.id, calendar.name]));
  const timed: GridItem[] = [];
  const allDay: string[][] = days.map(() => []);
  events.forEach((event, index) => {
    if (event.all_day) {
      // An all-day event is whole days in UTC: from its start day up to, not including, its end day.
      const first = event.start.slice(0, 10);
      const last = event.end.slice(0, 10);
      days.forEach((day, dayIndex) => {
        if (day.date >= first && (day.date < last || (first === last && day.date === first)))
          allDay[dayIndex]?.push(event.title);
      });
      return;
    }
    timed.push({
      key: `event-${index}`,
      kind: "event",
      title: event.title,
      startMs: Date.parse(event.start),
      endMs: Date.parse(event.end),
      calendarName: names.get(event.calendar_id) ?? "Calendar",
    } satisfies EventItem);
  });

  const unscheduled: Task[] = [];
  const byId = new Map<string, Task>();
  for (const task of tasks) {
    byId.set(task.id, task);
    if (!isOpenStatus(task.status)) continue;
    if (!task.scheduled_start) {
      unscheduled.push(task);
      continue;
    }
    const startMs = Date.parse(task.scheduled_start);
    const durationMinutes = taskDuration(task.duration_minutes, defaultDuration);
    timed.push({
      key: task.id,
      kind: "task",
      title: task.title,
      startMs,
      endMs: startMs + durationMinutes * 60_000,
      task,
      durationMinutes,
    } satisfies TaskItem);
  }
  for (const block of proposal?.plan.blocks ?? []) {
    const task = byId.get(block.task_id);
    if (!task) continue;
    const startMs = Date.parse(block.start);
    const endMs = Date.parse(block.end);
    timed.push({
      key: `proposed-${block.task_id}`,
      kind: "task",
      title: task.title,
      startMs,
      endMs,
      task,
      durationMinutes: Math.round((endMs - startMs) / 60_000),
      proposed: true,
    } satisfies TaskItem);
  }

  const columns: PlacedItem<GridItem>[][] = days.map(() => []);
  for (const part of layoutItems(days, timed, timeZone)) columns[part.dayIndex]?.push(part);
  return { columns, allDay, unscheduled };
}
