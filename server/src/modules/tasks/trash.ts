import type { BatchUpdateInput, TrashedTaskJson, TrashResult } from "@contract/trash";
import type { Db } from "../../db/database";
import type { TaskRow } from "../../db/schema";
import { isoNow, type Clock } from "../../lib/clock";
import { NotFound } from "../../lib/domain-errors";
import { selectTasksByIds } from "./repository";
import { TASK_NOT_FOUND } from "./rows";
import { toTaskJson } from "./task-json";
import { descendantsByLevel, restoredPlacement } from "./tree";
import { deleteTrashedTasks, purgeTrashedTasks, selectTrashedTasks, trashedRow } from "./trash-repository";
import { purgeTimeOf, trashCutoffOf, TRASH_PURGE_JOB } from "./trash-writes";
import { withTaskWrite } from "./unit-of-work";
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
 * POST /api/v1/tasks/trash: deletes the tasks, each with its subtree, into the trash, in one
 * write; all or none (an id that is not the user's task is a 404). A task below another of the
 * ids goes with it.
 */
export async function trashTasks(
  db: Db,
  clock: Clock,
  userId: string,
  ids: readonly string[],
): Promise<TrashResult> {
  return withTaskWrite(db, userId, clock, async (write) => {
    const unique = [...new Set(ids)];
    const tasks = await selectTasksByIds(write.trx, userId, unique);
    if (tasks.length !== unique.length) throw new NotFound(TASK_NOT_FOUND);
    const removed = new Map<string, TaskRow>(tasks.map((task) => [task.id, task]));
    for (const task of tasks) {
      for (const below of (await descendantsByLevel(write.trx, userId, task.id)).flat())
        removed.set(below.id, below);
    }
    await write.remove([...removed.values()]);
    return { ids: [...removed.keys()] };
  });
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

/**
 * POST /api/v1/tasks/trash/restore: brings each named task back with everything deleted with it,
 * under its parent if that is still there (and deep enough room is left), else at the top of its
 * project, or of the Inbox when the project is gone. Announced as created; their deletion leaves
 * the history. An id not in the user's trash is a 404.
 */
export async function restoreTasks(
  db: Db,
  clock: Clock,
  userId: string,
  ids: readonly string[],
): Promise<TrashResult> {
  return withTaskWrite(db, userId, clock, async (write) => {
    // A task deleted with another (a subtask, or one selected with its parent) brings back all of
    // what was deleted with it.
    const named = await selectTrashedTasks(write.trx, userId, { ids: [...new Set(ids)] });
    if (named.length !== new Set(ids).size) throw new NotFound("No such task in the trash");
    const trashed = await selectTrashedTasks(write.trx, userId, {
      roots: [...new Set(named.map((row) => row.root_id))],
    });
    const groups = groupedBy(trashed, (row) => row.root_id);
    const restored: TaskRow[] = [];
    for (const [rootId, group] of groups) {
      const rows = group.map(trashedRow);
      const root = rows.find((row) => row.id === rootId);
      if (!root) continue;
      const place = await restoredPlacement(write.trx, userId, root, heightOf(rows, rootId), write.nowIso);
      for (const row of rows) {
        const moved = row.id === rootId ? place : { project_id: place.project_id };
        restored.push({ ...row, ...moved, updated_at: write.nowIso });
      }
    }
    await write.restore(restored);
    return { ids: restored.map((row) => row.id) };
  });
}

/** DELETE /api/v1/tasks/trash: purges the user's trash now. */
export async function emptyTrash(db: Db, userId: string): Promise<void> {
  await deleteTrashedTasks(db, userId);
}

/** The purge job: whatever has been in anyone's trash for TRASH_DAYS leaves it for good. */
export async function purgeTrash(db: Db, clock: Clock): Promise<void> {
  await purgeTrashedTasks(db, trashCutoffOf(isoNow(clock)));
}

/** POST /api/v1/tasks/batch: each task's own changes, in one write (all or none). */
export async function updateTasks(db: Db, clock: Clock, userId: string, input: BatchUpdateInput) {
  return withTaskWrite(db, userId, clock, async (write) => {
    const updated = [];
    for (const { id, changes } of input.updates)
      updated.push(await updateTask(write.trx, clock, userId, id, changes));
    return updated;
  });
}
