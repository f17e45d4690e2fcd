import type { PrioritisedTask } from "@contract/daily";
import type { Task } from "@contract/tasks";
import { CalendarDays, Check, Circle } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import { formatLocalDate } from "@/lib/time-zones";
import { statusText } from "../lib/daily-plan-view";

const priorityVariant = {
  urgent: "destructive",
  high: "warning",
  medium: "info",
  low: "secondary",
} as const;

interface DailyTaskItemProps {
  task: Task | PrioritisedTask;
  timeZone: string | undefined;
  /** shown on the Daily Plan page: why the AI picked the task */
  showReason?: boolean;
  /** ticks the task off from the plan (Daily Plan page) */
  onToggle?: (task: Task) => void;
  toggling?: boolean;
}

/** One task of the plan: title, description, status, priority and due date (spec §2). */
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
        <button
          type="button"
          onClick={() => onToggle(task)}
          disabled={toggling}
          aria-label={completed ? `Mark "${task.title}" as pending` : `Mark "${task.title}" as completed`}
          className={cn(
            "mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border-2 transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
            completed
              ? "border-emerald-600 bg-emerald-600 text-white"
              : "border-muted-foreground/50 hover:border-primary",
          )}
        >
          {completed ? (
            <Check className="size-3" aria-hidden />
          ) : (
            <Circle className="size-2 opacity-0" aria-hidden />
          )}
        </button>
      )}
      <div className="min-w-0 flex-1 space-y-1">
        <p className={cn("font-medium break-words", completed && "text-muted-foreground line-through")}>
          {task.title}
        </p>
        {task.description && <p className="text-sm text-muted-foreground break-words">{task.description}</p>}
        {showReason && reason && <p className="text-sm text-primary">{reason}</p>}
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant="outline" className="capitalize">
            {statusText(task.status)}
          </Badge>
          <Badge variant={priorityVariant[task.priority]} className="capitalize">
            {task.priority}
          </Badge>
          {task.due_date && (
            <Badge variant="outline">
              <CalendarDays className="size-3" aria-hidden />
              {formatLocalDate(task.due_date, timeZone, "PP")}
            </Badge>
          )}
        </div>
      </div>
    </li>
  );
}
