import {
  MANUAL_SOURCE,
  normalisePriority,
  normaliseStatus,
  toWireStatus,
  type TaskJson,
  type TaskSource,
} from "@contract/tasks";
import type { TaskRow } from "../../db/schema";

function parseTags(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === "string") : [];
  } catch {
    return [];
  }
}

/**
 * The columns a task's wire shape is made of: what a list reads of each task, and all that
 * toTaskJson looks at (the owner, the task it follows and the row's version stay in the table).
 */
export const TASK_WIRE_COLUMNS = [
  "id",
  "title",
  "description",
  "status",
  "priority",
  "due_date",
  "tags",
  "source_type",
  "source_origin",
  "source_filename",
  "created_at",
  "updated_at",
  "completed_at",
  "completed_at_approximate",
  "recurrence",
  "remind_at",
  "project_id",
  "parent_id",
  "duration_minutes",
  "scheduled_start",
  "assignee_id",
  "position",
] as const satisfies ReadonlyArray<keyof TaskRow>;

export type TaskWireRow = Pick<TaskRow, (typeof TASK_WIRE_COLUMNS)[number]>;

function sourceOfRow(row: TaskWireRow): TaskSource {
  if (row.source_type === MANUAL_SOURCE.type) return MANUAL_SOURCE;
  const source: TaskSource = { type: row.source_type as TaskSource["type"] };
  if (row.source_origin !== null) source.origin = row.source_origin;
  if (row.source_filename !== null) source.filename = row.source_filename;
  return source;
}

/** A stored task as the wire carries it: in_progress spelled so, source flat. */
export function toTaskJson(row: TaskWireRow): TaskJson {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: toWireStatus(normaliseStatus(row.status)),
    priority: normalisePriority(row.priority),
    due_date: row.due_date,
    tags: parseTags(row.tags),
    source: sourceOfRow(row),
    created_at: row.created_at,
    updated_at: row.updated_at,
    completed_at: row.completed_at,
    completed_at_approximate: row.completed_at_approximate === 1,
    recurrence: row.recurrence ?? null,
    remind_at: row.remind_at,
    // Only a task the previous release wrote during an upgrade has none; listing moves it to the Inbox.
    project_id: row.project_id ?? "",
    parent_id: row.parent_id,
    duration_minutes: row.duration_minutes ?? null,
    scheduled_start: row.scheduled_start ?? null,
    assignee_id: row.assignee_id ?? null,
    position: row.position ?? null,
  };
}
