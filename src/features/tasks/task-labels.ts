import type { TaskPriority } from "@contract/tasks";

/** How priorities read on cards and in the dialogs' picker. */
export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = {
  low: "Low",
  medium: "Medium",
  high: "High",
  urgent: "Urgent",
};
