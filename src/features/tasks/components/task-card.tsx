import {
  isOverdue,
  TASK_STATUSES,
  TASK_STATUS_LABELS,
  taskStatusSchema,
  type Task,
  type TaskStatus,
} from "@contract/tasks";
import { BellRing, Calendar, CalendarClock, Hourglass, Pencil, Trash2 } from "lucide-react";
import { memo } from "react";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { IconButton } from "@/components/ui/icon-button";
import { NativeSelect } from "@/components/ui/native-select";
import { PriorityBadge } from "@/components/tasks/priority-badge";
import { RepeatBadge } from "@/components/tasks/repeat-badge";
import { TaskToggle } from "@/components/tasks/task-toggle";
import { cn } from "@/lib/cn";
import { isAllDay } from "@/lib/due-dates";
import { formatLocalDate } from "@/lib/time-zones";
import { isDueToday } from "../task-view";
import { LabelledOptions } from "./labelled-options";

export interface TaskCardActions {
  onToggle(task: Task): void;
  onStatusChange(task: Task, status: TaskStatus): void;
  onEdit(task: Task): void;
  onDelete(task: Task): void;
}

interface TaskCardProps extends TaskCardActions {
  task: Task;
  timeZone: string;
}

/** One task on the Tasks screen. Memoised: a change to one task re-renders one card. */
export const TaskCard = memo(function TaskCard({
  task,
  timeZone,
  onToggle,
  onStatusChange,
  onEdit,
  onDelete,
}: TaskCardProps) {
  const completed = task.status === "completed";
  const cancelled = task.status === "cancelled";
  const open = !completed && !cancelled;
  const overdue = isOverdue(task, new Date());
  const dueToday = open && isDueToday(task, timeZone);

  return (
    <Card className={cn("flex items-start gap-2 px-2.5 py-1.5", cancelled && "bg-muted/60")}>
      <TaskToggle title={task.title} completed={completed} onToggle={() => onToggle(task)} className="mt-1" />

      <div className="min-w-0 flex-1">
        {/* One line when it fits; a long title takes its own (at most two) lines, the rest follows. */}
        <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
          <h2
            dir="auto"
            className={cn(
              "line-clamp-2 min-w-0 break-words font-medium",
              (completed || cancelled) && "text-muted-foreground line-through",
            )}
            title={task.title}
          >
            {task.title}
          </h2>
          <PriorityBadge priority={task.priority} />
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
          <div className="ml-auto flex shrink-0 items-center">
            <NativeSelect
              aria-label={`Status of "${task.title}"`}
              title="Status"
              className="h-7 w-auto rounded-full border-transparent bg-muted py-0 pl-2.5 pr-1 text-xs font-medium shadow-none field-sizing-content md:text-xs"
              value={task.status}
              onChange={(event) => onStatusChange(task, taskStatusSchema.parse(event.target.value))}
            >
              <LabelledOptions values={TASK_STATUSES} labels={TASK_STATUS_LABELS} />
            </NativeSelect>
            <IconButton
              icon={Pencil}
              label={`Edit "${task.title}"`}
              title="Edit task"
              className="size-7"
              onClick={() => onEdit(task)}
            />
            <IconButton
              icon={Trash2}
              destructive
              label={`Delete "${task.title}"`}
              title="Delete task"
              className="size-7"
              onClick={() => onDelete(task)}
            />
          </div>
        </div>
        {task.description && (
          <p
            dir="auto"
            className="line-clamp-1 break-words text-sm text-muted-foreground sm:line-clamp-2"
            title={task.description}
          >
            {task.description}
          </p>
        )}
      </div>
    </Card>
  );
});
