import {
  TASK_STATUSES,
  TASK_STATUS_LABELS,
  taskStatusSchema,
  type Task,
  type TaskPriority,
  type TaskStatus,
} from "@contract/tasks";
import { Calendar, Check, Pencil, Trash2 } from "lucide-react";
import { memo } from "react";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { NativeSelect } from "@/components/ui/native-select";
import { cn } from "@/lib/cn";
import { formatLocalDate } from "@/lib/time-zones";
import { TASK_PRIORITY_LABELS } from "../task-labels";
import { LabelledOptions } from "./labelled-options";

const priorityVariants: Record<TaskPriority, BadgeProps["variant"]> = {
  low: "secondary",
  medium: "info",
  high: "warning",
  urgent: "destructive",
};

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

/** One task (spec §2, Tasks screen). Memoised: a change to one task re-renders one card. */
export const TaskCard = memo(function TaskCard({
  task,
  timeZone,
  onToggle,
  onStatusChange,
  onEdit,
  onDelete,
}: TaskCardProps) {
  const completed = task.status === "completed";
  const overdue = !completed && task.due_date !== null && new Date(task.due_date).getTime() < Date.now();

  return (
    <Card className="flex items-start gap-3 p-4">
      {/* spec §2: not completed → completed, otherwise → pending */}
      <button
        type="button"
        role="checkbox"
        aria-checked={completed}
        aria-label={`Mark "${task.title}" as completed`}
        onClick={() => onToggle(task)}
        className={cn(
          "mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border-2 transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
          completed
            ? "border-primary bg-primary text-primary-foreground"
            : "border-muted-foreground/50 hover:border-primary",
        )}
      >
        {completed && <Check className="size-3" strokeWidth={3} aria-hidden />}
      </button>

      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2
            className={cn(
              "min-w-0 break-words font-medium",
              completed && "text-muted-foreground line-through",
            )}
          >
            {task.title}
          </h2>
          <NativeSelect
            aria-label={`Status of "${task.title}"`}
            className="h-8 w-36 shrink-0"
            value={task.status}
            onChange={(event) => onStatusChange(task, taskStatusSchema.parse(event.target.value))}
          >
            <LabelledOptions values={TASK_STATUSES} labels={TASK_STATUS_LABELS} />
          </NativeSelect>
        </div>

        {task.description && (
          <p className="line-clamp-3 whitespace-pre-line break-words text-sm text-muted-foreground">
            {task.description}
          </p>
        )}

        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant={priorityVariants[task.priority]}>{TASK_PRIORITY_LABELS[task.priority]}</Badge>
          {task.tags.map((tag) => (
            <Badge key={tag} variant="outline">
              {tag}
            </Badge>
          ))}
          {task.due_date && (
            <Badge
              variant={overdue ? "destructive" : "outline"}
              title={formatLocalDate(task.due_date, timeZone, "PPpp")}
            >
              <Calendar className="size-3" aria-hidden />
              <span className="sr-only">{overdue ? "Overdue, due" : "Due"}</span>
              {formatLocalDate(task.due_date, timeZone, "PP")}
            </Badge>
          )}
          <div className="ml-auto flex gap-1">
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={`Edit "${task.title}"`}
              onClick={() => onEdit(task)}
            >
              <Pencil aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-8 text-destructive hover:text-destructive"
              aria-label={`Delete "${task.title}"`}
              onClick={() => onDelete(task)}
            >
              <Trash2 aria-hidden />
            </Button>
          </div>
        </div>
      </div>
    </Card>
  );
});
