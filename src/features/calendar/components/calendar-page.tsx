import type { Task } from "@contract/tasks";
import { DEFAULT_TIME_ZONE } from "@contract/common";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useMemo, useState, useSyncExternalStore } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { localDay } from "@/lib/due-dates";
import { formatDate, useDateFormat } from "@/lib/date-format";
import { useSessionStore } from "@/stores/session-store";
import { useDayPlanStore } from "@/stores/day-plan-store";
import { calendarQueries } from "@/api/calendars/calendar-queries";
import { useScheduleTask } from "@/api/tasks/task-mutations";
import { taskQueries } from "@/api/tasks/task-queries";
import {
  gridDays,
  instantAt,
  minuteOfDay,
  parseMinute,
  taskDuration,
  type CalendarView,
} from "../lib/calendar-grid";
import { calendarLayout } from "../lib/calendar-items";
import { CalendarBoard } from "./calendar-board";
import { CalendarToolbar } from "./calendar-toolbar";
import { PlanMyDayButton, PlanPanel } from "./plan-panel";
import type { ScheduleChoice } from "./schedule-dialog";

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

  const week = useDateFormat().week_start;
  const days = useMemo(() => gridDays(view, anchor, timeZone, week), [view, anchor, timeZone, week]);
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
        formatDate(new Date(day.startMs + 12 * 3_600_000).toISOString(), timeZone, "dayColumn"),
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
  const onUnschedule = useCallback(
    (task: Task) => schedule.mutate({ task, scheduled_start: null }),
    [schedule],
  );
  const onScheduleChoice = (task: Task, choice: ScheduleChoice) =>
    schedule.mutate({ task, ...choice }, { onSuccess: () => setScheduling(null) });

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
      <CalendarToolbar
        view={view}
        anchor={anchor}
        today={today}
        firstDay={days[0]!}
        timeZone={timeZone}
        wide={wide}
        onAnchorChange={setAnchor}
        onViewChange={setView}
      />
      {loadError ? (
        <Alert variant="destructive">
          <AlertTitle>Could not load the calendar</AlertTitle>
          <AlertDescription>{errorMessage(loadError, "Please try again")}</AlertDescription>
        </Alert>
      ) : loading ? (
        <div
          aria-busy="true"
          aria-label="Loading calendar"
          className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-[16rem_1fr]"
        >
          <Skeleton className="h-64" />
          <Skeleton className="h-[60vh]" />
        </div>
      ) : (
        <CalendarBoard
          days={days}
          layout={layout}
          headings={headings}
          today={today}
          nowMinute={minuteOfDay(new Date(), timeZone)}
          firstMinute={workStart}
          timeZone={timeZone}
          defaultDuration={defaultDuration}
          onSchedule={openSchedule}
          onUnschedule={onUnschedule}
          onDrop={(change) => schedule.mutate(change)}
        />
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
