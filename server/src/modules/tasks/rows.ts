import { MANUAL_SOURCE, type CreateTaskInput, type UpdateTaskInput } from "@contract/tasks";
import type { TaskRow } from "../../db/schema";
import { Validation } from "../../lib/domain-errors";
import { newTimeOrderedId } from "../../lib/ids";
import { normaliseRecurrence, recurrenceProblem } from "../../lib/recurrence";
import { pastInstant, type NewTaskInput } from "./history";
import { alignedToRule } from "./occurrences";
import type { Placement } from "./tree";

/** How a task is stored: rows made from what a create or an update asks for. */

export const TASK_NOT_FOUND = "Task not found";

/** Due dates are stored as UTC ISO with milliseconds, so they sort and compare as text. */
export function normaliseDueDate(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) throw new Validation("due_date: Invalid ISO datetime");
  return new Date(time).toISOString();
}

/**
 * A rule as stored (ical.js's spelling), or a 400 naming the field: a rule no task can carry, or a
 * repeating task without a due date, since the rule's dates count from it.
 */
function checkedRecurrence(rule: string | null | undefined, dueDate: string | null): string | null {
  const problem = recurrenceProblem(rule, dueDate);
  if (problem) throw new Validation(problem);
  return rule === null || rule === undefined ? null : normaliseRecurrence(rule);
}

/**
 * The fields stored as the client gives them: a create copies them (null when left out) and an
 * update changes those it sends. A new task field without rules of its own is added here.
 */
const PLAIN_FIELDS = [
  "title",
  "description",
  "priority",
  "duration_minutes",
  "assignee_id",
] as const satisfies ReadonlyArray<keyof CreateTaskInput & keyof TaskRow>;

function plainFieldsOf(input: CreateTaskInput): Pick<TaskRow, (typeof PLAIN_FIELDS)[number]> {
  return Object.fromEntries(PLAIN_FIELDS.map((field) => [field, input[field] ?? null])) as Pick<
    TaskRow,
    (typeof PLAIN_FIELDS)[number]
  >;
}

export function newTaskRow(
  userId: string,
  input: NewTaskInput,
  placement: Placement,
  nowIso: string,
  timeZone: string,
): TaskRow {
  const status = input.status ?? "pending";
  const source = input.source ?? MANUAL_SOURCE;
  const recurrence = checkedRecurrence(input.recurrence, normaliseDueDate(input.due_date));
  const { dueDate, remindAt } = alignedToRule(
    recurrence,
    { dueDate: normaliseDueDate(input.due_date), remindAt: normaliseDueDate(input.remind_at) },
    { status, timeZone, nowIso },
  );
  // An imported task keeps when it was created and completed.
  const createdAt = pastInstant(input.history?.created_at, nowIso) ?? nowIso;
  const completedAt = pastInstant(input.history?.completed_at, nowIso);
  return {
    // Time-ordered, from the time of writing: a new task's key lands at the end of the primary-key index.
    id: newTimeOrderedId(Date.parse(nowIso)),
    user_id: userId,
    ...plainFieldsOf(input),
    status,
    due_date: dueDate,
    tags: JSON.stringify(input.tags),
    source_type: source.type,
    source_origin: source.origin ?? null,
    source_filename: source.filename ?? null,
    created_at: createdAt,
    updated_at: nowIso,
    completed_at: status === "completed" ? (completedAt ?? nowIso) : null,
    completed_at_approximate:
      status === "completed" && completedAt !== undefined && input.history?.completed_at_approximate ? 1 : 0,
    recurrence,
    follows_task_id: null,
    // A completed task has nothing left to remind of.
    remind_at: status === "completed" ? null : remindAt,
    project_id: placement.project_id,
    parent_id: placement.parent_id,
    position: placement.position,
    scheduled_start: normaliseDueDate(input.scheduled_start),
  };
}

/** What a partial update really changes; completed_at follows the status. */
export function changesOf(
  current: TaskRow,
  input: UpdateTaskInput,
  context: { nowIso: string; timeZone: string },
): Partial<TaskRow> {
  const { nowIso } = context;
  const changes: Partial<TaskRow> = {};
  for (const field of PLAIN_FIELDS) {
    const value = input[field];
    if (value !== undefined && value !== current[field]) Object.assign(changes, { [field]: value });
  }
  if (input.due_date !== undefined) {
    const dueDate = normaliseDueDate(input.due_date);
    if (dueDate !== current.due_date) changes.due_date = dueDate;
  }
  if (input.scheduled_start !== undefined) {
    const scheduledStart = normaliseDueDate(input.scheduled_start);
    if (scheduledStart !== current.scheduled_start) changes.scheduled_start = scheduledStart;
  }
  if (input.tags !== undefined) {
    const tags = JSON.stringify(input.tags);
    if (tags !== current.tags) changes.tags = tags;
  }
  if (input.status !== undefined && input.status !== current.status) {
    changes.status = input.status;
    if (input.status === "completed") changes.completed_at = nowIso;
    else if (current.completed_at !== null) changes.completed_at = null;
    if (current.completed_at_approximate !== 0) changes.completed_at_approximate = 0;
  }
  if (input.recurrence !== undefined || input.due_date !== undefined) {
    const rule = input.recurrence === undefined ? current.recurrence : input.recurrence;
    const recurrence = checkedRecurrence(
      rule,
      changes.due_date === undefined ? current.due_date : changes.due_date,
    );
    if (recurrence !== current.recurrence) changes.recurrence = recurrence;
  }
  if (changes.recurrence) {
    const dueDate = changes.due_date === undefined ? current.due_date : changes.due_date;
    const remindAt = input.remind_at === undefined ? current.remind_at : normaliseDueDate(input.remind_at);
    const aligned = alignedToRule(
      changes.recurrence,
      { dueDate, remindAt },
      { status: changes.status ?? current.status, timeZone: context.timeZone, nowIso },
    );
    if (aligned.dueDate !== current.due_date) changes.due_date = aligned.dueDate;
    if (aligned.remindAt !== current.remind_at) changes.remind_at = aligned.remindAt;
  }
  if (input.remind_at !== undefined) {
    const remindAt = normaliseDueDate(input.remind_at);
    if (remindAt !== current.remind_at) changes.remind_at = remindAt;
  }
  // A completed task has no reminder: completing one clears it.
  if ((changes.status ?? current.status) === "completed") {
    if (current.remind_at === null) delete changes.remind_at;
    else changes.remind_at = null;
  }
  return changes;
}
