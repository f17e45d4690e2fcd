import type { Kysely } from "kysely";

// Frozen in time: never import application code here; only portable column types.

/**
 * trashed_tasks: tasks deleted in the last 30 days, so a delete can be undone. A deleted task
 * leaves `tasks` (every list, search, count, export and CalDAV read stays as it was) and its row
 * is kept here as JSON until it is restored or purged.
 *
 * - root_id: the task the user deleted (itself, or the ancestor it went with): what a restore names.
 * - batch_id: the task write that deleted it; its purge job's subject.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("trashed_tasks")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("root_id", "text", (col) => col.notNull())
    .addColumn("batch_id", "text", (col) => col.notNull())
    .addColumn("deleted_at", "text", (col) => col.notNull())
    .addColumn("task", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("trashed_tasks_user_root")
    .on("trashed_tasks")
    .columns(["user_id", "root_id"])
    .execute();
  await db.schema.createIndex("trashed_tasks_deleted_at").on("trashed_tasks").column("deleted_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("trashed_tasks").execute();
}
