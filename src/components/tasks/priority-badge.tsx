import type { TaskPriority } from "@contract/tasks";
import { Badge, type BadgeProps } from "@/components/ui/badge";

/** How priorities read, on badges and in the task dialog's picker. */
export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = {
  low: "Low",
  medium: "Medium",
  high: "High",
  urgent: "Urgent",
};

/** One colour per priority, the same on every screen: the more pressing, the louder. */
const PRIORITY_VARIANTS: Record<TaskPriority, BadgeProps["variant"]> = {
  low: "secondary",
  medium: "info",
  high: "warning",
  urgent: "destructive",
};

/** A task's priority as a coloured badge, announced as "Priority: High". */
export function PriorityBadge({ priority }: { priority: TaskPriority }) {
  return (
    <Badge variant={PRIORITY_VARIANTS[priority]}>
      <span className="sr-only">Priority: </span>
      {TASK_PRIORITY_LABELS[priority]}
    </Badge>
  );
}
