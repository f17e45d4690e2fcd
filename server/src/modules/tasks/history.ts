import type { CreateTaskInput } from "@contract/tasks";
import type { TaskEventJson, TaskEventKind } from "@contract/analytics";
import type { Db } from "../../db/database";
import type { NewTaskEvent, TaskRow } from "../../db/schema";
import { newTimeOrderedId } from "../../lib/ids";
import { selectTaskEvents } from "./repository";

/**
 * History: every create, status change, due-date change and delete leaves an event, written by
 * the unit of work in the same transaction as the change itself.
 */

/** What an import knows of a task's past (the JSON export carries it). */
export interface TaskHistory {
  created_at?: string;
  completed_at?: string | null;
  completed_at_approximate?: boolean;
  events?: readonly TaskEventJson[];
}

/** A task to create, with its past when it comes from an export. */
export type NewTaskInput = CreateTaskInput & { history?: TaskHistory };

export function taskEvent(
  row: Pick<TaskRow, "id" | "user_id">,
  kind: TaskEventKind,
  change: { from: string | null; to: string | null; at: string },
): NewTaskEvent {
  return {
    id: newTimeOrderedId(Date.parse(change.at)),
    user_id: row.user_id,
    task_id: row.id,
    kind,
    from_value: change.from,
    to_value: change.to,
    at: change.at,
  };
}

/** A new due date is "due_changed" when one was set or cleared, "rescheduled" when it moved. */
function dueChangeKind(from: string | null, to: string | null): TaskEventKind {
  return from !== null && to !== null ? "rescheduled" : "due_changed";
}

/** The events of a task just created: those it brought along, or its creation. */
export function creationEvents(row: TaskRow, history: TaskHistory | undefined): NewTaskEvent[] {
  if (history?.events?.length) return history.events.map((event) => taskEvent(row, event.kind, event));
  return [taskEvent(row, "created", { from: null, to: row.status, at: row.created_at })];
}

/** A task's history in the shape of the JSON export, by task id, oldest first. */
export async function getTaskHistories(
  db: Db,
  userId: string,
  taskIds: readonly string[],
): Promise<Map<string, TaskEventJson[]>> {
  const histories = new Map<string, TaskEventJson[]>(taskIds.map((id) => [id, []]));
  for (const event of await selectTaskEvents(db, userId, taskIds)) {
    histories.get(event.task_id)?.push({
      kind: event.kind as TaskEventKind,
      from: event.from_value,
      to: event.to_value,
      at: event.at,
    });
  }
  return histories;
}

/** A timestamp an import brings, as stored (ISO UTC), no later than now; undefined when unreadable. */
export function pastInstant(value: string | null | undefined, nowIso: string): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return undefined;
  return new Date(Math.min(time, Date.parse(nowIso))).toISOString();
}

/** The history a change leaves: its status and due-date moves. */
export function changeEvents(current: TaskRow, changes: Partial<TaskRow>, at: string): NewTaskEvent[] {
  const events: NewTaskEvent[] = [];
  if (changes.status !== undefined)
    events.push(taskEvent(current, "status_changed", { from: current.status, to: changes.status, at }));
  if (changes.due_date !== undefined) {
    const kind = dueChangeKind(current.due_date, changes.due_date);
    events.push(taskEvent(current, kind, { from: current.due_date, to: changes.due_date, at }));
  }
  return events;
}
