import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen in time: never import application code here; only portable column types.

/**
 * Indexes that let a list read only the tasks it answers.
 *
 * tasks_user_completed gains the id: the history's pages go newest completion first with the id
 * breaking ties (`order=completed_at`, `after`), and tasks completed at the same instant (a bulk
 * change, an import) were otherwise all read and sorted before the first page could be cut.
 *
 * PostgreSQL: tasks_user_unfinished, the tasks not completed, by user. The Tasks screen's list
 * (every task but the completed ones) and the open tasks of plans read a long-time user's few
 * hundred unfinished tasks through it; without it PostgreSQL reads all of the user's tasks and
 * drops the completed thousands (its statistics cannot tell that one user's tasks are mostly
 * completed). SQLite already reads them through (user_id, status, due_date).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("tasks_user_completed_id")
    .on("tasks")
    .columns(["user_id", "completed_at", "id"])
    .execute();
  await db.schema.dropIndex("tasks_user_completed").execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create index tasks_user_unfinished on tasks (user_id, status, due_date) where status <> 'completed'`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("tasks_user_unfinished").ifExists().execute();
  await db.schema
    .createIndex("tasks_user_completed")
    .on("tasks")
    .columns(["user_id", "completed_at"])
    .execute();
  await db.schema.dropIndex("tasks_user_completed_id").ifExists().execute();
}
