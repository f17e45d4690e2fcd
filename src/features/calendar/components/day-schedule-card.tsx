import { DEFAULT_TIME_ZONE } from "@contract/common";
import { isOpenStatus } from "@contract/tasks";
import { useQuery } from "@tanstack/react-query";
import { CalendarClock } from "lucide-react";
import { useMemo } from "react";
import { Link } from "react-router-dom";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { localDay } from "@/lib/due-dates";
import { formatDate } from "@/lib/date-format";
import { useDayPlanStore } from "@/stores/day-plan-store";
import { useSessionStore } from "@/stores/session-store";
import { taskQueries } from "@/api/tasks/task-queries";
import { taskDuration } from "../lib/calendar-grid";
import { PlanMyDayButton, PlanPanel } from "./plan-panel";

/**
 * Today's schedule on the Daily Plan page: the proposal under review when there is one,
 * otherwise the open tasks scheduled today, in time order.
 */
export function DayScheduleCard() {
  const user = useSessionStore((state) => state.user);
  const timeZone = user?.timezone ?? DEFAULT_TIME_ZONE;
  const today = localDay(new Date(), timeZone);
  const tasks = useQuery(taskQueries.current());
  const proposal = useDayPlanStore((state) => state.proposal);
  const scheduled = useMemo(
    () =>
      (tasks.data ?? [])
        .filter(
          (task) =>
            isOpenStatus(task.status) &&
            task.scheduled_start &&
            localDay(task.scheduled_start, timeZone) === today,
        )
        .sort((a, b) => Date.parse(a.scheduled_start!) - Date.parse(b.scheduled_start!)),
    [tasks.data, timeZone, today],
  );
  const reviewing = proposal?.date === today;

  return (
    <div className="space-y-3">
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
          <div className="space-y-1.5">
            <CardTitle className="flex items-center gap-2">
              <CalendarClock aria-hidden className="size-5 text-primary" />
              Today&apos;s schedule
            </CardTitle>
            <CardDescription>
              Your tasks placed around your calendar.{" "}
              <Link to="/calendar" className="text-primary underline underline-offset-2">
                Open the calendar
              </Link>
            </CardDescription>
          </div>
          <PlanMyDayButton date={today} />
        </CardHeader>
        {!reviewing && (
          <CardContent>
            {tasks.isPending ? (
              <p className="text-sm text-muted-foreground">Loading schedule...</p>
            ) : scheduled.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                Nothing scheduled today. Plan your day to fit tasks around your events.
              </p>
            ) : (
              <ol className="space-y-1.5" aria-label="Scheduled today">
                {scheduled.map((task) => {
                  const start = Date.parse(task.scheduled_start!);
                  const end = new Date(
                    start + taskDuration(task.duration_minutes, user?.default_duration_minutes) * 60_000,
                  ).toISOString();
                  return (
                    <li key={task.id} className="flex gap-3 text-sm">
                      <span className="w-24 shrink-0 tabular-nums text-muted-foreground">
                        {formatDate(task.scheduled_start, timeZone, "time")}–
                        {formatDate(end, timeZone, "time")}
                      </span>
                      <span className="min-w-0 break-words font-medium">{task.title}</span>
                    </li>
                  );
                })}
              </ol>
            )}
          </CardContent>
        )}
      </Card>
      <PlanPanel timeZone={timeZone} tasks={tasks.data ?? []} onlyDate={today} />
    </div>
  );
}
