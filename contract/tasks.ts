import { z } from "zod";
import {
  DUE_DATE_MAX_YEAR,
  DUE_DATE_MIN_YEAR,
  dueDateSchema,
  isDueDateInRange,
  isoTimestampSchema,
  onFirstUse,
  withoutNul,
} from "./common";
import {
  DEFAULT_TASK_PRIORITY,
  normalisePriority,
  normaliseSource,
  normaliseStatus,
  parseStatusInput,
  taskPrioritySchema,
  taskSourceSchema,
  wireTaskStatusSchema,
} from "./task-values";

export * from "./task-values";
export * from "./task-filters";

// ---------------------------------------------------------------------------------------------
// The task: what the server sends, and what the SPA reads.
// ---------------------------------------------------------------------------------------------

/** How deep subtasks nest: a top-level task is level 1, so a task has at most 3 levels below it. */
export const TASK_MAX_DEPTH = 4;

export const TASK_LIMITS = {
  titleMax: 500,
  descriptionMax: 10_000,
  tagsMax: 20,
  tagMax: 50,
} as const;

/** A task's estimate: 5 minutes to 12 hours. null on a task means the user's default. */
export const TASK_DURATION_MIN_MINUTES = 5;
export const TASK_DURATION_MAX_MINUTES = 720;
/** The estimate of a task without one when the user has set no default of their own. */
export const DEFAULT_TASK_DURATION_MINUTES = 30;

/** A repeating task's rule: an RFC 5545 RRULE value without the "RRULE:" name; null: no repeat. */
const recurrenceJsonSchema = /* @__PURE__ */ z
  .string()
  .nullable()
  .meta({
    description:
      "RFC 5545 RRULE value (FREQ=WEEKLY;BYDAY=MO), or null when the task does not repeat. Completing a " +
      "repeating task creates the next one, due at the rule's next date after this one's due date.",
    example: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO",
  });

/** The task exactly as our server sends it. */
export const taskJsonSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  status: wireTaskStatusSchema,
  priority: taskPrioritySchema,
  due_date: z.string().nullable(),
  tags: z.array(z.string()),
  source: taskSourceSchema,
  created_at: z.string(),
  updated_at: z.string(),
  completed_at: z.string().nullable().meta({
    description:
      "When the task became completed (ISO timestamp, UTC); null while it is not completed. Reopening clears it.",
  }),
  completed_at_approximate: z.boolean().meta({
    description:
      "true when completed_at was not recorded at the moment of completion but taken from the task's last " +
      "update (tasks completed before completion times were kept)",
  }),
  recurrence: recurrenceJsonSchema,
  remind_at: z
    .string()
    .nullable()
    .meta({
      description:
        "remind_at: when the owner is reminded (ISO timestamp, UTC), or null for no reminder. Cleared when " +
        "the task is completed; a repeating task's next occurrence is reminded the same time ahead of its " +
        "due date.",
      example: "2026-11-30T06:30:00.000Z",
    }),
  project_id: z.string().meta({
    description: "The project the task is in (every task is in one; the Inbox when none was chosen)",
  }),
  parent_id: z
    .string()
    .nullable()
    .meta({
      description: `The task this one is a subtask of, or null for a top-level task (at most ${TASK_MAX_DEPTH} levels)`,
    }),
  duration_minutes: z.number().int().nullable().meta({
    description:
      "The estimate in minutes (5–720), or null: the owner's default duration (30 minutes unless set).",
    example: 45,
  }),
  scheduled_start: z
    .string()
    .nullable()
    .meta({
      description:
        "When the owner plans to work on the task (ISO timestamp, UTC), or null when it is not planned. " +
        "The due date stays the deadline.",
      example: "2026-12-01T09:00:00.000Z",
    }),
  assignee_id: z.string().nullable().meta({
    description: "The member of the task's shared project it is assigned to, or null",
  }),
  position: z
    .number()
    .int()
    .nullable()
    .meta({
      description:
        "A subtask's place among its parent's subtasks (0 first; new subtasks go last), or null for a " +
        "top-level task. Subtasks are listed by it; PUT with position moves one.",
      example: 0,
    }),
});
export type TaskJson = z.infer<typeof taskJsonSchema>;

/**
 * The task as the SPA reads it, from our server or another: each field of taskJsonSchema, read
 * tolerantly. The id may be a number; status, priority and source go through their normalisers
 * (in_progress reads as inprogress, an unknown status as pending, an unknown priority as medium, a
 * wrapped source unwrapped); any other field that is missing or malformed reads as empty. Only a
 * value without an id is no task. A new field on the wire must be read here too (the compiler
 * says so).
 */
const taskFromWireSchema = onFirstUse(() => {
  const wire = taskJsonSchema.shape;
  return z.object({
    id: z.union([wire.id, z.number()]).transform(String),
    title: wire.title.catch(""),
    description: wire.description.catch(null),
    status: z.unknown().optional().transform(normaliseStatus),
    priority: z.unknown().optional().transform(normalisePriority),
    due_date: wire.due_date.catch(null),
    tags: wire.tags.catch([]),
    source: z.unknown().optional().transform(normaliseSource),
    created_at: wire.created_at.optional().catch(undefined),
    updated_at: wire.updated_at.optional().catch(undefined),
    completed_at: wire.completed_at.optional().catch(null),
    completed_at_approximate: wire.completed_at_approximate.catch(false),
    recurrence: wire.recurrence.catch(null),
    remind_at: wire.remind_at.optional().catch(null),
    // "" when a server without projects sent the task: the app shows it as in the Inbox.
    project_id: z.union([wire.project_id, z.number()]).transform(String).catch(""),
    parent_id: z.union([z.string(), z.number()]).transform(String).nullable().catch(null),
    duration_minutes: wire.duration_minutes.catch(null),
    scheduled_start: wire.scheduled_start.catch(null),
    assignee_id: wire.assignee_id.catch(null),
    position: wire.position.catch(null),
  } satisfies Record<keyof TaskJson, z.ZodType>);
});

/** The task as the SPA uses it: status spelled inprogress, every field normalised. */
export type Task = z.output<ReturnType<typeof taskFromWireSchema>>;

export function taskFromWire(value: unknown): Task {
  return taskFromWireSchema().parse(value);
}

/** The task as read, or undefined when the value is not a readable task (no id). */
export function readTaskFromWire(value: unknown): Task | undefined {
  const parsed = taskFromWireSchema().safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Subtasks in their order: by position; one without a position (written by an older release)
 * after those with one, in the order made.
 */
export function compareSubtasks(
  a: { id: string; position: number | null; created_at?: string | undefined },
  b: { id: string; position: number | null; created_at?: string | undefined },
): number {
  if (a.position !== b.position) {
    if (a.position === null) return 1;
    if (b.position === null) return -1;
    return a.position - b.position;
  }
  const [made, other] = [a.created_at ?? "", b.created_at ?? ""];
  return made === other ? a.id.localeCompare(b.id) : made < other ? -1 : 1;
}

// ---------------------------------------------------------------------------------------------
// Payloads and their validation.
// ---------------------------------------------------------------------------------------------

export const taskMessages = {
  titleRequired: "Title is required",
  repeatNeedsDueDate: "A repeating task needs a due date",
  parentNotFound: "parent_id: no such task",
  projectNotFound: "project_id: no such project",
  tooDeep: `parent_id: subtasks nest at most ${TASK_MAX_DEPTH} levels deep`,
  cycle: "parent_id: a task cannot be a subtask of itself or of one of its own subtasks",
  topLevelPosition: "position: only a subtask has a place among its parent's subtasks",
} as const;

/**
 * A repeating task needs a due date: its rule's dates count from it. True when the task would
 * repeat without one (taskMessages.repeatNeedsDueDate says so). For a partial update, pass the
 * stored value of whichever of the two the update leaves alone.
 */
export function repeatsWithoutDueDate(task: {
  recurrence: string | null | undefined;
  due_date: string | null | undefined;
}): boolean {
  return task.recurrence !== null && task.recurrence !== undefined && !task.due_date;
}

const titleSchema = /* @__PURE__ */ withoutNul(
  z
    .string({ error: taskMessages.titleRequired })
    .trim()
    .min(1, { error: taskMessages.titleRequired })
    .max(TASK_LIMITS.titleMax, { error: `Title must be at most ${TASK_LIMITS.titleMax} characters` }),
  "Title",
);

const descriptionSchema = /* @__PURE__ */ withoutNul(
  z.string().max(TASK_LIMITS.descriptionMax, {
    error: `Description must be at most ${TASK_LIMITS.descriptionMax} characters`,
  }),
  "Description",
).nullable();

/** Tags are trimmed, blank ones dropped and duplicates removed before the limits apply. */
export const tagsSchema = /* @__PURE__ */ z
  .array(withoutNul(z.string(), "Tags"))
  .transform((tags) => [...new Set(tags.map((tag) => tag.trim()).filter((tag) => tag.length > 0))])
  .pipe(
    z
      .array(
        z
          .string()
          .max(TASK_LIMITS.tagMax, { error: `Tags must be at most ${TASK_LIMITS.tagMax} characters` }),
      )
      .max(TASK_LIMITS.tagsMax, { error: `At most ${TASK_LIMITS.tagsMax} tags are allowed` }),
  );

export const RECURRENCE_MAX = 500;

/**
 * A rule on input: its form only; the server reads it with an RRULE library and answers 400
 * naming the field when it is not one a task can carry. null clears it.
 */
export const recurrenceInputSchema = /* @__PURE__ */ withoutNul(
  z
    .string()
    .trim()
    .max(RECURRENCE_MAX, { error: `recurrence must be at most ${RECURRENCE_MAX} characters` }),
  "recurrence",
)
  .nullable()
  .meta({
    description:
      "RFC 5545 RRULE value such as FREQ=WEEKLY;BYDAY=MO (DAILY, WEEKLY, MONTHLY or YEARLY; no DTSTART " +
      "or time-of-day parts: the rule starts at the due date and keeps its time), or null for no repeat. " +
      "A repeating task needs a due date.",
  });

/** Either spelling of in-progress on input. */
export const statusInputSchema = /* @__PURE__ */ z
  .string()
  .transform((value, ctx) => {
    const status = parseStatusInput(value);
    if (!status) {
      ctx.addIssue({
        code: "custom",
        message: "Status must be one of pending, inprogress, completed, cancelled",
      });
      return z.NEVER;
    }
    return status;
  })
  .meta({
    description:
      "pending, inprogress (or in_progress), completed or cancelled; case and surrounding spaces are ignored",
    pattern:
      "^\\s*(?:[Pp][Ee][Nn][Dd][Ii][Nn][Gg]|[Ii][Nn]_?[Pp][Rr][Oo][Gg][Rr][Ee][Ss][Ss]|[Cc][Oo][Mm][Pp][Ll][Ee][Tt][Ee][Dd]|[Cc][Aa][Nn][Cc][Ee][Ll][Ll][Ee][Dd])\\s*$",
  });

/** A reminder's time: an ISO timestamp in the same range as due dates. */
export const remindAtSchema = /* @__PURE__ */ isoTimestampSchema
  .refine((value) => isDueDateInRange(new Date(value)), {
    error: `remind_at must be between the years ${DUE_DATE_MIN_YEAR} and ${DUE_DATE_MAX_YEAR}`,
  })
  .meta({
    description:
      "ISO-8601 timestamp with an offset: when to remind the owner (a bell notification, and an e-mail when e-mail reminders are on)",
  });

const durationMessage = `duration_minutes must be a whole number from ${TASK_DURATION_MIN_MINUTES} to ${TASK_DURATION_MAX_MINUTES}, or null`;

/** An estimate on input: whole minutes, 5–720. */
export const durationMinutesSchema = /* @__PURE__ */ z
  .number({ error: durationMessage })
  .int({ error: durationMessage })
  .min(TASK_DURATION_MIN_MINUTES, { error: durationMessage })
  .max(TASK_DURATION_MAX_MINUTES, { error: durationMessage })
  .meta({ description: "Minutes, 5–720" });

/** When the task is planned: an ISO timestamp in the same range as due dates. */
export const scheduledStartSchema = /* @__PURE__ */ isoTimestampSchema
  .refine((value) => isDueDateInRange(new Date(value)), {
    error: `scheduled_start must be between the years ${DUE_DATE_MIN_YEAR} and ${DUE_DATE_MAX_YEAR}`,
  })
  .meta({ description: "ISO-8601 timestamp with an offset: when the owner plans to work on the task" });

/**
 * What a client may set on a task, each field as it is read on input. PUT takes any of them
 * (partial); POST requires the title and fills in defaults. A new task field goes here once.
 */
const taskInputFields = {
  title: titleSchema,
  description: descriptionSchema,
  priority: taskPrioritySchema,
  status: statusInputSchema,
  due_date: dueDateSchema.nullable(),
  tags: tagsSchema,
  recurrence: recurrenceInputSchema,
  /** Absent on create: the user's default reminder applies (a due date with a time is needed); null: none. */
  remind_at: remindAtSchema.nullable(),
  project_id: withoutNul(z.string().min(1, { error: "project_id must not be empty" }), "project_id").meta({
    description:
      "The project to put the task in (absent on create: the Inbox). Ignored when the task has a parent: a " +
      "subtask is always in its parent's project. Moving a task moves its whole subtree; moving a subtask " +
      "to another project on its own makes it a top-level task there.",
  }),
  parent_id: withoutNul(z.string().min(1, { error: "parent_id must not be empty" }), "parent_id")
    .nullable()
    .meta({
      description:
        `The task to make this one a subtask of (null: top level). The task and its subtree move into the ` +
        `parent's project; at most ${TASK_MAX_DEPTH} levels deep, and never under itself or its own subtasks (400).`,
    }),
  /** null: the owner's default duration. */
  duration_minutes: durationMinutesSchema.nullable(),
  /** null: not planned. */
  scheduled_start: scheduledStartSchema.nullable(),
  assignee_id: withoutNul(z.string().min(1, { error: "assignee_id must not be empty" }), "assignee_id")
    .nullable()
    .meta({
      description:
        "The member (or owner) of the task's project to assign it to; null: nobody. Anyone else is a 400.",
    }),
};

/** The fields both create and update take, all optional. */
const taskInputObject = /* @__PURE__ */ z.object(taskInputFields).partial();

/** PUT is partial; null clears a due date, description, recurrence, reminder or parent. */
export const updateTaskRequestSchema = /* @__PURE__ */ taskInputObject.extend({
  position: z
    .number({ error: "position must be a whole number from 0" })
    .int({ error: "position must be a whole number from 0" })
    .min(0, { error: "position must be a whole number from 0" })
    .optional()
    .meta({
      description:
        "Moves a subtask to this place among its parent's subtasks (0: first; past the last: last), " +
        "renumbering the others in the same change. With parent_id, its place under the new parent. " +
        "A top-level task has no place among siblings (400).",
    }),
  complete_subtasks: z
    .boolean()
    .optional()
    .meta({
      description:
        "With status completed: true also completes the task's open (pending or in-progress) subtasks, at " +
        "every level below it. Without it, or false, only this task changes.",
    }),
});

export const createTaskRequestSchema = /* @__PURE__ */ taskInputObject.extend({
  title: titleSchema,
  priority: taskPrioritySchema.default(DEFAULT_TASK_PRIORITY),
  tags: tagsSchema.default([]),
  source: taskSourceSchema.optional(),
});
export type CreateTaskRequest = z.input<typeof createTaskRequestSchema>;
export type CreateTaskInput = z.output<typeof createTaskRequestSchema>;

export type UpdateTaskRequest = z.input<typeof updateTaskRequestSchema>;
export type UpdateTaskInput = z.output<typeof updateTaskRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Statistics.
// ---------------------------------------------------------------------------------------------

export const taskStatsSchema = /* @__PURE__ */ z.object({
  total: z.number().int(),
  pending: z.number().int(),
  in_progress: z.number().int(),
  completed: z.number().int(),
  cancelled: z.number().int(),
  overdue: z.number().int(),
  completion_rate: z.number().int(),
});
export type TaskStats = z.infer<typeof taskStatsSchema>;

/**
 * Overdue: a due date in the past and a status other than completed. A cancelled task past its
 * date counts (it was not done in time); the server's statistics count the same way.
 */
export function isOverdue(task: Pick<Task, "due_date" | "status">, now: Date): boolean {
  return task.status !== "completed" && task.due_date !== null && Date.parse(task.due_date) < now.getTime();
}

/** Statistics computed from the full task list. */
export function computeTaskStats(tasks: readonly Task[], now: Date = new Date()): TaskStats {
  const stats: TaskStats = {
    total: tasks.length,
    pending: 0,
    in_progress: 0,
    completed: 0,
    cancelled: 0,
    overdue: 0,
    completion_rate: 0,
  };
  for (const task of tasks) {
    if (task.status === "inprogress") stats.in_progress += 1;
    else stats[task.status] += 1;
    if (isOverdue(task, now)) stats.overdue += 1;
  }
  stats.completion_rate = completionRate(stats.completed, stats.total);
  return stats;
}

/** Completed divided by total as a rounded percentage; 0 when there are no tasks. */
export function completionRate(completed: number, total: number): number {
  return total === 0 ? 0 : Math.round((completed / total) * 100);
}

/** Remaining = pending plus in progress. */
export function remainingTasks(stats: Pick<TaskStats, "pending" | "in_progress">): number {
  return stats.pending + stats.in_progress;
}
