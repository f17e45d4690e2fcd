import type { Kysely } from "kysely";

// Frozen in time: never import application code here; only portable column types.

/**
 * The tasks' (user_id, created_at) and (user_id, updated_at) indexes: no query orders or filters
 * the tasks by those columns (the list's order starts with the status and the due date, and every
 * other query finds tasks by id or by user), so they only cost every write — a new task updated
 * three indexes besides the primary key, a change two. A query that reads all of a user's tasks
 * finds them through tasks_user_status_due, which also starts with user_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("tasks_user_created").ifExists().execute();
  await db.schema.dropIndex("tasks_user_updated").ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("tasks_user_created")
    .ifNotExists()
    .on("tasks")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("tasks_user_updated")
    .ifNotExists()
    .on("tasks")
    .columns(["user_id", "updated_at"])
    .execute();
}
