import type { Task } from "@contract/tasks";
import { useDraggable, useDroppable } from "@dnd-kit/core";
import { memo, useLayoutEffect, useRef, type CSSProperties, type ReactNode } from "react";
import { useReadOnlyProjectIds } from "@/api/projects/project-queries";
import { cn } from "@/lib/cn";
import { formatDate, formatMinuteOfDay } from "@/lib/date-format";
import { MINUTES_PER_DAY, type GridDay, type PlacedItem, type TimedItem } from "../lib/calendar-grid";
import { TaskMenu } from "./task-menu";

/** One minute is one pixel tall: an hour is 60 px, the day 1,440 px in its scrolling box. */
export const PX_PER_MINUTE = 1;

/** A scheduled task on the grid, or a block of the proposal under review (dashed, not draggable). */
export interface TaskItem extends TimedItem {
  kind: "task";
  task: Task;
  durationMinutes: number;
  proposed?: boolean;
}
export interface EventItem extends TimedItem {
  kind: "event";
  calendarName: string;
}
export type GridItem = TaskItem | EventItem;

/** What a drag carries: a block to move or resize, or a task from the side list to place. */
export type DragData =
  | { kind: "move"; task: Task; durationMinutes: number; top: number }
  | { kind: "resize"; task: Task; durationMinutes: number; top: number }
  | { kind: "place"; task: Task; durationMinutes: number };

export interface DayColumnData {
  date: string;
}

export const dayColumnId = (date: string) => `calendar-day-${date}`;

interface TimeGridProps {
  days: readonly GridDay[];
  /** The placed parts, one list per day column (computed once per data). */
  columns: readonly PlacedItem<GridItem>[][];
  /** All-day events' titles, one list per day column. */
  allDay: readonly string[][];
  /** Column headings ("Mon 30"), one per day. */
  headings: readonly string[];
  today: string;
  /** The minute of the day it is now: today's column has a line there. */
  nowMinute: number;
  /** Where the box scrolls to first when today is not shown: the start of the working hours. */
  firstMinute: number;
  timeZone: string;
  onSchedule(task: Task): void;
  onUnschedule(task: Task): void;
}

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/**
 * The day or week grid. Hour lines are the columns' background; every event and block is one
 * absolutely placed element whose position was computed before rendering.
 */
export function TimeGrid({
  days,
  columns,
  allDay,
  headings,
  today,
  nowMinute,
  firstMinute,
  timeZone,
  onSchedule,
  onUnschedule,
}: TimeGridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const showsToday = days.some((day) => day.date === today);
  // Opens at the hour before now when today is shown, else where the working hours start.
  const openAt = showsToday ? nowMinute - 60 : firstMinute - 30;
  useLayoutEffect(() => {
    if (scroller.current) scroller.current.scrollTop = Math.max(0, openAt) * PX_PER_MINUTE;
    // Only when the shown days change: the line moving with the clock does not scroll the grid.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [showsToday, firstMinute, days[0]?.date]);
  const template = { gridTemplateColumns: `3.5rem repeat(${days.length}, minmax(0, 1fr))` } as CSSProperties;
  const hasAllDay = allDay.some((titles) => titles.length > 0);
  return (
    <div className="flex min-h-0 flex-col rounded-lg border bg-card">
      <div className="grid border-b" style={template}>
        <div aria-hidden />
        {days.map((day, index) => (
          <div
            key={day.date}
            className={cn(
              "border-l px-1 py-2 text-center text-xs font-medium sm:text-sm",
              day.date === today && "text-primary",
            )}
          >
            {headings[index]}
          </div>
        ))}
      </div>
      {hasAllDay && (
        <div className="grid border-b" style={template}>
          <div className="px-1 py-1 text-[11px] text-muted-foreground">All day</div>
          {days.map((day, index) => (
            <ul
              key={day.date}
              className="space-y-0.5 border-l p-0.5"
              aria-label={`All day, ${headings[index]}`}
            >
              {allDay[index]?.map((title, position) => (
                <li key={position} className="truncate rounded bg-muted px-1 text-xs text-muted-foreground">
                  {title}
                </li>
              ))}
            </ul>
          ))}
        </div>
      )}
      <div
        ref={scroller}
        className="max-h-[70vh] overflow-y-auto"
        tabIndex={0}
        role="region"
        aria-label="Time grid"
      >
        <div className="grid" style={{ ...template, height: MINUTES_PER_DAY * PX_PER_MINUTE }}>
          <div className="relative" aria-hidden>
            {HOURS.map((hour) => (
              <span
                key={hour}
                className="absolute right-1 -translate-y-1/2 text-[11px] text-muted-foreground"
                style={{ top: hour * 60 * PX_PER_MINUTE }}
              >
                {hour === 0 ? "" : formatMinuteOfDay(hour * 60)}
              </span>
            ))}
          </div>
          {days.map((day, index) => (
            <DayColumn key={day.date} date={day.date} label={headings[index] ?? day.date}>
              {day.date === today && <NowLine minute={nowMinute} />}
              {columns[index]?.map((part) =>
                part.item.kind === "event" ? (
                  <EventBlock key={part.item.key} part={part as PlacedItem<EventItem>} />
                ) : (
                  <TaskBlock
                    key={part.item.key}
                    part={part as PlacedItem<TaskItem>}
                    timeZone={timeZone}
                    onSchedule={onSchedule}
                    onUnschedule={onUnschedule}
                  />
                ),
              )}
            </DayColumn>
          ))}
        </div>
      </div>
    </div>
  );
}

/** A line across today's column at the time it is now. */
function NowLine({ minute }: { minute: number }) {
  return (
    <li
      data-now-line
      className="pointer-events-none absolute inset-x-0 z-10 border-t-2 border-red-500"
      style={{ top: minute * PX_PER_MINUTE }}
    >
      <span className="absolute -left-1 -top-[5px] size-2 rounded-full bg-red-500" aria-hidden />
      <span className="sr-only">{`Now, ${formatMinuteOfDay(minute)}`}</span>
    </li>
  );
}

/** The hour lines: one background for the whole column, not one element per slot. */
const HOUR_LINES: CSSProperties = {
  backgroundImage: `repeating-linear-gradient(to bottom, var(--color-border, hsl(214 32% 91%)) 0, var(--color-border, hsl(214 32% 91%)) 1px, transparent 1px, transparent ${60 * PX_PER_MINUTE}px)`,
};

function DayColumn({ date, label, children }: { date: string; label: string; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({
    id: dayColumnId(date),
    data: { date } satisfies DayColumnData,
  });
  return (
    <ul
      ref={setNodeRef}
      id={dayColumnId(date)}
      aria-label={label}
      className={cn("relative border-l", isOver && "bg-primary/5")}
      style={HOUR_LINES}
    >
      {children}
    </ul>
  );
}

function placement(part: PlacedItem): CSSProperties {
  const width = 100 / part.lanes;
  return {
    top: part.top * PX_PER_MINUTE,
    height: part.height * PX_PER_MINUTE,
    left: `calc(${part.lane * width}% + 1px)`,
    width: `calc(${width}% - 3px)`,
  };
}

/** "10:00–10:45" in the zone, on the user's clock. */
function timeRange(item: TimedItem, timeZone: string): string {
  const at = (ms: number) => formatDate(new Date(ms).toISOString(), timeZone, "time");
  return `${at(item.startMs)}–${at(item.endMs)}`;
}

const EventBlock = memo(function EventBlock({ part }: { part: PlacedItem<EventItem> }) {
  return (
    <li
      className="absolute overflow-hidden rounded border border-slate-300 bg-slate-100 px-1 text-[11px] leading-tight text-slate-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200"
      style={placement(part)}
      title={`${part.item.title} (${part.item.calendarName})`}
    >
      <span className="sr-only">Event: </span>
      {part.item.title}
    </li>
  );
});

interface TaskBlockProps {
  part: PlacedItem<TaskItem>;
  timeZone: string;
  onSchedule(task: Task): void;
  onUnschedule(task: Task): void;
}

const TaskBlock = memo(function TaskBlock({ part, timeZone, onSchedule, onUnschedule }: TaskBlockProps) {
  const { item } = part;
  if (item.proposed) {
    return (
      <li
        className="absolute overflow-hidden rounded border-2 border-dashed border-primary bg-background/80 px-1 text-[11px] leading-tight text-foreground"
        style={placement(part)}
      >
        <span className="sr-only">Proposed: </span>
        {item.title}
      </li>
    );
  }
  return <DraggableTaskBlock {...{ part, timeZone, onSchedule, onUnschedule }} />;
});

/**
 * A block shorter than this has no resize handle: on it the handle would be half the block, and
 * grabbing it to move it would resize it instead. Its length is set with "Schedule…".
 */
const RESIZABLE_MINUTES = 30;

function DraggableTaskBlock({ part, timeZone, onSchedule, onUnschedule }: TaskBlockProps) {
  const { item } = part;
  // A viewer's task of a shared project is shown where it is, and not moved, resized or rescheduled.
  const readOnly = useReadOnlyProjectIds().has(item.task.project_id);
  const {
    setNodeRef: setMoveNode,
    listeners: moveListeners,
    transform: moveTransform,
    isDragging: moving,
  } = useDraggable({
    id: `move:${item.key}`,
    data: {
      kind: "move",
      task: item.task,
      durationMinutes: item.durationMinutes,
      top: part.top,
    } satisfies DragData,
    disabled: readOnly,
  });
  const {
    setNodeRef: setResizeNode,
    listeners: resizeListeners,
    transform: resizeTransform,
    isDragging: resizing,
  } = useDraggable({
    id: `resize:${item.key}`,
    data: {
      kind: "resize",
      task: item.task,
      durationMinutes: item.durationMinutes,
      top: part.top,
    } satisfies DragData,
    disabled: readOnly,
  });
  const style = placement(part);
  if (moveTransform) style.transform = `translate3d(${moveTransform.x}px, ${moveTransform.y}px, 0)`;
  if (resizeTransform) {
    style.height = Math.max(15, part.height + resizeTransform.y / PX_PER_MINUTE) * PX_PER_MINUTE;
  }
  const dragging = moving || resizing;
  // Time set aside that ends after the task is due is marked, not refused: the user decides.
  const afterDue = item.task.due_date !== null && item.endMs > Date.parse(item.task.due_date);
  return (
    <li
      ref={setMoveNode}
      data-task-block={item.task.id}
      data-after-due={afterDue || undefined}
      title={afterDue ? "Ends after the task is due" : undefined}
      className={cn(
        "group absolute flex touch-none flex-col overflow-hidden rounded border border-primary/60 bg-sky-100 text-[11px] leading-tight text-sky-950 dark:bg-sky-900 dark:text-sky-50",
        afterDue && "border-2 border-destructive",
        dragging && "z-10 opacity-90 shadow-lg",
      )}
      style={style}
    >
      <div className="flex min-h-0 flex-1 cursor-grab items-start gap-0.5 px-1" {...moveListeners}>
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">
            {afterDue && <span className="text-destructive">After due · </span>}
            {item.title}
          </p>
          {part.height >= 30 && <p>{timeRange(item, timeZone)}</p>}
        </div>
        {!readOnly && (
          <TaskMenu task={item.task} scheduled onSchedule={onSchedule} onUnschedule={onUnschedule} compact />
        )}
      </div>
      {!readOnly && part.endsHere && part.height >= RESIZABLE_MINUTES && (
        <div
          ref={setResizeNode}
          data-resize-handle
          aria-hidden
          className="h-1.5 shrink-0 cursor-ns-resize bg-primary/40 opacity-60 group-hover:opacity-100"
          {...resizeListeners}
        />
      )}
    </li>
  );
}
