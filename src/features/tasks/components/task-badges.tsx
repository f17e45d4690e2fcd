import { isOpenStatus, isOverdue, type Task } from "@contract/tasks";
import { BellRing, Calendar, CalendarClock, Hourglass } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { PriorityBadge } from "@/components/tasks/priority-badge";
import { RepeatBadge } from "@/components/tasks/repeat-badge";
import { isAllDay } from "@/lib/due-dates";
import { formatLocalDate } from "@/lib/time-zones";
import { isDueToday } from "../task-view";
import { AssigneeAvatar } from "./assignee-avatar";

/**
 * What a task card says of its task after the title: priority, subtasks done, due date (red when
 * overdue, amber today), when it is scheduled and reminded while open, estimate, repeat, tags.
 */
export function TaskBadges({
  task,
  timeZone,
  progress,
}: {
  task: Task;
  timeZone: string;
  progress?: string;
}) {
  const open = isOpenStatus(task.status);
  const overdue = isOverdue(task, new Date());
  const dueToday = open && isDueToday(task, timeZone);
  return (
    <>
      <AssigneeAvatar task={task} />
      <PriorityBadge priority={task.priority} />
      {progress && (
        <Badge variant="secondary" title="Subtasks done">
          <span className="sr-only">Subtasks done: </span>
          {progress}
        </Badge>
      )}
      {task.due_date && (
        <Badge
          variant={overdue ? "destructive" : dueToday ? "warning" : "outline"}
          title={formatLocalDate(task.due_date, timeZone, "PPpp")}
        >
          <Calendar className="size-3" aria-hidden />
          <span className="sr-only">{overdue ? "Overdue, due" : "Due"}</span>
          {dueToday ? "Today" : formatLocalDate(task.due_date, timeZone, "PP")}
          {!isAllDay(task.due_date, timeZone) && `, ${formatLocalDate(task.due_date, timeZone, "p")}`}
        </Badge>
      )}
      {task.scheduled_start && open && (
        <Badge
          variant="outline"
          title={`Scheduled ${formatLocalDate(task.scheduled_start, timeZone, "PPp")}`}
        >
          <CalendarClock className="size-3" aria-hidden />
          <span className="sr-only">Scheduled</span>
          {formatLocalDate(task.scheduled_start, timeZone, "EEE HH:mm")}
        </Badge>
      )}
      {task.duration_minutes != null && (
        <Badge variant="outline" title="Estimate">
          <Hourglass className="size-3" aria-hidden />
          <span className="sr-only">Estimate</span>
          {task.duration_minutes} min
        </Badge>
      )}
      {task.recurrence && <RepeatBadge rule={task.recurrence} />}
      {task.remind_at && open && (
        <Badge variant="outline" title={`Reminder ${formatLocalDate(task.remind_at, timeZone, "PPp")}`}>
          <BellRing className="size-3" aria-hidden />
          <span className="sr-only">Reminder</span>
          {formatLocalDate(task.remind_at, timeZone, "p")}
        </Badge>
      )}
      {task.tags.map((tag) => (
        <Badge key={tag} variant="outline">
          {tag}
        </Badge>
      ))}
    </>
  );
}
