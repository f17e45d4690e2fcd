import type { PrioritisedTask } from "@contract/daily";
import type { Task } from "@contract/tasks";
import { CalendarDays } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { PriorityBadge } from "@/components/tasks/priority-badge";
import { RepeatBadge } from "@/components/tasks/repeat-badge";
import { TaskToggle } from "@/components/tasks/task-toggle";
import { cn } from "@/lib/cn";
import { formatDate } from "@/lib/date-format";
import { statusText } from "../lib/daily-plan-view";

interface DailyTaskItemProps {
  task: Task | PrioritisedTask;
  timeZone: string | undefined;
  /** shown on the Daily Plan page: why the AI picked the task */
  showReason?: boolean;
  /** ticks the task off from the plan (Daily Plan page) */
  onToggle?: (task: Task) => void;
  toggling?: boolean;
}

/** One task of the plan: title, description, status, priority and due date. */
export function DailyTaskItem({
  task,
  timeZone,
  showReason = false,
  onToggle,
  toggling = false,
}: DailyTaskItemProps) {
  const completed = task.status === "completed";
  const reason = "reason" in task ? task.reason : null;
  return (
    <li className="flex gap-3 rounded-md border p-3">
      {onToggle && (
        <TaskToggle
          title={task.title}
          completed={completed}
          onToggle={() => onToggle(task)}
          disabled={toggling}
        />
      )}
      <div className="min-w-0 flex-1 space-y-1">
        <p
          dir="auto"
          className={cn("font-medium break-words", completed && "text-muted-foreground line-through")}
        >
          {task.title}
        </p>
        {task.description && (
          <p dir="auto" className="text-sm text-muted-foreground break-words">
            {task.description}
          </p>
        )}
        {showReason && reason && <p className="text-sm text-primary">{reason}</p>}
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant="outline" className="capitalize">
            {statusText(task.status)}
          </Badge>
          <PriorityBadge priority={task.priority} />
          {task.due_date && (
            <Badge variant="outline">
              <CalendarDays className="size-3" aria-hidden />
              {formatDate(task.due_date, timeZone, "date")}
            </Badge>
          )}
          {task.recurrence && <RepeatBadge rule={task.recurrence} />}
        </div>
      </div>
    </li>
  );
}
