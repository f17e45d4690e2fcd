import {
  DEFAULT_TASK_PRIORITY,
  repeatsWithoutDueDate,
  TASK_DURATION_MAX_MINUTES,
  TASK_DURATION_MIN_MINUTES,
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
import { allDayDueDate, isAllDay, localDay } from "@/lib/due-dates";
import { REMINDER_LEAD_MINUTES } from "@/lib/reminders";
import { fromZonedInputValue, toZonedInputValue } from "@/lib/time-zones";
import {
  NO_REPEAT,
  REPEAT_CHOICES,
  REPEAT_INTERVAL_MAX,
  REPEAT_UNITS,
  recurrenceFrom,
  repeatValuesFrom,
} from "./repeat-options";

export const repeatMessages = {
  interval: `Enter a whole number from 1 to ${REPEAT_INTERVAL_MAX}`,
} as const;

export const NO_REMINDER = "none";
export const REMIND_AT_TIME = "at";

export const TASK_DURATION_MIN = TASK_DURATION_MIN_MINUTES;
export const TASK_DURATION_MAX = TASK_DURATION_MAX_MINUTES;

export const timeMessages = {
  duration: `Enter whole minutes from ${TASK_DURATION_MIN} to ${TASK_DURATION_MAX}, or leave it empty`,
} as const;

export const reminderMessages = {
  timeRequired: "Choose when to be reminded",
  needsDueTime: "A reminder before the due date needs a due time.",
} as const;

/** The Create and Edit dialogs' fields with their validation messages. */
export const taskFormSchema = z
  .object({
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
    /** "2026-12-01" (all day) or "2026-12-01T10:00", in the user's time zone; "" for none. */
    dueDate: z.string(),
    tags: z
      .array(z.string())
      .max(TASK_LIMITS.tagsMax, { error: `At most ${TASK_LIMITS.tagsMax} tags are allowed` }),
    repeat: z.enum(REPEAT_CHOICES),
    repeatInterval: z.string(),
    repeatUnit: z.enum(REPEAT_UNITS),
    keptRecurrence: z.string(),
    /** "Remind me": NO_REMINDER, minutes before the due time ("30"), or REMIND_AT_TIME. */
    reminder: z.string(),
    /** With REMIND_AT_TIME: "2026-12-01T09:00" in the user's time zone. */
    remindAt: z.string(),
    /** The estimate in whole minutes; "" leaves it to the default in Settings. */
    duration: z.string().refine(
      (value) => {
        if (value.trim() === "") return true;
        const minutes = Number(value);
        return Number.isInteger(minutes) && minutes >= TASK_DURATION_MIN && minutes <= TASK_DURATION_MAX;
      },
      { error: timeMessages.duration },
    ),
    /** When the user plans to do it: "2026-12-01T10:00" in the user's time zone; "" for not planned. */
    scheduledStart: z.string(),
    /** The project's id; "" for the Inbox (the server's default). */
    projectId: z.string(),
    /** The member of a shared project it is assigned to; "" for nobody. */
    assigneeId: z.string(),
  })
  .superRefine((values, context) => {
    if (values.repeat === "never") return;
    if (repeatsWithoutDueDate({ recurrence: values.repeat, due_date: values.dueDate }))
      context.addIssue({ code: "custom", path: ["repeat"], message: taskMessages.repeatNeedsDueDate });
    const interval = Number(values.repeatInterval);
    if (
      values.repeat === "custom" &&
      !(Number.isInteger(interval) && interval >= 1 && interval <= REPEAT_INTERVAL_MAX)
    ) {
      context.addIssue({ code: "custom", path: ["repeatInterval"], message: repeatMessages.interval });
    }
  })
  .refine((values) => values.reminder !== REMIND_AT_TIME || values.remindAt !== "", {
    error: reminderMessages.timeRequired,
    path: ["remindAt"],
  });
export type TaskFormValues = z.output<typeof taskFormSchema>;

/**
 * The optional text fields: "" in the form, null on the wire when blank. A new one goes here, in
 * taskFormSchema and in the dialog; loading, saving and the Edit dialog's changes follow.
 */
const OPTIONAL_TEXT_FIELDS = ["description"] as const;
type OptionalTexts = Record<(typeof OPTIONAL_TEXT_FIELDS)[number], string>;

function optionalTextsOf(task: Partial<Record<keyof OptionalTexts, string | null>>): OptionalTexts {
  return Object.fromEntries(OPTIONAL_TEXT_FIELDS.map((field) => [field, task[field] ?? ""])) as OptionalTexts;
}

/** What the form's optional texts send: blank is null; with `initial`, only those changed. */
function optionalTextsToSend(values: OptionalTexts, initial?: OptionalTexts) {
  const changed = OPTIONAL_TEXT_FIELDS.filter((field) => !initial || values[field] !== initial[field]);
  return Object.fromEntries(
    changed.map((field) => [field, values[field].trim() ? values[field] : null]),
  ) as Partial<Record<keyof OptionalTexts, string | null>>;
}

export const emptyTaskForm: TaskFormValues = {
  title: "",
  ...optionalTextsOf({}),
  priority: DEFAULT_TASK_PRIORITY,
  status: "pending",
  dueDate: "",
  tags: [],
  ...NO_REPEAT,
  reminder: NO_REMINDER,
  remindAt: "",
  duration: "",
  scheduledStart: "",
  projectId: "",
  assigneeId: "",
};

/**
 * The Create dialog's starting values: the user's default reminder (minutes before), if any, and
 * the project whose page it was opened on.
 */
export function newTaskFormValues(
  defaultReminderMinutes: number | null | undefined,
  projectId = "",
): TaskFormValues {
  return {
    ...emptyTaskForm,
    reminder: defaultReminderMinutes == null ? NO_REMINDER : String(defaultReminderMinutes),
    projectId,
  };
}

/** A task's reminder as the form shows it: a lead time it matches, else its own time. */
function reminderFormValues(task: Task, timeZone: string | null | undefined) {
  if (!task.remind_at) return { reminder: NO_REMINDER, remindAt: "" };
  if (task.due_date && !isAllDay(task.due_date, timeZone)) {
    const lead = (Date.parse(task.due_date) - Date.parse(task.remind_at)) / 60_000;
    if ((REMINDER_LEAD_MINUTES as readonly number[]).includes(lead))
      return { reminder: String(lead), remindAt: "" };
  }
  return { reminder: REMIND_AT_TIME, remindAt: toZonedInputValue(task.remind_at, timeZone) };
}

/** The Edit dialog's starting values: the due date shown in the user's time zone. */
export function taskFormValuesFrom(task: Task, timeZone: string | null | undefined): TaskFormValues {
  const dueDate =
    task.due_date && isAllDay(task.due_date, timeZone)
      ? localDay(task.due_date, timeZone)
      : toZonedInputValue(task.due_date, timeZone);
  return {
    title: task.title,
    ...optionalTextsOf(task),
    priority: task.priority,
    status: task.status,
    dueDate,
    tags: task.tags,
    ...repeatValuesFrom(task.recurrence, dueDate),
    ...reminderFormValues(task, timeZone),
    duration: task.duration_minutes == null ? "" : String(task.duration_minutes),
    scheduledStart: toZonedInputValue(task.scheduled_start, timeZone),
    projectId: task.project_id,
    assigneeId: task.assignee_id ?? "",
  };
}

/** The estimate as sent: whole minutes, or null for the default. */
function durationOrNull(duration: string): number | null {
  return duration.trim() === "" ? null : Number(duration);
}

/**
 * The due date leaves as an ISO timestamp read in the user's time zone; a date alone is due all
 * day, stored as the end of that day.
 */
function dueDateOrNull(dueDate: string, timeZone: string | null | undefined): string | null {
  if (!dueDate) return null;
  return dueDate.includes("T") ? fromZonedInputValue(dueDate, timeZone) : allDayDueDate(dueDate, timeZone);
}

/**
 * The reminder leaves as an ISO timestamp: a lead time counts back from a due date with a time
 * (a date alone has none, and then there is no reminder); a time of its own is read in the
 * user's time zone.
 */
export function remindAtOrNull(values: TaskFormValues, timeZone: string | null | undefined): string | null {
  if (values.reminder === NO_REMINDER) return null;
  if (values.reminder === REMIND_AT_TIME) return fromZonedInputValue(values.remindAt, timeZone);
  const due = values.dueDate.includes("T") ? fromZonedInputValue(values.dueDate, timeZone) : null;
  const lead = Number(values.reminder);
  return due && Number.isFinite(lead) ? new Date(Date.parse(due) - lead * 60_000).toISOString() : null;
}

/** Tag entry: trimmed, blank ignored, a tag already present (any case) ignored. */
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
  const recurrence = recurrenceFrom(values, values.dueDate);
  return {
    title: values.title,
    ...optionalTextsToSend(values),
    priority: values.priority,
    due_date: dueDateOrNull(values.dueDate, timeZone),
    tags: values.tags,
    ...(recurrence ? { recurrence } : {}),
    remind_at: remindAtOrNull(values, timeZone),
    ...optionalTimes(values, timeZone),
    ...(values.projectId ? { project_id: values.projectId } : {}),
    ...(values.assigneeId ? { assignee_id: values.assigneeId } : {}),
  };
}

/** The estimate and the planned start, sent only when given (as recurrence is). */
function optionalTimes(values: TaskFormValues, timeZone: string | null | undefined) {
  const duration = durationOrNull(values.duration);
  const start = values.scheduledStart ? fromZonedInputValue(values.scheduledStart, timeZone) : null;
  return {
    ...(duration !== null ? { duration_minutes: duration } : {}),
    ...(start ? { scheduled_start: start } : {}),
  };
}

/**
 * The Edit dialog's PUT (partial): only what the user changed, so that a field nobody
 * touched — another tab's edit, a due date's seconds — is left as it is.
 */
export function updateTaskPayload(
  values: TaskFormValues,
  initial: TaskFormValues,
  timeZone: string | null | undefined,
): UpdateTaskRequest {
  const changes: UpdateTaskRequest = optionalTextsToSend(values, initial);
  if (values.title !== initial.title) changes.title = values.title;
  if (values.priority !== initial.priority) changes.priority = values.priority;
  if (values.status !== initial.status) changes.status = toWireStatus(values.status);
  if (values.dueDate !== initial.dueDate) changes.due_date = dueDateOrNull(values.dueDate, timeZone);
  if (values.tags.join("\n") !== initial.tags.join("\n")) changes.tags = values.tags;
  const recurrence = recurrenceFrom(values, values.dueDate);
  if (recurrence !== recurrenceFrom(initial, initial.dueDate)) changes.recurrence = recurrence;
  // Compared as the times they give, so that a moved due date moves a "30 minutes before" too.
  const remindAt = remindAtOrNull(values, timeZone);
  if (remindAt !== remindAtOrNull(initial, timeZone)) changes.remind_at = remindAt;
  const duration = durationOrNull(values.duration);
  if (duration !== durationOrNull(initial.duration)) changes.duration_minutes = duration;
  if (values.scheduledStart !== initial.scheduledStart) {
    changes.scheduled_start = values.scheduledStart
      ? fromZonedInputValue(values.scheduledStart, timeZone)
      : null;
  }
  if (values.projectId && values.projectId !== initial.projectId) changes.project_id = values.projectId;
  if (values.assigneeId !== initial.assigneeId) changes.assignee_id = values.assigneeId || null;
  return changes;
}
