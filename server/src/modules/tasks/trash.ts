import type { TaskJson } from "@contract/tasks";
import type { BatchUpdateInput, TrashedTaskJson, TrashResult } from "@contract/trash";
import type { Db } from "../../db/database";
import type { TaskRow } from "../../db/schema";
import { isoNow, type Clock } from "../../lib/clock";
import { NotFound } from "../../lib/domain-errors";
import { projectAccess, taskAccess, type Need } from "./access";
import { withTaskWritesAs } from "./bulk-writes";
import { selectTasksByIds } from "./repository";
import { TASK_NOT_FOUND } from "./rows";
import { toTaskJson } from "./task-json";
import { descendantsByLevel, restoredPlacement } from "./tree";
import {
  deleteTrashedTasks,
  purgeTrashedTasks,
  selectTrashedTasks,
  selectTrashedTasksById,
  trashedRow,
  type TrashedTaskRow,
} from "./trash-repository";
import { purgeTimeOf, trashCutoffOf, TRASH_PURGE_JOB } from "./trash-writes";
import { updateTask } from "./service";

export { TRASH_PURGE_JOB };

/** GET /api/v1/tasks/trash: each task the user deleted (not those deleted with it), newest first. */
export async function listTrash(db: Db, userId: string): Promise<TrashedTaskJson[]> {
  const rows = await selectTrashedTasks(db, userId);
  const below = new Map<string, number>();
  for (const row of rows)
    if (row.root_id !== row.id) below.set(row.root_id, (below.get(row.root_id) ?? 0) + 1);
  return rows
    .filter((row) => row.root_id === row.id)
    .map((row) => ({
      task: toTaskJson(trashedRow(row)),
      subtask_count: below.get(row.id) ?? 0,
      deleted_at: row.deleted_at,
      purge_at: purgeTimeOf(row.deleted_at),
    }));
}

/**
 * POST /api/v1/tasks/trash: deletes the tasks, each with its subtree, into the trash (their
 * owner's), in one write; all or none. The caller may name tasks of projects shared with them as
 * an editor or admin (a viewer's is a 403); an id that is none of these is a 404. A task below
 * another of the ids goes with it.
 */
export async function trashTasks(
  db: Db,
  clock: Clock,
  userId: string,
  ids: readonly string[],
): Promise<TrashResult> {
  const removedIds: string[] = [];
  const standing = (trx: Db, id: string, need: Need) => taskAccess(trx, userId, id, need);
  await withTaskWritesAs(db, userId, clock, [...new Set(ids)], "edit", standing, async (write, taskIds) => {
    const tasks = await selectTasksByIds(write.trx, write.userId, taskIds);
    if (tasks.length !== taskIds.length) throw new NotFound(TASK_NOT_FOUND);
    const removed = new Map<string, TaskRow>(tasks.map((task) => [task.id, task]));
    for (const task of tasks) {
      for (const below of (await descendantsByLevel(write.trx, write.userId, task.id)).flat())
        removed.set(below.id, below);
    }
    await write.remove([...removed.values()]);
    removedIds.push(...removed.keys());
  });
  return { ids: removedIds };
}

/** `items` by key, in their order. */
function groupedBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

/** How many levels a trashed subtree spans: the root is 1. */
function heightOf(rows: readonly TaskRow[], rootId: string): number {
  const byParent = groupedBy(rows, (row) => row.parent_id ?? "");
  const measure = (id: string, depth: number): number =>
    Math.max(depth, ...(byParent.get(id) ?? []).map((child) => measure(child.id, depth + 1)));
  return measure(rootId, 1);
}

const NOT_IN_TRASH = "No such task in the trash";

/**
 * Whose trash a trashed task is in, when the caller may restore it: their own, or the owner's of
 * a project shared with them as an editor or admin (a viewer is refused; anyone else finds nothing).
 */
async function trashStanding(trx: Db, callerId: string, row: TrashedTaskRow, need: Need) {
  if (row.user_id === callerId) return { ownerId: callerId };
  return projectAccess(trx, callerId, trashedRow(row).project_id ?? "", need, NOT_IN_TRASH);
}

/**
 * POST /api/v1/tasks/trash/restore: brings each named task back with everything deleted with it,
 * under its parent if that is still there (and deep enough room is left), else at the top of its
 * project, or of the Inbox when the project is gone. Announced as created; their deletion leaves
 * the history. A task of a project shared with the caller as an editor or admin goes back into
 * its owner's data; an id in no trash the caller may reach is a 404.
 */
export async function restoreTasks(
  db: Db,
  clock: Clock,
  userId: string,
  ids: readonly string[],
): Promise<TrashResult> {
  const named = await selectTrashedTasksById(db, [...new Set(ids)]);
  if (named.length !== new Set(ids).size) throw new NotFound(NOT_IN_TRASH);
  const restoredIds: string[] = [];
  const standing = (trx: Db, row: TrashedTaskRow, need: Need) => trashStanding(trx, userId, row, need);
  await withTaskWritesAs(db, userId, clock, named, "edit", standing, async (write, reached) => {
    const ownerId = write.userId;
    // A task deleted with another (a subtask, or one selected with its parent) brings back all of
    // what was deleted with it.
    const trashed = await selectTrashedTasks(write.trx, ownerId, {
      roots: [...new Set(reached.map((row) => row.root_id))],
    });
    const groups = groupedBy(trashed, (row) => row.root_id);
    const restored: TaskRow[] = [];
    for (const [rootId, group] of groups) {
      const rows = group.map(trashedRow);
      const root = rows.find((row) => row.id === rootId);
      if (!root) continue;
      const place = await restoredPlacement(write.trx, ownerId, root, heightOf(rows, rootId), write.nowIso);
      for (const row of rows) {
        const moved = row.id === rootId ? place : { project_id: place.project_id };
        restored.push({ ...row, ...moved, updated_at: write.nowIso });
      }
    }
    await write.restore(restored);
    restoredIds.push(...restored.map((row) => row.id));
  });
  return { ids: restoredIds };
}

/** DELETE /api/v1/tasks/trash: purges the user's trash now. */
export async function emptyTrash(db: Db, userId: string): Promise<void> {
  await deleteTrashedTasks(db, userId);
}

/** The purge job: whatever has been in anyone's trash for TRASH_DAYS leaves it for good. */
export async function purgeTrash(db: Db, clock: Clock): Promise<void> {
  await purgeTrashedTasks(db, trashCutoffOf(isoNow(clock)));
}

/**
 * POST /api/v1/tasks/batch: each task's own changes, in one write (all or none), with the rules
 * of PUT: tasks of projects shared with the caller as an editor or admin too.
 */
export async function updateTasks(db: Db, clock: Clock, userId: string, input: BatchUpdateInput) {
  const updated = new Map<number, TaskJson>();
  const entries = input.updates.map((entry, index) => ({ ...entry, index }));
  const standing = (trx: Db, entry: { id: string }, need: Need) => taskAccess(trx, userId, entry.id, need);
  await withTaskWritesAs(db, userId, clock, entries, "edit", standing, async (write, owned) => {
    for (const { id, changes, index } of owned)
      updated.set(index, await updateTask(write.trx, clock, userId, id, changes));
  });
  return entries.flatMap(({ index }) => updated.get(index) ?? []);
}
