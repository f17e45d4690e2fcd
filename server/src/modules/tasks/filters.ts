import {
  TASK_PRIORITIES,
  parseStatusInput,
  taskPrioritySchema,
  type TaskFiltersQuery,
  type TaskJson,
  type TaskPriority,
  type TaskStatus,
} from "@contract/tasks";
import { Validation } from "../../lib/domain-errors";
import type { TaskQueryFilters } from "./repository";

/** More tags than this in one filter is not a real list; it would only make the query huge. */
const FILTER_TAGS_MAX = 50;

function listValues(raw: string | undefined): string[] {
  if (raw === undefined) return [];
  return [
    ...new Set(
      raw
        .split(",")
        .map((value) => value.trim())
        .filter((value) => value.length > 0),
    ),
  ];
}

function quoted(value: string): string {
  return `'${value.length > 40 ? `${value.slice(0, 40)}…` : value}'`;
}

function parseStatuses(raw: string | undefined): TaskStatus[] {
  return listValues(raw).map((value) => {
    const status = parseStatusInput(value);
    if (!status) {
      throw new Validation(
        `status: unknown value ${quoted(value)} (use pending, in_progress, completed or cancelled)`,
        "invalid_filter",
      );
    }
    return status;
  });
}

function parsePriorities(raw: string | undefined): TaskPriority[] {
  return listValues(raw).map((value) => {
    const parsed = taskPrioritySchema.safeParse(value.toLowerCase());
    if (!parsed.success) {
      throw new Validation(
        `priority: unknown value ${quoted(value)} (use ${TASK_PRIORITIES.join(", ")})`,
        "invalid_filter",
      );
    }
    return parsed.data;
  });
}

function parseTagFilter(raw: string | undefined): string[] {
  const tags = listValues(raw);
  if (tags.length > FILTER_TAGS_MAX) {
    throw new Validation(
      `tags: at most ${FILTER_TAGS_MAX} tags can be filtered on at once`,
      "invalid_filter",
    );
  }
  return tags;
}

/** The query string read into filters; an unknown value is a 400 naming the parameter. */
export function parseTaskFilters(query: TaskFiltersQuery): TaskQueryFilters {
  const search = query.search?.trim();
  return {
    // An empty project_id (a client's form left blank) filters nothing, as an empty status does.
    ...(query.project_id ? { projectId: query.project_id } : {}),
    statuses: parseStatuses(query.status),
    priorities: parsePriorities(query.priority),
    tags: parseTagFilter(query.tags),
    hasDueDate: query.has_due_date === undefined ? undefined : query.has_due_date === "true",
    search: search ? search : undefined,
  };
}

/**
 * The exact rules behind the SQL's LIKE pre-selection: a tag filter matches whole tags, and a
 * search matches inside one field or one tag (never across the JSON text of two tags). Made once
 * per list, then asked of each task.
 */
export function exactMatcher(filters: TaskQueryFilters): (task: TaskJson) => boolean {
  const wanted = filters.tags?.length ? new Set(filters.tags.map((tag) => tag.toLowerCase())) : undefined;
  const needle = filters.search?.toLowerCase();
  const contains = (field: string) => field.toLowerCase().includes(needle ?? "");
  return (task) => {
    if (wanted && !task.tags.some((tag) => wanted.has(tag.toLowerCase()))) return false;
    if (needle && !contains(task.title) && !contains(task.description ?? "") && !task.tags.some(contains))
      return false;
    return true;
  };
}
