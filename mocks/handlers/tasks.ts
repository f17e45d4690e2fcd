import { apiRoutes } from "@contract/routes";
import {
  MANUAL_SOURCE,
  TASK_MAX_DEPTH,
  compareSubtasks,
  TASK_PRIORITIES,
  taskMessages,
  computeTaskStats,
  isOpenStatus,
  normaliseStatus,
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
import { batchUpdateRequestSchema, taskIdsRequestSchema, TRASH_DAYS } from "@contract/trash";
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
/** What the fake's trash holds: each task deleted, with its subtree, newest first. */
let trash: Array<{ root: TaskJson; tasks: TaskJson[]; deletedAt: string }> = [];

export const taskStore = {
  /** Replaces every task (default: none). */
  reset(seed: TaskJson[] = []): void {
    tasks = seed.map((task) => ({ ...task, tags: [...task.tags] }));
    trash = [];
  },
  all(): TaskJson[] {
    return tasks.map((task) => ({ ...task }));
  },
  find(id: string): TaskJson | undefined {
    const task = tasks.find((candidate) => candidate.id === id);
    return task && { ...task };
  },
  /** Changes one task as another call of the fake would (the plan's accept and undo); false: no such task. */
  update(id: string, changes: Partial<TaskJson>): boolean {
    const index = tasks.findIndex((candidate) => candidate.id === id);
    const current = tasks[index];
    if (!current) return false;
    tasks[index] = { ...current, ...changes, updated_at: new Date().toISOString() };
    return true;
  },
  /**
   * A project's deletion: its tasks move to `moveTo` (the Inbox), or are deleted when it is null.
   * Answers how many.
   */
  takeProject(projectId: string, moveTo: string | null): number {
    const inProject = tasks.filter((task) => task.project_id === projectId);
    tasks =
      moveTo === null
        ? tasks.filter((task) => task.project_id !== projectId)
        : tasks.map((task) => (task.project_id === projectId ? { ...task, project_id: moveTo } : task));
    return inProject.length;
  },
};

/** The task's id and the ids of every task below it. */
function subtreeIds(id: string): Set<string> {
  const ids = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const task of tasks) {
      if (task.parent_id !== null && ids.has(task.parent_id) && !ids.has(task.id)) {
        ids.add(task.id);
        grew = true;
      }
    }
  }
  return ids;
}

/** 1 for a top-level task. */
function levelOf(id: string): number {
  let level = 0;
  for (let task = tasks.find((each) => each.id === id); task;) {
    level += 1;
    const parentId = task.parent_id;
    task = parentId === null ? undefined : tasks.find((each) => each.id === parentId);
  }
  return level;
}

/** Levels from the task down to its deepest subtask (1 without subtasks). */
function heightOf(id: string): number {
  const children = tasks.filter((task) => task.parent_id === id);
  return 1 + Math.max(0, ...children.map((child) => heightOf(child.id)));
}

/** Why `id` cannot go under `parentId`, or undefined when it can. */
function refusedParent(
  id: string | undefined,
  parentId: string,
): { message: string; status: number } | undefined {
  if (!tasks.some((task) => task.id === parentId))
    return { message: taskMessages.parentNotFound, status: 404 };
  if (id !== undefined && subtreeIds(id).has(parentId)) return { message: taskMessages.cycle, status: 400 };
  const height = id === undefined ? 1 : heightOf(id);
  if (levelOf(parentId) + height > TASK_MAX_DEPTH) return { message: taskMessages.tooDeep, status: 400 };
  return undefined;
}

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

  if (query.project_id) filters.push((task) => task.project_id === query.project_id);

  const search = query.search?.trim().toLowerCase();
  if (search) {
    filters.push((task) =>
      [task.title, task.description ?? "", ...task.tags].some((text) => text.toLowerCase().includes(search)),
    );
  }
  return filters;
}

/** Still to do, read from the wire spelling. */
export const isOpen = (task: TaskJson) => isOpenStatus(normaliseStatus(task.status));

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

/** The tasks and every task below them. */
function withSubtasks(kept: TaskJson[]): TaskJson[] {
  const ids = new Set(kept.map((task) => task.id));
  for (let grew = true; grew;) {
    grew = false;
    for (const task of tasks) {
      if (task.parent_id !== null && ids.has(task.parent_id) && !ids.has(task.id)) {
        ids.add(task.id);
        grew = true;
      }
    }
  }
  return tasks.filter((task) => ids.has(task.id));
}

/** Newest completion first, never-completed last; then ids descending. */
function compareByCompletion(a: TaskJson, b: TaskJson): number {
  if (a.completed_at !== b.completed_at) {
    if (a.completed_at === null) return 1;
    if (b.completed_at === null) return -1;
    return a.completed_at < b.completed_at ? 1 : -1;
  }
  return a.id < b.id ? 1 : -1;
}

/** The part of the kept tasks the query asks for: with_subtasks, order, after and limit. */
function pageOf(url: URL, kept: TaskJson[]): TaskJson[] {
  const query = taskFiltersQuerySchema.parse(Object.fromEntries(url.searchParams));
  const chosen = query.with_subtasks === "true" ? withSubtasks(kept) : kept;
  if (query.order !== "completed_at") return chosen.sort(compareTasks).slice(0, query.limit);
  const ordered = chosen.sort(compareByCompletion);
  const [completedAt = "", id = ""] = query.after?.split(",") ?? [];
  const start = query.after
    ? ordered.findIndex(
        (task) => compareByCompletion(task, { ...task, completed_at: completedAt || null, id }) > 0,
      )
    : 0;
  return start === -1
    ? []
    : ordered.slice(start, query.limit === undefined ? undefined : start + query.limit);
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

type Refusal = { message: string; status: number };

/** As the server does: the moved subtask takes its place, and its siblings are numbered around it. */
function renumberSiblings(placed: TaskJson): void {
  const others = tasks
    .filter((task) => task.parent_id === placed.parent_id && task.id !== placed.id)
    .sort(compareSubtasks);
  const at = Math.min(placed.position ?? others.length, others.length);
  const order = [...others.slice(0, at), placed, ...others.slice(at)];
  const places = new Map(order.map((task, position) => [task.id, position]));
  tasks = tasks.map((task) =>
    places.has(task.id) ? { ...task, position: places.get(task.id) ?? null } : task,
  );
}

/** PUT /api/v1/tasks/:id on the fake's list: the task after, or why not. */
function applyUpdate(id: string, body: unknown): TaskJson | Refusal {
  const index = tasks.findIndex((task) => task.id === id);
  const current = tasks[index];
  if (!current) return { message: "Task not found", status: 404 };
  const parsed = updateTaskRequestSchema.safeParse(body);
  if (!parsed.success) return { message: firstIssue(parsed.error), status: 400 };
  const { status, complete_subtasks: completeSubtasks, ...changes } = parsed.data;
  if (changes.parent_id) {
    const refused = refusedParent(current.id, changes.parent_id);
    if (refused) return refused;
    changes.project_id = taskStore.find(changes.parent_id)?.project_id;
  } else if (changes.project_id !== undefined && changes.project_id !== current.project_id) {
    // Moved to another project on its own: a top-level task there.
    if (changes.parent_id === undefined) changes.parent_id = null;
  }
  const now = new Date().toISOString();
  const given = Object.entries(changes).filter(([, value]) => value !== undefined);
  let updated: TaskJson = { ...current, ...Object.fromEntries(given), updated_at: now };
  if (status !== undefined) updated = withStatus(updated, status, now);
  tasks[index] = updated;
  if (changes.position !== undefined && updated.parent_id !== null) renumberSiblings(updated);
  const below = subtreeIds(current.id);
  below.delete(current.id);
  tasks = tasks.map((task) => {
    if (!below.has(task.id)) return task;
    let moved = { ...task, project_id: updated.project_id };
    if (completeSubtasks && status === "completed" && isOpen(task))
      moved = withStatus(moved, "completed", now);
    return moved;
  });
  return updated;
}

/** Deletes the tasks, each with its subtree, into the trash; false (and nothing deleted) if one is unknown. */
function moveToTrash(ids: readonly string[]): boolean {
  if (!ids.every((id) => tasks.some((task) => task.id === id))) return false;
  const deletedAt = new Date().toISOString();
  for (const id of ids) {
    const gone = subtreeIds(id);
    const root = tasks.find((task) => task.id === id);
    if (root) trash.unshift({ root, tasks: tasks.filter((task) => gone.has(task.id)), deletedAt });
    tasks = tasks.filter((task) => !gone.has(task.id));
  }
  return true;
}

const trashHandlers = [
  http.get(apiRoutes.listTrash.path, ({ request }) => {
    if (unauthenticated(request)) return messageResponse("Not authenticated", 401);
    return HttpResponse.json(
      trash.map((entry) => ({
        task: entry.root,
        subtask_count: entry.tasks.length - 1,
        deleted_at: entry.deletedAt,
        purge_at: new Date(Date.parse(entry.deletedAt) + TRASH_DAYS * 86_400_000).toISOString(),
      })),
    );
  }),

  http.post(apiRoutes.trashTasks.path, async ({ request }) => {
    if (unauthenticated(request)) return messageResponse("Not authenticated", 401);
    const parsed = taskIdsRequestSchema.safeParse(await request.json().catch(() => undefined));
    if (!parsed.success) return messageResponse(firstIssue(parsed.error), 400);
    return moveToTrash(parsed.data.ids)
      ? HttpResponse.json({ ids: parsed.data.ids })
      : messageResponse("Task not found", 404);
  }),

  http.post(apiRoutes.restoreTasks.path, async ({ request }) => {
    if (unauthenticated(request)) return messageResponse("Not authenticated", 401);
    const parsed = taskIdsRequestSchema.safeParse(await request.json().catch(() => undefined));
    if (!parsed.success) return messageResponse(firstIssue(parsed.error), 400);
    const ids = new Set(parsed.data.ids);
    const restored = trash.filter((entry) => ids.has(entry.root.id));
    if (restored.length !== ids.size) return messageResponse("No such task in the trash", 404);
    trash = trash.filter((entry) => !ids.has(entry.root.id));
    tasks.push(...restored.flatMap((entry) => entry.tasks));
    return HttpResponse.json({ ids: restored.flatMap((entry) => entry.tasks.map((task) => task.id)) });
  }),

  http.delete(apiRoutes.emptyTrash.path, ({ request }) => {
    if (unauthenticated(request)) return messageResponse("Not authenticated", 401);
    trash = [];
    return new HttpResponse(null, { status: 204 });
  }),

  http.post(apiRoutes.batchUpdateTasks.path, async ({ request }) => {
    if (unauthenticated(request)) return messageResponse("Not authenticated", 401);
    const parsed = batchUpdateRequestSchema.safeParse(await request.json().catch(() => undefined));
    if (!parsed.success) return messageResponse(firstIssue(parsed.error), 400);
    const before = [...tasks];
    const updated: TaskJson[] = [];
    for (const { id, changes } of parsed.data.updates) {
      const result = applyUpdate(id, changes);
      if ("message" in result) {
        tasks = before;
        return messageResponse(result.message, result.status);
      }
      updated.push(result);
    }
    return HttpResponse.json(updated);
  }),
];

export const taskHandlers = [
  // Before /:id, which would otherwise take "trash" or "batch" for an id.
  ...trashHandlers,
  http.get(apiRoutes.listTasks.path, ({ request }) => {
    if (unauthenticated(request)) return messageResponse("Not authenticated", 401);
    const url = new URL(request.url);
    const filters = filtersFrom(url);
    if (typeof filters === "string") return messageResponse(filters, 400);
    const kept = tasks.filter((task) => filters.every((filter) => filter(task)));
    return HttpResponse.json(pageOf(url, kept));
  }),

  http.post(apiRoutes.createTask.path, async ({ request }) => {
    if (unauthenticated(request)) return messageResponse("Not authenticated", 401);
    const parsed = createTaskRequestSchema.safeParse(await request.json().catch(() => undefined));
    if (!parsed.success) return messageResponse(firstIssue(parsed.error), 400);
    const { status, source, ...fields } = parsed.data;
    if (fields.parent_id) {
      const refused = refusedParent(undefined, fields.parent_id);
      if (refused) return messageResponse(refused.message, refused.status);
      fields.project_id = taskStore.find(fields.parent_id)?.project_id;
    }
    const now = new Date().toISOString();
    const created = withStatus(
      {
        // Every field of a task, null unless given (a new optional field needs nothing here).
        ...emptyTaskJson(),
        ...fields,
        id: `fake-task-${nextId++}`,
        project_id: fields.project_id ?? "project-inbox",
        parent_id: fields.parent_id ?? null,
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
    const updated = applyUpdate(String(params.id), await request.json().catch(() => undefined));
    return "message" in updated
      ? messageResponse(updated.message, updated.status)
      : HttpResponse.json(updated);
  }),

  http.delete(apiRoutes.deleteTask.path, ({ request, params }) => {
    if (unauthenticated(request)) return messageResponse("Not authenticated", 401);
    return moveToTrash([String(params.id)])
      ? new HttpResponse(null, { status: 204 })
      : messageResponse("Task not found", 404);
  }),
];
