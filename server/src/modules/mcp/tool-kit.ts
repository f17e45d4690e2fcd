import { formatInTimeZone, fromZonedTime } from "date-fns-tz";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import { createProjectRequestSchema, matchProjectName } from "@contract/projects";
import type { TaskJson } from "@contract/tasks";
import type { AppDeps } from "../../app-types";
import type { UserRow } from "../../db/schema";
import { NotFound, Validation } from "../../lib/domain-errors";
import { recurrenceInWords } from "../../lib/recurrence";
import { allDayDate } from "../../lib/time-zone";
import { createProject, projectsToMatch } from "../projects/service";

/** Who calls a tool, and with what: every tool works on the token owner's data only. */
export interface ToolContext {
  deps: AppDeps;
  user: Pick<UserRow, "id" | "timezone" | "default_reminder_minutes" | "morning_hour" | "date_order">;
  /** The zone the user's days are counted in (their own, or UTC). */
  timeZone: string;
  log: FastifyBaseLogger;
}

/** What a tool answers: a few lines for the model to read, and the same facts as data. */
export interface ToolAnswer {
  text: string;
  data: Record<string, unknown>;
}

/**
 * A workflow tool. `access: "read"` tools change nothing and are all a read-only token sees;
 * "write" tools change the user's tasks through the same services as the REST API.
 */
export interface WorkflowTool<Shape extends z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  access: "read" | "write";
  input: Shape;
  run(context: ToolContext, args: z.output<z.ZodObject<Shape>>): Promise<ToolAnswer>;
}

export function workflowTool<Shape extends z.ZodRawShape>(tool: WorkflowTool<Shape>): WorkflowTool<Shape> {
  return tool;
}

/** A value read with a contract schema; the first problem becomes a 400-style message naming `what`. */
export function parsedWith<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  what: string,
): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join(".");
  throw new Validation(`${what}: ${field ? `${field}: ` : ""}${issue?.message ?? "is invalid"}`);
}

const DAY_IN_WORDS = "EEEE, d MMMM yyyy";

/** A local date (YYYY-MM-DD) in words, with its weekday: "Thursday, 16 July 2030". */
export function dayInWords(date: string): string {
  return formatInTimeZone(new Date(`${date}T12:00:00Z`), "UTC", DAY_IN_WORDS);
}

/**
 * A due date as a person says it back, with the weekday, where the user lives: "Thursday,
 * 16 July 2030 at 15:00 (Europe/Berlin)", or "Thursday, 16 July 2030, all day".
 */
export function dueInWords(iso: string, timeZone: string): string {
  const day = formatInTimeZone(new Date(iso), timeZone, DAY_IN_WORDS);
  if (allDayDate(iso, timeZone)) return `${day}, all day`;
  return `${day} at ${formatInTimeZone(new Date(iso), timeZone, "HH:mm")} (${timeZone})`;
}

/** The instant a local date (YYYY-MM-DD) begins in the zone. */
export function startOfLocalDay(date: string, timeZone: string): string {
  return fromZonedTime(`${date}T00:00:00`, timeZone).toISOString();
}

/** A task as the tools show it: its project by name and its due date in words as well. */
export interface ToolTask {
  id: string;
  title: string;
  description: string | null;
  status: TaskJson["status"];
  priority: TaskJson["priority"];
  tags: string[];
  project: string | null;
  project_id: string;
  due_date: string | null;
  due: string | null;
  recurrence: string | null;
  /** The rule in words ("every week on Monday"), or null. */
  repeats: string | null;
  parent_id: string | null;
  scheduled_start: string | null;
  duration_minutes: number | null;
}

export function toolTask(
  task: TaskJson,
  projectNames: ReadonlyMap<string, string>,
  timeZone: string,
): ToolTask {
  return {
    id: task.id,
    title: task.title,
    description: task.description,
    status: task.status,
    priority: task.priority,
    tags: task.tags,
    project: projectNames.get(task.project_id) ?? null,
    project_id: task.project_id,
    due_date: task.due_date,
    due: task.due_date ? dueInWords(task.due_date, timeZone) : null,
    recurrence: task.recurrence,
    repeats: task.recurrence ? recurrenceInWords(task.recurrence) : null,
    parent_id: task.parent_id,
    scheduled_start: task.scheduled_start,
    duration_minutes: task.duration_minutes,
  };
}

/** "1 task", "3 tasks". */
export function taskCount(count: number, kind = "task"): string {
  return `${count} ${kind}${count === 1 ? "" : "s"}`;
}

/** One line per task for the text summary. */
export function taskLine(task: ToolTask): string {
  const parts = [`"${task.title}"`, `id ${task.id}`];
  if (task.due) parts.push(`due ${task.due}`);
  if (task.project) parts.push(task.project);
  parts.push(`${task.priority} priority`);
  if (task.repeats) parts.push(`repeats ${task.repeats}`);
  if (task.status !== "pending") parts.push(task.status);
  return `- ${parts.join(" · ")}`;
}

/**
 * The user's projects, to name them and to find one by name (as quick add's +Name matches) or
 * by id. With `create`, a name no project has becomes a new project.
 */
export async function projectDirectory(context: ToolContext) {
  const { db, clock } = context.deps;
  const projects = await projectsToMatch(db, context.user.id);
  const names = new Map(projects.map((project) => [project.id, project.name]));
  return {
    names,
    projects,
    async find(nameOrId: string, { create }: { create: boolean }): Promise<string> {
      const known =
        projects.find((project) => project.id === nameOrId) ?? matchProjectName(projects, nameOrId);
      if (known) return known.id;
      if (!create) {
        throw new NotFound(`No project is named "${nameOrId}"; list_projects shows the user's projects`);
      }
      const input = parsedWith(createProjectRequestSchema, { name: nameOrId }, "project");
      const made = await createProject(db, clock, context.user.id, input);
      projects.push({ id: made.id, name: made.name, archived: false });
      names.set(made.id, made.name);
      return made.id;
    },
  };
}
