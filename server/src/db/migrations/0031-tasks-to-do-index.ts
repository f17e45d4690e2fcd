import type { Kysely } from "kysely";

// Frozen in time: never import application code here; only portable column types.

/**
 * The tasks' (user_id, status, due_date) index gains assignee_id: the statistics count a user's
 * own tasks but those assigned to another member, and with the assignee in the index they are
 * counted from the index alone instead of reading each task from the table. It replaces the old
 * one (every query that used it uses this one, whose columns start alike), so a write updates no
 * more indexes than before. The release before finds its queries served by it too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("tasks_user_status_due_assignee")
    .ifNotExists()
    .on("tasks")
    .columns(["user_id", "status", "due_date", "assignee_id"])
    .execute();
  await db.schema.dropIndex("tasks_user_status_due").ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("tasks_user_status_due")
    .ifNotExists()
    .on("tasks")
    .columns(["user_id", "status", "due_date"])
    .execute();
  await db.schema.dropIndex("tasks_user_status_due_assignee").ifExists().execute();
}
