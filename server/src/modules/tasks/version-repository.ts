import { sql, type QueryCreator } from "kysely";
import type { Db } from "../../db/database";
import { queryTemplate } from "../../db/query-template";
import type { Database } from "../../db/schema";

/**
 * The bump of the user's task-data version, returning the new one: sent alone
 * (bumpTaskDataVersion), or by the sync log in the statement that writes its row at that version
 * (recordSyncChangesAtBump).
 */
export function taskDataVersionBump(db: QueryCreator<Database>, args: { userId: string; nowIso: string }) {
  return db
    .insertInto("task_data_versions")
    .values({ user_id: args.userId, version: 1, changed_at: args.nowIso })
    .onConflict((conflict) =>
      conflict
        .column("user_id")
        .doUpdateSet({ version: sql<number>`task_data_versions.version + 1`, changed_at: args.nowIso }),
    )
    .returning("version");
}

const upsertTaskDataVersion = queryTemplate(taskDataVersionBump);

/**
 * Moves the user's task-data version on (the ETag of the list and the statistics, the CalDAV
 * sync token) and the time of the last change; the new version. The unit of work runs it once per
 * change, last, under the lock of the user's tasks it took first (lockUserTasks), or taking it
 * here (a create of top-level tasks, LockOrder).
 */
export async function bumpTaskDataVersion(db: Db, userId: string, nowIso: string): Promise<number> {
  const [row] = await upsertTaskDataVersion(db, { userId, nowIso });
  if (!row) throw new Error("The task-data version's upsert returned no row");
  return Number(row.version);
}
