import { isPostgres, type Db } from "../../db/database";
import { markSyncRowsGone, upsertSyncRowAtBump, upsertSyncRows, type VersionBumpQuery } from "./repository";

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
    loggedIn(tasks).map((task) => ({
      task_id: task.id,
      collection: task.project_id,
      user_id: userId,
      version,
      deleted,
    }));
  await upsertSyncRows(trx, [
    ...rowsOf(changes.created, 0),
    ...rowsOf(changes.saved, 0),
    ...rowsOf(changes.removed, 1),
  ]);
  const ids = (tasks: readonly SyncedTask[]) => tasks.map((task) => task.id);
  await markSyncRowsGone(trx, userId, ids(changes.saved), version, "present");
  await markSyncRowsGone(trx, userId, ids(changes.removed), version, "all");
}

/** The tasks that have a collection to be logged in (a task without a project has none). */
function loggedIn(tasks: readonly SyncedTask[]): Array<SyncedTask & { project_id: string }> {
  return tasks.filter((task): task is SyncedTask & { project_id: string } => task.project_id !== null);
}

/**
 * The user's task-data version moved on by `bump` (the tasks module's, taking the user's version
 * lock), then recordSyncChanges at it; the new version. A change that created one logged task
 * and did nothing else (a create) sends both in one statement on PostgreSQL, so the lock, held
 * to COMMIT, waits one round trip less for the server.
 */
export async function recordSyncChangesAtBump(
  trx: Db,
  userId: string,
  bump: { query: VersionBumpQuery; nowIso: string; alone: () => Promise<number> },
  changes: { created: readonly SyncedTask[]; saved: readonly SyncedTask[]; removed: readonly SyncedTask[] },
): Promise<number> {
  const created = loggedIn(changes.created);
  const [only] = created;
  if (
    isPostgres(trx) &&
    only &&
    created.length === 1 &&
    changes.saved.length === 0 &&
    changes.removed.length === 0
  )
    return upsertSyncRowAtBump(trx, bump.query, {
      task_id: only.id,
      collection: only.project_id,
      userId,
      nowIso: bump.nowIso,
      deleted: 0,
    });
  const version = await bump.alone();
  await recordSyncChanges(trx, userId, version, changes);
  return version;
}
