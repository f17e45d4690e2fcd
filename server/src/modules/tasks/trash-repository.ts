import type { Db } from "../../db/database";
import type { TaskRow, TrashedTasksTable } from "../../db/schema";
import { INSERT_CHUNK } from "./repository";

export type TrashedTaskRow = TrashedTasksTable;

/** Keeps deleted tasks in the trash. */
export async function insertTrashedTasks(db: Db, rows: readonly TrashedTaskRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db
      .insertInto("trashed_tasks")
      .values(rows.slice(start, start + INSERT_CHUNK))
      .execute();
  }
}

/** The user's trash, newest deletion first; only the tasks `ids` or those deleted with `roots`, when given. */
export async function selectTrashedTasks(
  db: Db,
  userId: string,
  only: { ids?: readonly string[]; roots?: readonly string[] } = {},
): Promise<TrashedTaskRow[]> {
  const { ids, roots } = only;
  if (ids?.length === 0 || roots?.length === 0) return [];
  return db
    .selectFrom("trashed_tasks")
    .selectAll()
    .where("user_id", "=", userId)
    .$if(ids !== undefined, (query) => query.where("id", "in", ids ?? []))
    .$if(roots !== undefined, (query) => query.where("root_id", "in", roots ?? []))
    .orderBy("deleted_at", "desc")
    .orderBy("id")
    .execute();
}

/** The trashed tasks among `ids`, whoever's trash they are in (the caller checks who may reach them). */
export async function selectTrashedTasksById(db: Db, ids: readonly string[]): Promise<TrashedTaskRow[]> {
  const rows: TrashedTaskRow[] = [];
  for (let start = 0; start < ids.length; start += INSERT_CHUNK) {
    rows.push(
      ...(await db
        .selectFrom("trashed_tasks")
        .selectAll()
        .where("id", "in", ids.slice(start, start + INSERT_CHUNK))
        .execute()),
    );
  }
  return rows;
}

/** Takes tasks out of the user's trash (restored, or emptied when `ids` is left out). */
export async function deleteTrashedTasks(db: Db, userId: string, ids?: readonly string[]): Promise<void> {
  if (ids === undefined) {
    await db.deleteFrom("trashed_tasks").where("user_id", "=", userId).execute();
    return;
  }
  for (let start = 0; start < ids.length; start += INSERT_CHUNK) {
    await db
      .deleteFrom("trashed_tasks")
      .where("user_id", "=", userId)
      .where("id", "in", ids.slice(start, start + INSERT_CHUNK))
      .execute();
  }
}

/** Purges, for every user, what was deleted before `deletedBeforeIso`; how many. */
export async function purgeTrashedTasks(db: Db, deletedBeforeIso: string): Promise<number> {
  const result = await db
    .deleteFrom("trashed_tasks")
    .where("deleted_at", "<", deletedBeforeIso)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A restored task's deletion leaves its history: it is as if the delete had not happened. */
export async function deleteDeletionEvents(
  db: Db,
  userId: string,
  taskIds: readonly string[],
): Promise<void> {
  for (let start = 0; start < taskIds.length; start += INSERT_CHUNK) {
    await db
      .deleteFrom("task_events")
      .where("user_id", "=", userId)
      .where("kind", "=", "deleted")
      .where("task_id", "in", taskIds.slice(start, start + INSERT_CHUNK))
      .execute();
  }
}

/** A trashed task's row as it was kept. */
export function trashedRow(row: Pick<TrashedTaskRow, "task">): TaskRow {
  const task = JSON.parse(row.task) as TaskRow;
  // A row trashed before subtasks had a position comes back without one.
  return { ...task, position: task.position ?? null };
}
