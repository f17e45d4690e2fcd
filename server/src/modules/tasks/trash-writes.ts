import { TRASH_DAYS } from "@contract/trash";
import type { Db } from "../../db/database";
import type { TaskRow } from "../../db/schema";
import { scheduleJob } from "../../jobs/repository";
import { newTimeOrderedId } from "../../lib/ids";
import { deleteDeletionEvents, deleteTrashedTasks, insertTrashedTasks } from "./trash-repository";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The job that purges what has been in the trash for TRASH_DAYS; its subject is a deletion's batch. */
export const TRASH_PURGE_JOB = "trash_purge";

/** When what is deleted at `deletedAtIso` leaves the trash for good. */
export function purgeTimeOf(deletedAtIso: string): string {
  return new Date(Date.parse(deletedAtIso) + TRASH_DAYS * DAY_MS).toISOString();
}

/** What was deleted before this, at `nowIso`, has been in the trash for TRASH_DAYS. */
export function trashCutoffOf(nowIso: string): string {
  return new Date(Date.parse(nowIso) - TRASH_DAYS * DAY_MS).toISOString();
}

/** The top-most of `tasks` each one was deleted with (itself when its parent stays). */
function rootsOf(tasks: readonly TaskRow[]): Map<string, string> {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const roots = new Map<string, string>();
  for (const task of tasks) {
    let root = task;
    const seen = new Set([root.id]);
    for (let parent = byId.get(root.parent_id ?? ""); parent && !seen.has(parent.id);) {
      seen.add(parent.id);
      root = parent;
      parent = byId.get(root.parent_id ?? "");
    }
    roots.set(task.id, root.id);
  }
  return roots;
}

/** Keeps tasks about to be deleted in the trash, and queues their purge. */
export async function moveToTrash(db: Db, userId: string, tasks: readonly TaskRow[], nowIso: string) {
  if (tasks.length === 0) return;
  const batchId = newTimeOrderedId(Date.parse(nowIso));
  const roots = rootsOf(tasks);
  await insertTrashedTasks(
    db,
    tasks.map((task) => ({
      id: task.id,
      user_id: userId,
      root_id: roots.get(task.id) ?? task.id,
      batch_id: batchId,
      deleted_at: nowIso,
      task: JSON.stringify(task),
    })),
  );
  await scheduleJob(db, { kind: TRASH_PURGE_JOB, subject: batchId, runAt: purgeTimeOf(nowIso), nowIso });
}

/** Takes restored tasks out of the trash and forgets their deletion in the history. */
export async function takeFromTrash(db: Db, userId: string, rows: readonly TaskRow[]): Promise<void> {
  const ids = rows.map((row) => row.id);
  await deleteTrashedTasks(db, userId, ids);
  await deleteDeletionEvents(db, userId, ids);
}
