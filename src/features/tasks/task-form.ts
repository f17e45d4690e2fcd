import {
  DEFAULT_TASK_PRIORITY,
  TASK_LIMITS,
  taskMessages,
  taskPrioritySchema,
  taskStatusSchema,
  toWireStatus,
  type CreateTaskRequest,
  type Task,
  type UpdateTaskRequest,
} from "@contract/tasks";
import { z } from "zod";
import { fromZonedInputValue, toZonedInputValue } from "@/lib/time-zones";

/** The Create and Edit dialogs' fields (spec §2) with the messages of spec §5. */
export const taskFormSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, { error: taskMessages.titleRequired })
    .max(TASK_LIMITS.titleMax, { error: `Title must be at most ${TASK_LIMITS.titleMax} characters` }),
  description: z.string().max(TASK_LIMITS.descriptionMax, {
    error: `Description must be at most ${TASK_LIMITS.descriptionMax} characters`,
  }),
  priority: taskPrioritySchema,
  status: taskStatusSchema,
  /** The datetime-local value, a wall-clock time in the user's time zone; "" for none. */
  dueDate: z.string(),
  tags: z
    .array(z.string())
    .max(TASK_LIMITS.tagsMax, { error: `At most ${TASK_LIMITS.tagsMax} tags are allowed` }),
});
export type TaskFormValues = z.output<typeof taskFormSchema>;

export const emptyTaskForm: TaskFormValues = {
  title: "",
  description: "",
  priority: DEFAULT_TASK_PRIORITY,
  status: "pending",
  dueDate: "",
  tags: [],
};

/** The Edit dialog's starting values: the due date shown in the user's time zone (spec §2). */
export function taskFormValuesFrom(task: Task, timeZone: string | null | undefined): TaskFormValues {
  return {
    title: task.title,
    description: task.description ?? "",
    priority: task.priority,
    status: task.status,
    dueDate: toZonedInputValue(task.due_date, timeZone),
    tags: task.tags,
  };
}

function descriptionOrNull(description: string): string | null {
  return description.trim() ? description : null;
}

/** spec §5: the due date leaves as an ISO timestamp read in the user's time zone. */
function dueDateOrNull(dueDate: string, timeZone: string | null | undefined): string | null {
  return dueDate ? fromZonedInputValue(dueDate, timeZone) : null;
}

/** Tag entry (spec §2): trimmed, blank ignored, a tag already present (any case) ignored. */
export function addTag(tags: readonly string[], candidate: string): string[] {
  const tag = candidate.trim();
  if (!tag) return [...tags];
  const lower = tag.toLocaleLowerCase();
  return tags.some((existing) => existing.toLocaleLowerCase() === lower) ? [...tags] : [...tags, tag];
}

export function createTaskPayload(
  values: TaskFormValues,
  timeZone: string | null | undefined,
): CreateTaskRequest {
  return {
    title: values.title,
    description: descriptionOrNull(values.description),
    priority: values.priority,
    due_date: dueDateOrNull(values.dueDate, timeZone),
    tags: values.tags,
  };
}

/**
 * The Edit dialog's PUT (partial, spec §7): only what the user changed, so that a field nobody
 * touched — another tab's edit, a due date's seconds — is left as it is.
 */
export function updateTaskPayload(
  values: TaskFormValues,
  initial: TaskFormValues,
  timeZone: string | null | undefined,
): UpdateTaskRequest {
  const changes: UpdateTaskRequest = {};
  if (values.title !== initial.title) changes.title = values.title;
  if (values.description !== initial.description) changes.description = descriptionOrNull(values.description);
  if (values.priority !== initial.priority) changes.priority = values.priority;
  if (values.status !== initial.status) changes.status = toWireStatus(values.status);
  if (values.dueDate !== initial.dueDate) changes.due_date = dueDateOrNull(values.dueDate, timeZone);
  if (values.tags.join("\n") !== initial.tags.join("\n")) changes.tags = values.tags;
  return changes;
}
