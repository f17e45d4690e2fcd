import {
  isOverdue,
  TASK_STATUSES,
  TASK_STATUS_LABELS,
  taskStatusSchema,
  type Task,
  type TaskStatus,
} from "@contract/tasks";
import { BellRing, Calendar, Pencil, Trash2 } from "lucide-react";
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
    <Card className={cn("flex items-start gap-3 px-3 py-2.5", cancelled && "bg-muted/60")}>
      <TaskToggle
        title={task.title}
        completed={completed}
        onToggle={() => onToggle(task)}
        className="mt-1.5"
      />

      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h2
            dir="auto"
            className={cn(
              "min-w-0 break-words font-medium",
              (completed || cancelled) && "text-muted-foreground line-through",
            )}
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
          {task.recurrence && <RepeatBadge rule={task.recurrence} />}
          {task.remind_at && open && (
            <Badge variant="outline" title={`Reminder ${formatLocalDate(task.remind_at, timeZone, "PPp")}`}>
              <BellRing className="size-3" aria-hidden />
              <span className="sr-only">Reminder</span>
              {formatLocalDate(task.remind_at, timeZone, "p")}
            </Badge>
          )}
        </div>

        <div className="flex min-w-0 flex-wrap items-center gap-1.5">
          {task.tags.map((tag) => (
            <Badge key={tag} variant="outline">
              {tag}
            </Badge>
          ))}
          <p
            dir="auto"
            className="min-w-0 flex-1 truncate text-sm text-muted-foreground"
            title={task.description ?? undefined}
          >
            {task.description}
          </p>
          <div className="flex shrink-0 items-center gap-1">
            <NativeSelect
              aria-label={`Status of "${task.title}"`}
              className="h-8 w-32 shrink-0"
              value={task.status}
              onChange={(event) => onStatusChange(task, taskStatusSchema.parse(event.target.value))}
            >
              <LabelledOptions values={TASK_STATUSES} labels={TASK_STATUS_LABELS} />
            </NativeSelect>
            <IconButton
              icon={Pencil}
              label={`Edit "${task.title}"`}
              title="Edit task"
              onClick={() => onEdit(task)}
            />
            <IconButton
              icon={Trash2}
              destructive
              label={`Delete "${task.title}"`}
              title="Delete task"
              onClick={() => onDelete(task)}
            />
          </div>
        </div>
      </div>
    </Card>
  );
});
