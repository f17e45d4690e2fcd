import type { Task } from "@contract/tasks";
import {
  DndContext,
  DragOverlay,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from "@dnd-kit/core";
import { useState } from "react";
import type { ScheduleChange } from "@/api/tasks/task-mutations";
import { clampDuration, instantAt, snapMinute, type GridDay } from "../lib/calendar-grid";
import type { CalendarLayout } from "../lib/calendar-items";
import { SideTaskList } from "./side-task-list";
import { PX_PER_MINUTE, TimeGrid, type DayColumnData, type DragData } from "./time-grid";
import { usePointerY } from "./use-pointer-y";

/**
 * The change a drop asks for: a resized block keeps its start, a moved or placed one starts where
 * its top edge was dropped. Null when nothing changes or it was not dropped on a day.
 */
function scheduleChangeOf(
  { active, over, delta, activatorEvent }: DragEndEvent,
  timeZone: string,
  releasedAt: number | undefined,
): ScheduleChange | null {
  const data = active.data.current as DragData | undefined;
  if (!data) return null;
  if (data.kind === "resize") {
    const duration = clampDuration(data.durationMinutes + delta.y / PX_PER_MINUTE);
    if (duration === data.durationMinutes) return null;
    return { task: data.task, scheduled_start: data.task.scheduled_start, duration_minutes: duration };
  }
  const column = over?.data.current as DayColumnData | undefined;
  const element = column && document.getElementById(over!.id as string);
  if (
    !column ||
    !element ||
    !(activatorEvent instanceof PointerEvent || activatorEvent instanceof MouseEvent)
  )
    return null;
  // Where the pointer is now within the day column (its box, measured now, moves with scrolling),
  // less where it held the block: the block's new top edge.
  const releasedY = releasedAt ?? activatorEvent.clientY + delta.y;
  const grabbed = data.kind === "move" ? activatorEvent.clientY - active.rect.current.initial!.top : 0;
  const minute = snapMinute((releasedY - grabbed - element.getBoundingClientRect().top) / PX_PER_MINUTE);
  const start = new Date(instantAt(column.date, minute, timeZone)).toISOString();
  if (start === data.task.scheduled_start) return null;
  return {
    task: data.task,
    scheduled_start: start,
    duration_minutes: data.task.duration_minutes ?? data.durationMinutes,
  };
}

interface CalendarBoardProps {
  days: readonly GridDay[];
  layout: CalendarLayout;
  headings: readonly string[];
  today: string;
  /** The minute of the day it is now, where today's column shows a line. */
  nowMinute: number;
  firstMinute: number;
  timeZone: string;
  defaultDuration: number | undefined;
  onSchedule(task: Task): void;
  onUnschedule(task: Task): void;
  /** A task dropped on the grid, moved or resized there. */
  onDrop(change: ScheduleChange): void;
}

/** The unscheduled tasks beside the time grid; tasks are dragged from the list onto a time and about the grid. */
export function CalendarBoard({ layout, defaultDuration, timeZone, onDrop, ...grid }: CalendarBoardProps) {
  const [dragging, setDragging] = useState<DragData | null>(null);
  const pointerY = usePointerY(dragging !== null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  const onDragStart = (event: DragStartEvent) => setDragging((event.active.data.current as DragData) ?? null);
  const onDragEnd = (event: DragEndEvent) => {
    const releasedAt = pointerY.current;
    setDragging(null);
    const change = scheduleChangeOf(event, timeZone, releasedAt);
    if (change) onDrop(change);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
      autoScroll={false}
    >
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-[16rem_minmax(0,1fr)]">
        <SideTaskList
          tasks={layout.unscheduled}
          defaultDuration={defaultDuration}
          onSchedule={grid.onSchedule}
          onUnschedule={grid.onUnschedule}
        />
        <TimeGrid {...grid} columns={layout.columns} allDay={layout.allDay} timeZone={timeZone} />
      </div>
      <DragOverlay dropAnimation={null}>
        {dragging?.kind === "place" && (
          <div className="rounded border border-primary bg-sky-100 px-2 py-1 text-xs font-medium text-sky-950 shadow-lg dark:bg-sky-900 dark:text-sky-50">
            {dragging.task.title}
          </div>
        )}
      </DragOverlay>
    </DndContext>
  );
}
