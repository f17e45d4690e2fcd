import { formatInTimeZone, fromZonedTime } from "date-fns-tz";
import { z } from "zod";
import { addDays } from "@contract/analytics";
import { QUICK_ADD_TEXT_MAX } from "@contract/quick-add";
import {
  createTaskRequestSchema,
  taskPrioritySchema,
  updateTaskRequestSchema,
  type CreateTaskInput,
  type TaskJson,
  type TaskStatus,
  type UpdateTaskInput,
} from "@contract/tasks";
import { NotFound, Validation } from "../../lib/domain-errors";
import { allDayDate } from "../../lib/time-zone";
import { parseTaskText } from "../quick-add/service";
import { createTasks, getTasksByIds, listTasks, updateTask, withDefaultReminder } from "../tasks/service";
import {
  parsedWith,
  projectDirectory,
  startOfLocalDay,
  taskCount,
  taskLine,
  toolTask,
  workflowTool,
  type ToolContext,
  type ToolTask,
} from "./tool-kit";

/** More tasks than this in one call is not a conversation's worth; the agent can call again. */
const BATCH_MAX = 50;
const FIND_LIMIT_DEFAULT = 50;
const FIND_LIMIT_MAX = 200;

const STATUS_FILTERS = { open: "pending,in_progress", completed: "completed", all: undefined } as const;

const localDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date as YYYY-MM-DD" })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: "must be a real date" });

const taskIds = z
  .array(z.string().min(1))
  .min(1)
  .max(BATCH_MAX)
  .describe(`Task ids (from find_tasks, add_tasks or get_overview), 1–${BATCH_MAX}`);

function summary(heading: string, tasks: readonly ToolTask[]): string {
  return [heading, ...tasks.map(taskLine)].join("\n");
}

/** The user's tasks among `ids`, in the order given; any other id (another user's too) is not found. */
async function ownTasks(context: ToolContext, ids: readonly string[]): Promise<TaskJson[]> {
  const found = await getTasksByIds(context.deps.db, context.user.id, ids);
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw new NotFound(`Task not found: ${missing.join(", ")}`);
  return ids.map((id) => found.get(id)!);
}

/** Applies one change to each task in turn, through the task service, and says what became of them. */
async function updateEach(
  context: ToolContext,
  changes: ReadonlyArray<{ id: string; input: UpdateTaskInput }>,
): Promise<ToolTask[]> {
  const { db, clock } = context.deps;
  const updated: TaskJson[] = [];
  for (const { id, input } of changes) updated.push(await updateTask(db, clock, context.user.id, id, input));
  const { names } = await projectDirectory(context);
  return updated.map((task) => toolTask(task, names, context.timeZone));
}

const findTasks = workflowTool({
  name: "find_tasks",
  title: "Find tasks",
  access: "read",
  description:
    "Search the user's tasks. Returns each task's id (needed by the other task tools), title, status, " +
    "priority, tags, project and due date (ISO and in words with the weekday, in the user's time zone). " +
    "By default only open tasks (pending or in progress), in to-do order: by due date, undated last.",
  input: {
    query: z.string().max(500).optional().describe("Words to look for in the title, description or tags"),
    project: z.string().optional().describe("A project name or id (list_projects shows them)"),
    status: z
      .enum(["open", "completed", "all"])
      .optional()
      .describe("open (default): pending or in progress; completed; all (cancelled too)"),
    due_before: localDay
      .optional()
      .describe("Only tasks due on or before this date (YYYY-MM-DD, user's time zone)"),
    due_after: localDay
      .optional()
      .describe("Only tasks due on or after this date (YYYY-MM-DD, user's time zone)"),
    limit: z
      .number()
      .int()
      .min(1)
      .max(FIND_LIMIT_MAX)
      .optional()
      .describe(`At most this many tasks (default ${FIND_LIMIT_DEFAULT})`),
  },
  async run(context, args) {
    const directory = await projectDirectory(context);
    const projectId = args.project ? await directory.find(args.project, { create: false }) : undefined;
    const status = STATUS_FILTERS[args.status ?? "open"];
    const tasks = await listTasks(context.deps.db, context.user.id, {
      ...(args.query ? { search: args.query } : {}),
      ...(status ? { status } : {}),
      ...(projectId ? { project_id: projectId } : {}),
    });
    const after = args.due_after ? startOfLocalDay(args.due_after, context.timeZone) : undefined;
    const before = args.due_before
      ? startOfLocalDay(addDays(args.due_before, 1), context.timeZone)
      : undefined;
    const matching = tasks.filter(
      (task) =>
        (after === undefined || (task.due_date !== null && task.due_date >= after)) &&
        (before === undefined || (task.due_date !== null && task.due_date < before)),
    );
    const shown = matching
      .slice(0, args.limit ?? FIND_LIMIT_DEFAULT)
      .map((task) => toolTask(task, directory.names, context.timeZone));
    const heading =
      matching.length === 0
        ? "No tasks match."
        : `Found ${taskCount(matching.length)}${shown.length < matching.length ? `, showing the first ${shown.length}` : ""}:`;
    return { text: summary(heading, shown), data: { tasks: shown, total: matching.length } };
  },
});

const addTasks = workflowTool({
  name: "add_tasks",
  title: "Add tasks",
  access: "write",
  description:
    "Create tasks from quick-add text, as the user would type them: the date and time in words " +
    '("tomorrow at 3pm", "next friday", "in 3 days", "by nov 30"), !low/!medium/!high/!urgent or p1–p4, ' +
    '#tags, +Project, and repeats ("every monday", "every other week", "daily"). Example: "Call the ' +
    'dentist tomorrow at 3pm +Health !high". A project that does not exist yet is created. Each task ' +
    "comes back with its id and its due date said in words with the weekday, in the user's time zone: " +
    "read it back to the user so they can confirm the date.",
  input: {
    tasks: z
      .array(
        z.object({
          text: z.string().min(1).max(QUICK_ADD_TEXT_MAX).describe("One task in quick-add syntax"),
          project: z.string().optional().describe("A project name or id; overrides a +Project in the text"),
        }),
      )
      .min(1)
      .max(BATCH_MAX)
      .describe(`The tasks to add, 1–${BATCH_MAX}`),
  },
  async run(context, args) {
    const { db, clock } = context.deps;
    const now = clock.now();
    const directory = await projectDirectory(context);
    const readings = args.tasks.map((task, index) => {
      const reading = parseTaskText(context.user, { text: task.text }, now, directory.projects);
      const input = parsedWith(
        createTaskRequestSchema,
        {
          title: reading.title,
          due_date: reading.due_date,
          tags: reading.tags,
          ...(reading.priority ? { priority: reading.priority } : {}),
          ...(reading.recurrence && reading.due_date ? { recurrence: reading.recurrence } : {}),
          ...(reading.duration_minutes !== null ? { duration_minutes: reading.duration_minutes } : {}),
        },
        `tasks.${index}`,
      );
      return { input, project: task.project ?? reading.project_id ?? reading.project_name };
    });
    const inputs: CreateTaskInput[] = [];
    for (const { input, project } of readings) {
      const projectId = project ? await directory.find(project, { create: true }) : undefined;
      inputs.push(
        withDefaultReminder({ ...input, ...(projectId ? { project_id: projectId } : {}) }, context.user, now),
      );
    }
    const created = await createTasks(db, clock, context.user.id, inputs);
    const tasks = created.map((task) => toolTask(task, directory.names, context.timeZone));
    return {
      text: summary(`Added ${taskCount(tasks.length)}:`, tasks),
      data: { tasks },
    };
  },
});

const updateTasks = workflowTool({
  name: "update_tasks",
  title: "Update tasks",
  access: "write",
  description:
    "Change the title, description, priority, tags or project of tasks. Only the fields named change; " +
    "every other field (due date, status, repeat, reminder…) stays as it is. `tags` replaces the whole " +
    "list; `description: null` clears it. Use reschedule_tasks for dates, complete_tasks and cancel_tasks " +
    "for status.",
  input: {
    updates: z
      .array(
        z.object({
          id: z.string().min(1).describe("The task's id"),
          title: z.string().optional(),
          description: z.string().nullable().optional(),
          priority: taskPrioritySchema.optional(),
          tags: z.array(z.string()).optional().describe("The task's new tags (replaces them all)"),
          project: z
            .string()
            .optional()
            .describe("Move to this project (name or id); one not yet there is created"),
        }),
      )
      .min(1)
      .max(BATCH_MAX),
  },
  async run(context, args) {
    await ownTasks(
      context,
      args.updates.map((update) => update.id),
    );
    const directory = await projectDirectory(context);
    const changes: Array<{ id: string; input: UpdateTaskInput }> = [];
    for (const [index, { id, project, ...fields }] of args.updates.entries()) {
      const named = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
      if (Object.keys(named).length === 0 && project === undefined) {
        throw new Validation(`updates.${index}: name at least one field to change`);
      }
      const projectId = project === undefined ? undefined : await directory.find(project, { create: true });
      const input = parsedWith(
        updateTaskRequestSchema,
        { ...named, ...(projectId ? { project_id: projectId } : {}) },
        `updates.${index}`,
      );
      changes.push({ id, input });
    }
    const tasks = await updateEach(context, changes);
    return {
      text: summary(`Updated ${taskCount(tasks.length)}:`, tasks),
      data: { tasks },
    };
  },
});

function statusTool(
  name: string,
  status: Extract<TaskStatus, "completed" | "cancelled">,
  description: string,
) {
  return workflowTool({
    name,
    title: status === "completed" ? "Complete tasks" : "Cancel tasks",
    access: "write",
    description,
    input: { ids: taskIds },
    async run(context, args) {
      await ownTasks(context, args.ids);
      const tasks = await updateEach(
        context,
        args.ids.map((id) => ({ id, input: { status } })),
      );
      const repeating = tasks.some((task) => task.recurrence) && status === "completed";
      const heading = `Marked ${taskCount(tasks.length)} ${status}${repeating ? " (each repeating one has its next occurrence added)" : ""}:`;
      return { text: summary(heading, tasks), data: { tasks } };
    },
  });
}

const completeTasks = statusTool(
  "complete_tasks",
  "completed",
  "Mark tasks done. Completing a repeating task also adds its next occurrence, due at the rule's next date.",
);

const cancelTasks = statusTool(
  "cancel_tasks",
  "cancelled",
  "Cancel tasks that will not be done. Nothing is deleted: a cancelled task stays in the user's history " +
    "and can be reopened in the app. There is no tool that deletes tasks.",
);

/**
 * The new due date of `task` for a reading of "when": a day without a time keeps the task's own
 * time of day (a task due at 15:00 moved to "next monday" is due Monday at 15:00).
 */
function movedDueDate(task: TaskJson, read: string, timeZone: string): string {
  const day = allDayDate(read, timeZone);
  if (!day || !task.due_date || allDayDate(task.due_date, timeZone)) return read;
  const time = formatInTimeZone(new Date(task.due_date), timeZone, "HH:mm:ss.SSS");
  return fromZonedTime(`${day}T${time}`, timeZone).toISOString();
}

/** A reminder keeps its lead time before the moved due date; one that would be past is dropped. */
function movedReminder(task: TaskJson, dueDate: string, now: Date): string | null | undefined {
  if (task.remind_at === null || task.due_date === null) return undefined;
  const time = Date.parse(dueDate) - (Date.parse(task.due_date) - Date.parse(task.remind_at));
  return time > now.getTime() ? new Date(time).toISOString() : null;
}

const rescheduleTasks = workflowTool({
  name: "reschedule_tasks",
  title: "Reschedule tasks",
  access: "write",
  description:
    'Move tasks to a new due date given in words ("tomorrow", "next monday", "friday 3pm", "in 2 weeks", ' +
    "\"2030-07-16\"), read in the user's time zone. A day without a time keeps each task's time of day; a " +
    "repeating task keeps its rule (only this occurrence moves); a reminder keeps its lead time. The answer " +
    "says each new due date in words with the weekday.",
  input: {
    ids: taskIds,
    when: z.string().min(1).max(200).describe("The new due date in words"),
  },
  async run(context, args) {
    const current = await ownTasks(context, args.ids);
    const now = context.deps.clock.now();
    const reading = parseTaskText(context.user, { text: args.when }, now);
    if (!reading.due_date) {
      throw new Validation(
        `Could not read a date in "${args.when}": try words like "tomorrow", "next monday", "friday 3pm" or "2030-07-16"`,
      );
    }
    const read = reading.due_date;
    const tasks = await updateEach(
      context,
      current.map((task) => {
        const dueDate = movedDueDate(task, read, context.timeZone);
        const remindAt = movedReminder(task, dueDate, now);
        return {
          id: task.id,
          input: { due_date: dueDate, ...(remindAt !== undefined ? { remind_at: remindAt } : {}) },
        };
      }),
    );
    return {
      text: summary(`Rescheduled ${taskCount(tasks.length)}:`, tasks),
      data: { tasks },
    };
  },
});

export const taskTools = [findTasks, addTasks, updateTasks, completeTasks, rescheduleTasks, cancelTasks];
