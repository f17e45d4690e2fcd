import { apiRoutes } from "@contract/routes";
import {
  MANUAL_SOURCE,
  TASK_PRIORITIES,
  computeTaskStats,
  createTaskRequestSchema,
  parseStatusInput,
  taskFiltersQuerySchema,
  taskFromWire,
  toWireStatus,
  updateTaskRequestSchema,
  type TaskJson,
  type TaskPriority,
  type TaskStatus,
} from "@contract/tasks";
import { http, HttpResponse } from "msw";
import { emptyTaskJson } from "../fixtures";
import type { z } from "zod";

/**
 * An in-memory fake of the tasks API speaking the contract's shapes: status in_progress
 * on the wire, errors as `{ message }`. One user: any bearer token owns the same list. Tests seed
 * it with `taskStore.reset([...])` (it is not cleared between tests by itself).
 */
let tasks: TaskJson[] = [];
let nextId = 1;

export const taskStore = {
  /** Replaces every task (default: none). */
  reset(seed: TaskJson[] = []): void {
    tasks = seed.map((task) => ({ ...task, tags: [...task.tags] }));
  },
  all(): TaskJson[] {
    return tasks.map((task) => ({ ...task }));
  },
  find(id: string): TaskJson | undefined {
    const task = tasks.find((candidate) => candidate.id === id);
    return task && { ...task };
  },
};

const messageResponse = (message: string, status: number) => HttpResponse.json({ message }, { status });

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request";
  return issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message;
}

function unauthenticated(request: Request): boolean {
  return !request.headers.get("Authorization")?.startsWith("Bearer ");
}

function list(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}

type Filter = (task: TaskJson) => boolean;

/** The query of GET /api/v1/tasks as filters, or the message of a 400 naming the bad one. */
function filtersFrom(url: URL): Filter[] | string {
  const parsed = taskFiltersQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return firstIssue(parsed.error);
  const query = parsed.data;
  const filters: Filter[] = [];

  const statuses = list(query.status).map(parseStatusInput);
  if (statuses.includes(undefined)) return "status: must be pending, in_progress, completed or cancelled";
  if (statuses.length) filters.push((task) => statuses.includes(parseStatusInput(task.status)));

  const priorities = list(query.priority);
  if (priorities.some((priority) => !TASK_PRIORITIES.includes(priority as TaskPriority))) {
    return "priority: must be low, medium, high or urgent";
  }
  if (priorities.length) filters.push((task) => priorities.includes(task.priority));

  const tags = list(query.tags).map((tag) => tag.toLowerCase());
  if (tags.length) filters.push((task) => task.tags.some((tag) => tags.includes(tag.toLowerCase())));

  if (query.has_due_date) {
    const wanted = query.has_due_date === "true";
    filters.push((task) => (task.due_date !== null) === wanted);
  }

  const search = query.search?.trim().toLowerCase();
  if (search) {
    filters.push((task) =>
      [task.title, task.description ?? "", ...task.tags].some((text) => text.toLowerCase().includes(search)),
    );
  }
  return filters;
}

const isOpen = (task: TaskJson) => task.status === "pending" || task.status === "in_progress";

/** The server's order: open before finished, then by due date (none last), then newest. */
function compareTasks(a: TaskJson, b: TaskJson): number {
  if (isOpen(a) !== isOpen(b)) return isOpen(a) ? -1 : 1;
  if (a.due_date !== b.due_date) {
    if (a.due_date === null) return 1;
    if (b.due_date === null) return -1;
    return Date.parse(a.due_date) - Date.parse(b.due_date);
  }
  return b.created_at.localeCompare(a.created_at);
}

function withStatus(task: TaskJson, status: TaskStatus, now: string): TaskJson {
  const wire = toWireStatus(status);
  const completedAt = wire === "completed" ? (task.status === "completed" ? task.completed_at : now) : null;
  // Completing a task clears its reminder.
  const remindAt = wire === "completed" ? null : task.remind_at;
  return {
    ...task,
    status: wire,
    completed_at: completedAt,
    completed_at_approximate:
      wire === "completed" && task.status === "completed" && task.completed_at_approximate,
    remind_at: remindAt,
  };
}

export const taskHandlers = [
  http.get(apiRoutes.listTasks.path, ({ request }) => {
    if (unauthenticated(request)) return messageResponse("Not authenticated", 401);
    const filters = filtersFrom(new URL(request.url));
    if (typeof filters === "string") return messageResponse(filters, 400);
    return HttpResponse.json(
      tasks.filter((task) => filters.every((filter) => filter(task))).sort(compareTasks),
    );
  }),

  http.post(apiRoutes.createTask.path, async ({ request }) => {
    if (unauthenticated(request)) return messageResponse("Not authenticated", 401);
    const parsed = createTaskRequestSchema.safeParse(await request.json().catch(() => undefined));
    if (!parsed.success) return messageResponse(firstIssue(parsed.error), 400);
    const { status, source, ...fields } = parsed.data;
    const now = new Date().toISOString();
    const created = withStatus(
      {
        // Every field of a task, null unless given (a new optional field needs nothing here).
        ...emptyTaskJson(),
        ...fields,
        id: `fake-task-${nextId++}`,
        project_id: fields.project_id ?? "project-inbox",
        status: "pending",
        source: source ?? MANUAL_SOURCE,
        created_at: now,
        updated_at: now,
        completed_at_approximate: false,
      },
      status ?? "pending",
      now,
    );
    tasks.push(created);
    return HttpResponse.json(created, { status: 201 });
  }),

  // Before /:id, which would otherwise take "stats" for an id.
  http.get(apiRoutes.taskStats.path, ({ request }) => {
    if (unauthenticated(request)) return messageResponse("Not authenticated", 401);
    return HttpResponse.json(computeTaskStats(tasks.map(taskFromWire)));
  }),

  http.get(apiRoutes.getTask.path, ({ request, params }) => {
    if (unauthenticated(request)) return messageResponse("Not authenticated", 401);
    const task = taskStore.find(String(params.id));
    return task ? HttpResponse.json(task) : messageResponse("Task not found", 404);
  }),

  http.put(apiRoutes.updateTask.path, async ({ request, params }) => {
    if (unauthenticated(request)) return messageResponse("Not authenticated", 401);
    const index = tasks.findIndex((task) => task.id === String(params.id));
    const current = tasks[index];
    if (!current) return messageResponse("Task not found", 404);
    const parsed = updateTaskRequestSchema.safeParse(await request.json().catch(() => undefined));
    if (!parsed.success) return messageResponse(firstIssue(parsed.error), 400);
    const { status, ...changes } = parsed.data;
    const now = new Date().toISOString();
    const given = Object.entries(changes).filter(([, value]) => value !== undefined);
    let updated: TaskJson = { ...current, ...Object.fromEntries(given), updated_at: now };
    if (status !== undefined) updated = withStatus(updated, status, now);
    tasks[index] = updated;
    return HttpResponse.json(updated);
  }),

  http.delete(apiRoutes.deleteTask.path, ({ request, params }) => {
    if (unauthenticated(request)) return messageResponse("Not authenticated", 401);
    const before = tasks.length;
    tasks = tasks.filter((task) => task.id !== String(params.id));
    return tasks.length < before
      ? new HttpResponse(null, { status: 204 })
      : messageResponse("Task not found", 404);
  }),
];
