import { isOpenStatus, isOverdue, type Task } from "@contract/tasks";
import { Badge } from "@/components/ui/badge";
import { flatIcon } from "@/components/ui/flat-icon";
import { PriorityBadge } from "@/components/tasks/priority-badge";
import { RepeatBadge } from "@/components/tasks/repeat-badge";
import { isAllDay } from "@/lib/due-dates";
import { formatDate } from "@/lib/date-format";
import { isDueToday } from "../task-view";
import { AssigneeAvatar } from "./assignee-avatar";

const DUE_ICON = flatIcon("calendar", "sm");
const SCHEDULED_ICON = flatIcon("calendarClock", "sm");
const ESTIMATE_ICON = flatIcon("hourglass", "sm");
const REMINDER_ICON = flatIcon("bellRing", "sm");

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
          className={DUE_ICON}
          title={formatDate(task.due_date, timeZone, "dateTime")}
        >
          <span className="sr-only">{overdue ? "Overdue, due" : "Due"}</span>
          {dueToday ? "Today" : formatDate(task.due_date, timeZone, "date")}
          {!isAllDay(task.due_date, timeZone) && `, ${formatDate(task.due_date, timeZone, "time")}`}
        </Badge>
      )}
      {task.scheduled_start && open && (
        <Badge
          variant="outline"
          className={SCHEDULED_ICON}
          title={`Scheduled ${formatDate(task.scheduled_start, timeZone, "dateTime")}`}
        >
          <span className="sr-only">Scheduled</span>
          {formatDate(task.scheduled_start, timeZone, "weekdayTime")}
        </Badge>
      )}
      {task.duration_minutes != null && (
        <Badge variant="outline" className={ESTIMATE_ICON} title="Estimate">
          <span className="sr-only">Estimate</span>
          {task.duration_minutes} min
        </Badge>
      )}
      {task.recurrence && <RepeatBadge rule={task.recurrence} />}
      {task.remind_at && open && (
        <Badge
          variant="outline"
          className={REMINDER_ICON}
          title={`Reminder ${formatDate(task.remind_at, timeZone, "dateTime")}`}
        >
          <span className="sr-only">Reminder</span>
          {formatDate(task.remind_at, timeZone, "time")}
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
