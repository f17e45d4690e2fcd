import { compareSubtasks, taskMessages, type UpdateTaskInput } from "@contract/tasks";
import type { Db } from "../../db/database";
import type { TaskRow } from "../../db/schema";
import { Validation } from "../../lib/domain-errors";
import { selectChildren } from "./repository";

/** A subtask's place among its parent's subtasks: new ones go last, and a move renumbers them. */

/** The place after the last subtask of each parent (0 for a parent without any). */
export async function nextPositions(
  db: Db,
  userId: string,
  parentIds: readonly string[],
): Promise<Map<string, number>> {
  const next = new Map(parentIds.map((id) => [id, 0]));
  for (const child of await selectChildren(db, userId, parentIds)) {
    const parentId = child.parent_id ?? "";
    next.set(parentId, Math.max(next.get(parentId) ?? 0, (child.position ?? -1) + 1));
  }
  return next;
}

export interface PositionChanges {
  /** The task's own change of place. */
  changes: Partial<Pick<TaskRow, "position">>;
  /** Its siblings renumbered around it: each with its new place. */
  siblings: Array<{ row: TaskRow; position: number }>;
}

/**
 * Where an update puts the task among its siblings: at `position` when asked (numbering every
 * subtask of the parent 0, 1, 2… around it); last under a new parent; nowhere at the top level.
 * `parentChange` is the update's new parent, when it has one.
 */
export async function positionChangesOf(
  db: Db,
  userId: string,
  current: TaskRow,
  input: Pick<UpdateTaskInput, "position">,
  parentChange: string | null | undefined,
): Promise<PositionChanges> {
  const parentId = parentChange === undefined ? current.parent_id : parentChange;
  if (parentId === null) {
    if (input.position !== undefined) throw new Validation(taskMessages.topLevelPosition);
    return { changes: current.position === null ? {} : { position: null }, siblings: [] };
  }
  if (input.position === undefined) {
    if (parentChange === undefined) return { changes: {}, siblings: [] };
    const next = await nextPositions(db, userId, [parentId]);
    return { changes: { position: next.get(parentId) ?? 0 }, siblings: [] };
  }
  const others = (await selectChildren(db, userId, [parentId]))
    .filter((row) => row.id !== current.id)
    .sort(compareSubtasks);
  const index = Math.min(input.position, others.length);
  const order = [...others.slice(0, index), current, ...others.slice(index)];
  const siblings = order.flatMap((row, position) =>
    row.id !== current.id && row.position !== position ? [{ row, position }] : [],
  );
  return { changes: current.position === index ? {} : { position: index }, siblings };
}
