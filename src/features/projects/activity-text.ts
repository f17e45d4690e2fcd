import type { Activity } from "@contract/sharing";
import { parseStatusInput, TASK_STATUS_LABELS } from "@contract/tasks";

const statusLabel = (value: string | null) => {
  const status = value === null ? undefined : parseStatusInput(value);
  return status ? TASK_STATUS_LABELS[status] : "another status";
};

/** What one entry of a project's activity says, after the actor's name: `completed "Buy milk"`. */
export function activityText(activity: Activity): string {
  const task = activity.task_title === null ? "a deleted task" : `"${activity.task_title}"`;
  switch (activity.kind) {
    case "created":
      return `created ${task}`;
    case "status_changed":
      return activity.to === "completed"
        ? `completed ${task}`
        : `moved ${task} to ${statusLabel(activity.to)}`;
    case "due_changed":
      return activity.to === null ? `cleared the due date of ${task}` : `changed the due date of ${task}`;
    case "rescheduled":
      return `rescheduled ${task}`;
    case "deleted":
      return `deleted ${task}`;
    case "commented":
      return `commented on ${task}`;
  }
}
