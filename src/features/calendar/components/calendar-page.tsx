import type { Task } from "@contract/tasks";
import { DEFAULT_TIME_ZONE } from "@contract/common";
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
import { useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { lazy, Suspense, useCallback, useMemo, useState, useSyncExternalStore } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { localDay } from "@/lib/due-dates";
import { formatLocalDate } from "@/lib/time-zones";
import { useSessionStore } from "@/stores/session-store";
import { useDayPlanStore } from "@/stores/day-plan-store";
import { calendarQueries } from "@/api/calendars/calendar-queries";
import { useScheduleTask } from "@/api/tasks/task-mutations";
import { taskQueries } from "@/api/tasks/task-queries";
import {
  addDaysTo,
  clampDuration,
  gridDays,
  instantAt,
  parseMinute,
  snapMinute,
  taskDuration,
  type CalendarView,
} from "../lib/calendar-grid";
import { calendarLayout } from "../lib/calendar-items";
import { PlanMyDayButton, PlanPanel } from "./plan-panel";
import type { ScheduleChoice } from "./schedule-dialog";
import { SideTaskList } from "./side-task-list";
import { PX_PER_MINUTE, TimeGrid, type DayColumnData, type DragData } from "./time-grid";
import { usePointerY } from "./use-pointer-y";

/** The Schedule… dialog downloads when it is first wanted, not with the screen. */
const ScheduleDialog = lazy(() =>
  import("./schedule-dialog").then((module) => ({ default: module.ScheduleDialog })),
);

const WIDE_QUERY = "(min-width: 768px)";

function subscribeWide(onChange: () => void): () => void {
  if (typeof window.matchMedia !== "function") return () => undefined;
  const query = window.matchMedia(WIDE_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** A phone (under 768 px) shows the day view only. */
function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribeWide,
    () => typeof window.matchMedia !== "function" || window.matchMedia(WIDE_QUERY).matches,
  );
}

/**
 * /calendar: the day or week with the user's calendar events (grey) and scheduled tasks (in
 * colour), the open tasks not yet scheduled beside it, and "Plan my day". Tasks are placed by
 * dragging (from the list onto a time, a block to another time, a block's bottom edge to change
 * its length) or by keyboard through each task's "Schedule…".
 */
export function CalendarPage() {
  const user = useSessionStore((state) => state.user);
  const timeZone = user?.timezone ?? DEFAULT_TIME_ZONE;
  const defaultDuration = user?.default_duration_minutes;
  const workStart = parseMinute(user?.working_hours.start ?? "09:00") ?? 540;
  const today = localDay(new Date(), timeZone);
  const [anchor, setAnchor] = useState(today);
  const [chosenView, setView] = useState<CalendarView>("week");
  const wide = useWideScreen();
  const view: CalendarView = wide ? chosenView : "day";

  const days = useMemo(() => gridDays(view, anchor, timeZone), [view, anchor, timeZone]);
  const from = new Date(days[0]!.startMs).toISOString();
  const to = new Date(days[days.length - 1]!.endMs).toISOString();
  const events = useQuery(calendarQueries.events(from, to));
  const calendars = useQuery(calendarQueries.list());
  const tasks = useQuery(taskQueries.current());
  const proposal = useDayPlanStore((state) => state.proposal);

  const layout = useMemo(
    () =>
      calendarLayout({
        days,
        timeZone,
        tasks: tasks.data ?? [],
        events: events.data ?? [],
        calendars: calendars.data ?? [],
        defaultDuration,
        proposal,
      }),
    [days, timeZone, tasks.data, events.data, calendars.data, defaultDuration, proposal],
  );
  const headings = useMemo(
    () =>
      days.map((day) =>
        formatLocalDate(new Date(day.startMs + 12 * 3_600_000).toISOString(), timeZone, "EEE d"),
      ),
    [days, timeZone],
  );

  const schedule = useScheduleTask();
  const [scheduling, setScheduling] = useState<Task | null>(null);
  // Once opened, the dialog stays mounted: closing animates and hands focus back.
  const [dialogMounted, setDialogMounted] = useState(false);
  const openSchedule = useCallback((task: Task) => {
    setDialogMounted(true);
    setScheduling(task);
  }, []);
  const [dragging, setDragging] = useState<DragData | null>(null);
  const pointerY = usePointerY(dragging !== null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));

  const onUnschedule = useCallback(
    (task: Task) => schedule.mutate({ task, scheduled_start: null }),
    [schedule],
  );
  const onScheduleChoice = (task: Task, choice: ScheduleChoice) =>
    schedule.mutate({ task, ...choice }, { onSuccess: () => setScheduling(null) });

  const onDragStart = (event: DragStartEvent) => setDragging((event.active.data.current as DragData) ?? null);
  const onDragEnd = ({ active, over, delta, activatorEvent }: DragEndEvent) => {
    const releasedAt = pointerY.current;
    setDragging(null);
    const data = active.data.current as DragData | undefined;
    if (!data) return;
    if (data.kind === "resize") {
      const duration = clampDuration(data.durationMinutes + delta.y / PX_PER_MINUTE);
      if (duration !== data.durationMinutes)
        schedule.mutate({
          task: data.task,
          scheduled_start: data.task.scheduled_start,
          duration_minutes: duration,
        });
      return;
    }
    const column = over?.data.current as DayColumnData | undefined;
    const element = column && document.getElementById(over!.id as string);
    if (
      !column ||
      !element ||
      !(activatorEvent instanceof PointerEvent || activatorEvent instanceof MouseEvent)
    )
      return;
    // Where the pointer is now within the day column (its box, measured now, moves with scrolling),
    // less where it held the block: the block's new top edge.
    const releasedY = releasedAt ?? activatorEvent.clientY + delta.y;
    const grabbed = data.kind === "move" ? activatorEvent.clientY - active.rect.current.initial!.top : 0;
    const minute = snapMinute((releasedY - grabbed - element.getBoundingClientRect().top) / PX_PER_MINUTE);
    const start = new Date(instantAt(column.date, minute, timeZone)).toISOString();
    if (start === data.task.scheduled_start) return;
    schedule.mutate({
      task: data.task,
      scheduled_start: start,
      duration_minutes: data.task.duration_minutes ?? data.durationMinutes,
    });
  };

  const step = view === "day" ? 1 : 7;
  const loading = tasks.isPending || (events.isPending && !events.data);
  const loadError = tasks.error ?? events.error;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight">Calendar</h1>
          <p className="text-muted-foreground">Your events and the time you set aside for tasks.</p>
        </div>
        <PlanMyDayButton date={view === "day" ? anchor : today} />
      </div>
      <PlanPanel timeZone={timeZone} tasks={tasks.data ?? []} />
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="icon"
            aria-label={view === "day" ? "Previous day" : "Previous week"}
            onClick={() => setAnchor(addDaysTo(anchor, -step))}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <Button variant="outline" onClick={() => setAnchor(today)}>
            Today
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label={view === "day" ? "Next day" : "Next week"}
            onClick={() => setAnchor(addDaysTo(anchor, step))}
          >
            <ChevronRight aria-hidden />
          </Button>
        </div>
        <h2 className="text-lg font-semibold" aria-live="polite">
          {view === "day"
            ? formatLocalDate(
                new Date(days[0]!.startMs + 12 * 3_600_000).toISOString(),
                timeZone,
                "EEEE, MMM d",
              )
            : `Week of ${formatLocalDate(new Date(days[0]!.startMs + 12 * 3_600_000).toISOString(), timeZone, "MMM d")}`}
        </h2>
        {wide && (
          <div role="group" aria-label="View" className="ml-auto flex gap-1">
            {(["day", "week"] as const).map((option) => (
              <Button
                key={option}
                variant={view === option ? "default" : "outline"}
                size="sm"
                aria-pressed={view === option}
                onClick={() => setView(option)}
              >
                {option === "day" ? "Day" : "Week"}
              </Button>
            ))}
          </div>
        )}
      </div>
      {loadError ? (
        <Alert variant="destructive">
          <AlertTitle>Could not load the calendar</AlertTitle>
          <AlertDescription>{errorMessage(loadError, "Please try again")}</AlertDescription>
        </Alert>
      ) : loading ? (
        <div aria-busy="true" aria-label="Loading calendar" className="grid gap-4 md:grid-cols-[16rem_1fr]">
          <Skeleton className="h-64" />
          <Skeleton className="h-[60vh]" />
        </div>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={pointerWithin}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDragging(null)}
          autoScroll={false}
        >
          <div className="grid gap-4 md:grid-cols-[16rem_minmax(0,1fr)]">
            <SideTaskList
              tasks={layout.unscheduled}
              defaultDuration={defaultDuration}
              onSchedule={openSchedule}
              onUnschedule={onUnschedule}
            />
            <TimeGrid
              days={days}
              columns={layout.columns}
              allDay={layout.allDay}
              headings={headings}
              today={today}
              firstMinute={workStart}
              timeZone={timeZone}
              onSchedule={openSchedule}
              onUnschedule={onUnschedule}
            />
          </div>
          <DragOverlay dropAnimation={null}>
            {dragging?.kind === "place" && (
              <div className="rounded border border-primary bg-sky-100 px-2 py-1 text-xs font-medium text-sky-950 shadow-lg">
                {dragging.task.title}
              </div>
            )}
          </DragOverlay>
        </DndContext>
      )}
      {dialogMounted && (
        <Suspense fallback={null}>
          <ScheduleDialog
            task={scheduling}
            suggestedStart={new Date(
              instantAt(view === "day" ? anchor : today, workStart, timeZone),
            ).toISOString()}
            durationMinutes={scheduling ? taskDuration(scheduling.duration_minutes, defaultDuration) : 30}
            timeZone={timeZone}
            pending={schedule.isPending}
            onOpenChange={(open) => {
              if (!open) setScheduling(null);
            }}
            onSave={onScheduleChoice}
          />
        </Suspense>
      )}
    </div>
  );
}
