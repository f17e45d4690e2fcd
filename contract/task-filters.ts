import { z } from "zod";
import { withoutNul } from "./common";
import type { TaskPriority, TaskStatus } from "./task-values";

// The filters of the task list: what the web app asks for, and the query string that carries it.

export interface TaskFilters {
  status?: TaskStatus[];
  /** With every subtask of the tasks kept, whatever its status. */
  with_subtasks?: boolean;
  priority?: TaskPriority[];
  tags?: string[];
  has_due_date?: boolean;
  search?: string;
  project_id?: string;
}

/** The orders of GET /api/v1/tasks: the to-do list's, or newest completion first (history pages). */
export const TASK_LIST_ORDERS = ["due", "completed_at"] as const;
export type TaskListOrder = (typeof TASK_LIST_ORDERS)[number];
/** The most tasks one page (limit) may ask for. */
export const TASK_PAGE_MAX = 500;

/** The query string of GET /api/v1/tasks: lists are comma-joined. */
export const taskFiltersQuerySchema = /* @__PURE__ */ z.object({
  status: withoutNul(z.string(), "status").optional(),
  priority: withoutNul(z.string(), "priority").optional(),
  tags: withoutNul(z.string(), "tags").optional(),
  has_due_date: z.enum(["true", "false"], { error: "has_due_date must be true or false" }).optional(),
  search: withoutNul(
    z.string().max(500, { error: "search must be at most 500 characters" }),
    "search",
  ).optional(),
  project_id: withoutNul(z.string(), "project_id")
    .optional()
    .meta({ description: "Only the tasks in this project (another user's or an unknown id: 404)" }),
  with_subtasks: z
    .enum(["true", "false"], { error: "with_subtasks must be true or false" })
    .optional()
    .meta({
      description:
        "true: also every subtask, at any level, of the tasks the status, priority, has_due_date and " +
        "project_id filters keep, whatever its own (a parent's completed subtasks, for its progress); a " +
        "search or tag filter applies to them too",
    }),
  order: z
    .enum(TASK_LIST_ORDERS, { error: "order must be due or completed_at" })
    .optional()
    .meta({
      description:
        "due (the default): the to-do order described above. completed_at: newest completion first " +
        "(then by id, descending); tasks never completed come after them.",
    }),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${TASK_PAGE_MAX}` })
    .int({ error: `limit must be a whole number from 1 to ${TASK_PAGE_MAX}` })
    .min(1, { error: `limit must be a whole number from 1 to ${TASK_PAGE_MAX}` })
    .max(TASK_PAGE_MAX, { error: `limit must be a whole number from 1 to ${TASK_PAGE_MAX}` })
    .optional()
    .meta({ description: `At most this many tasks, the first in the chosen order (1–${TASK_PAGE_MAX})` }),
  after: withoutNul(z.string().max(200, { error: "after must be at most 200 characters" }), "after")
    .optional()
    .meta({
      description:
        "With order=completed_at, the next page: the tasks after this one, given as its completed_at and id " +
        "joined by a comma (completed_at empty for a task never completed).",
      example: "2026-11-30T06:30:00.000Z,0193a2b4-1c2d-7e8f-9a0b-1c2d3e4f5a6b",
    }),
});
export type TaskFiltersQuery = z.infer<typeof taskFiltersQuerySchema>;

/** The `after` of the page that follows this task in order=completed_at. */
export function taskPageCursor(task: { completed_at?: string | null; id: string }): string {
  return `${task.completed_at ?? ""},${task.id}`;
}

/** Serialises filters as the list call reads them (comma-joined lists), leaving out what is empty. */
export function taskFiltersToQuery(filters: TaskFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.status?.length) query.status = filters.status.join(",");
  if (filters.priority?.length) query.priority = filters.priority.join(",");
  if (filters.tags?.length) query.tags = filters.tags.join(",");
  if (filters.has_due_date !== undefined) query.has_due_date = String(filters.has_due_date);
  if (filters.search?.trim()) query.search = filters.search.trim();
  if (filters.project_id) query.project_id = filters.project_id;
  if (filters.with_subtasks) query.with_subtasks = "true";
  return query;
}
