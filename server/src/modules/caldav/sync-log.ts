import type { Db } from "../../db/database";
import { markSyncRowsGone, upsertSyncRows } from "./repository";

/** A task as the sync log needs it: its id and the collection (project) it is in. */
export interface SyncedTask {
  id: string;
  project_id: string | null;
}

/**
 * Writes the change log behind sync tokens (task_sync) for one change of the user's tasks, at the
 * user's new task-data version: each task created is present in its project; each task saved is
 * present in its project and gone from any other it was in (moved); each task removed is gone
 * from its project and every other. Called by the tasks' unit of work, in the change's
 * transaction and under the lock of the user's tasks, so the log's versions grow in the order
 * the changes commit.
 */
export async function recordSyncChanges(
  trx: Db,
  userId: string,
  version: number,
  changes: { created: readonly SyncedTask[]; saved: readonly SyncedTask[]; removed: readonly SyncedTask[] },
): Promise<void> {
  const rowsOf = (tasks: readonly SyncedTask[], deleted: 0 | 1) =>
    tasks.flatMap((task) =>
      task.project_id === null
        ? []
        : [{ task_id: task.id, collection: task.project_id, user_id: userId, version, deleted }],
    );
  await upsertSyncRows(trx, [
    ...rowsOf(changes.created, 0),
    ...rowsOf(changes.saved, 0),
    ...rowsOf(changes.removed, 1),
  ]);
  const ids = (tasks: readonly SyncedTask[]) => tasks.map((task) => task.id);
  await markSyncRowsGone(trx, userId, ids(changes.saved), version, "present");
  await markSyncRowsGone(trx, userId, ids(changes.removed), version, "all");
}
