import { addDays, isIsoWeek, isoWeekOf, isoWeekStart } from "@contract/analytics";
import { DEFAULT_TIME_ZONE } from "@contract/common";
import { readTaskFromWire, type Task } from "@contract/tasks";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useId, useMemo, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DateInput } from "@/components/ui/date-input";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toaster";
import { allDayDueDate, dayFromToday, localDay } from "@/lib/due-dates";
import { errorMessage } from "@/lib/error-message";
import { formatDate } from "@/lib/date-format";
import { useReview } from "@/api/analytics/analytics-queries";
import { useProjects } from "@/api/projects/project-queries";
import { useUpdateTasks } from "@/api/tasks/task-mutations";
import { useSessionStore } from "@/stores/session-store";
import { CHART_COLOURS, WEEKDAYS } from "../chart-data";

/** "Nov 16 – Nov 22" for an ISO week. */
function weekLabel(week: string): string {
  const monday = isoWeekStart(week);
  const format = (date: string) => formatDate(`${date}T12:00:00Z`, "UTC", "monthDay");
  return `${format(monday)} – ${format(addDays(monday, 6))}`;
}

function TaskList({ tasks, timeZone, empty }: { tasks: Task[]; timeZone: string; empty: string }) {
  if (tasks.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="grid gap-1.5 text-sm">
      {tasks.map((task) => (
        <li key={task.id} className="flex flex-wrap justify-between gap-x-3">
          <span className="min-w-0 break-words">{task.title}</span>
          {task.due_date ? (
            <span className="text-muted-foreground">
              Due {formatDate(task.due_date, timeZone, "weekdayDate")}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** "Move to project": a project not archived, chosen for the selected tasks. */
function MoveToProject({
  disabled,
  onMove,
}: {
  disabled: boolean;
  onMove(project: { id: string; name: string }): void;
}) {
  const projectFieldId = useId();
  const projects = useProjects();
  const openProjects = (projects.data ?? []).filter((project) => !project.archived);
  const [projectId, setProjectId] = useState("");
  if (openProjects.length === 0) return null;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="grid gap-1">
        <label htmlFor={projectFieldId} className="text-sm font-medium">
          Move to project
        </label>
        <select
          id={projectFieldId}
          value={projectId}
          onChange={(event) => setProjectId(event.target.value)}
          className="h-9 w-44 rounded-md border border-input bg-background px-2 text-sm"
        >
          <option value="">Choose a project</option>
          {openProjects.map((project) => (
            <option key={project.id} value={project.id}>
              {project.name}
            </option>
          ))}
        </select>
      </div>
      <Button
        variant="outline"
        disabled={disabled || projectId === ""}
        onClick={() =>
          onMove({
            id: projectId,
            name: openProjects.find((project) => project.id === projectId)?.name ?? "the project",
          })
        }
      >
        Move selected
      </Button>
    </div>
  );
}

/**
 * The slipped tasks with checkboxes and the actions that apply to the chosen ones. With none, a
 * week with work done is praised; an empty one is not.
 */
function SlippedTasks({ tasks, timeZone, workDone }: { tasks: Task[]; timeZone: string; workDone: boolean }) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [day, setDay] = useState(() => dayFromToday(1, timeZone));
  const dayId = useId();
  const updateTasks = useUpdateTasks();
  const ids = tasks.map((task) => task.id).filter((id) => chosen.has(id));
  const allChosen = tasks.length > 0 && ids.length === tasks.length;

  const apply = (changes: Parameters<typeof updateTasks.mutate>[0]["changes"], done: string) => {
    updateTasks.mutate(
      { ids, changes },
      {
        onSuccess: () => {
          toast.success(done);
          setChosen(new Set());
        },
      },
    );
  };
  const reschedule = (event: FormEvent) => {
    event.preventDefault();
    const dueDate = allDayDueDate(day, timeZone);
    if (!dueDate || ids.length === 0) return;
    apply({ due_date: dueDate }, `${ids.length === 1 ? "1 task" : `${ids.length} tasks`} moved to ${day}`);
  };

  if (tasks.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        {workDone ? "Nothing slipped. Well done!" : "Nothing slipped."}
      </p>
    );
  return (
    <div className="grid gap-4">
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="size-4"
          checked={allChosen}
          onChange={() => setChosen(allChosen ? new Set() : new Set(tasks.map((task) => task.id)))}
        />
        Select all slipped tasks
      </label>
      <ul className="grid gap-2">
        {tasks.map((task) => (
          <li key={task.id}>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4"
                checked={chosen.has(task.id)}
                onChange={() =>
                  setChosen((current) => {
                    const next = new Set(current);
                    if (next.has(task.id)) next.delete(task.id);
                    else next.add(task.id);
                    return next;
                  })
                }
              />
              <span className="min-w-0 break-words">
                {task.title}
                {task.due_date ? (
                  <span className="text-muted-foreground">
                    {" "}
                    · was due {formatDate(task.due_date, timeZone, "weekdayDate")}
                  </span>
                ) : null}
              </span>
            </label>
          </li>
        ))}
      </ul>
      <form onSubmit={reschedule} className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <label htmlFor={dayId} className="text-sm font-medium">
            Reschedule to
          </label>
          <DateInput id={dayId} value={day} onChange={setDay} className="w-52" />
        </div>
        <Button type="submit" disabled={ids.length === 0 || updateTasks.isPending}>
          Reschedule selected
        </Button>
        <Button
          variant="outline"
          disabled={ids.length === 0 || updateTasks.isPending}
          onClick={() =>
            apply({ status: "cancelled" }, `${ids.length === 1 ? "1 task" : `${ids.length} tasks`} cancelled`)
          }
        >
          Cancel selected
        </Button>
      </form>
      <MoveToProject
        disabled={ids.length === 0 || updateTasks.isPending}
        onMove={(project) =>
          apply(
            { project_id: project.id },
            `${ids.length === 1 ? "1 task" : `${ids.length} tasks`} moved to ${project.name}`,
          )
        }
      />
    </div>
  );
}

/** Next week's load: how many tasks fall due each day. */
function WeekLoad({ tasks, week, timeZone }: { tasks: Task[]; week: string; timeZone: string }) {
  const monday = isoWeekStart(week);
  const perDay = WEEKDAYS.map((name, index) => ({
    name,
    date: addDays(monday, index),
    count: tasks.filter(
      (task) => task.due_date && localDay(task.due_date, timeZone) === addDays(monday, index),
    ).length,
  }));
  const max = Math.max(1, ...perDay.map((day) => day.count));
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Tasks due each day of next week</caption>
      <tbody>
        {perDay.map((day) => (
          <tr key={day.date}>
            <th scope="row" className="w-24 py-1 text-left font-normal">
              {day.name.slice(0, 3)} {day.date.slice(5)}
            </th>
            <td className="py-1">
              <span className="block h-3 rounded-sm bg-muted" aria-hidden>
                <span
                  className="block h-3 rounded-sm"
                  style={{ width: `${(day.count / max) * 100}%`, backgroundColor: CHART_COLOURS.blue }}
                />
              </span>
            </td>
            <td className="w-10 py-1 text-right tabular-nums">{day.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * /review: a week looked back on (last week by default) — completed, slipped and carried-over
 * tasks, the next week's load — with a written summary and bulk actions on what slipped.
 */
export function ReviewPage() {
  const timeZone = useSessionStore((state) => state.user?.timezone) ?? DEFAULT_TIME_ZONE;
  const [searchParams, setSearchParams] = useSearchParams();
  const lastWeek = isoWeekOf(dayFromToday(-7, timeZone));
  const thisWeek = isoWeekOf(dayFromToday(0, timeZone));
  const asked = searchParams.get("week");
  const week = asked && isIsoWeek(asked) ? asked : lastWeek;
  const review = useReview(week);
  const nextWeek = isoWeekOf(addDays(isoWeekStart(week), 7));
  const previous = isoWeekOf(addDays(isoWeekStart(week), -7));
  const tasks = useMemo(() => {
    const read = (list: unknown[] | undefined) =>
      (list ?? []).map(readTaskFromWire).filter((task): task is Task => task !== undefined);
    return {
      completed: read(review.data?.completed),
      slipped: read(review.data?.slipped),
      carriedOver: read(review.data?.carried_over),
      upcoming: read(review.data?.upcoming),
    };
  }, [review.data]);
  const goTo = (target: string) => setSearchParams({ week: target }, { replace: true });

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Weekly review</h1>
          <p className="text-sm text-muted-foreground">
            Week {week.slice(-2).replace(/^0/, "")}, {weekLabel(week)}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" onClick={() => goTo(previous)}>
            <ChevronLeft aria-hidden />
            Previous week
          </Button>
          <Button variant="outline" size="sm" onClick={() => goTo(nextWeek)} disabled={week >= thisWeek}>
            Next week
            <ChevronRight aria-hidden />
          </Button>
        </div>
      </header>
      {review.isPending ? (
        <div className="grid gap-6" aria-busy="true" aria-label="Loading the review">
          <Skeleton className="h-24" />
          <Skeleton className="h-64" />
        </div>
      ) : review.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Failed to load the review. Please try again.</AlertTitle>
          <AlertDescription>{errorMessage(review.error, "Unknown error occurred")}</AlertDescription>
        </Alert>
      ) : (
        <>
          <Card>
            <CardHeader>
              <CardTitle>Summary</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="text-sm leading-relaxed">{review.data.summary}</p>
            </CardContent>
          </Card>
          <div className="grid gap-6 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>Slipped ({tasks.slipped.length})</CardTitle>
                <CardDescription>Due this week, not done.</CardDescription>
              </CardHeader>
              <CardContent>
                <SlippedTasks
                  key={week}
                  tasks={tasks.slipped}
                  timeZone={timeZone}
                  workDone={tasks.completed.length > 0}
                />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Completed ({tasks.completed.length})</CardTitle>
              </CardHeader>
              <CardContent>
                <TaskList tasks={tasks.completed} timeZone={timeZone} empty="Nothing completed this week." />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Next week ({tasks.upcoming.length})</CardTitle>
                <CardDescription>Due {weekLabel(nextWeek)}.</CardDescription>
              </CardHeader>
              <CardContent className="grid gap-4">
                <WeekLoad tasks={tasks.upcoming} week={nextWeek} timeZone={timeZone} />
                <TaskList tasks={tasks.upcoming} timeZone={timeZone} empty="Nothing due next week yet." />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Carried over ({tasks.carriedOver.length})</CardTitle>
                <CardDescription>Still open from before.</CardDescription>
              </CardHeader>
              <CardContent>
                <TaskList
                  tasks={tasks.carriedOver.slice(0, 50)}
                  timeZone={timeZone}
                  empty="Nothing carried over."
                />
                {tasks.carriedOver.length > 50 ? (
                  <p className="mt-2 text-sm text-muted-foreground">
                    And {tasks.carriedOver.length - 50} more on the{" "}
                    <Link to="/tasks" className="underline">
                      Tasks
                    </Link>{" "}
                    page.
                  </p>
                ) : null}
              </CardContent>
            </Card>
          </div>
        </>
      )}
    </div>
  );
}
