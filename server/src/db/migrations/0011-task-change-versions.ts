import type { Kysely } from "kysely";

// Frozen in time: never import application code here; only portable column types.

/**
 * What the kept whole list is brought up to date with after anyone's change (tasks/list-changes.ts):
 * - tasks.version: the user's data version (users.tasks_version) that the last write of the task
 *   moved the data to. Rows from before this migration read 0, older than any kept list.
 * - task_deletions: one row per deleted task, the version its deletion moved the data to. The
 *   service keeps only the latest ones per user (see deleteTask); a list older than that is read
 *   whole. Gone with the user.
 *
 * No index on tasks.version: the tasks changed since a version are found by reading the user's
 * rows (a few milliseconds for 10,000 tasks), and an index would cost every write.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("tasks")
    .addColumn("version", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("task_deletions")
    .addColumn("user_id", "text", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("version", "integer", (column) => column.notNull())
    .addColumn("task_id", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("task_deletions_pk", ["user_id", "version", "task_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("task_deletions").execute();
  await db.schema.alterTable("tasks").dropColumn("version").execute();
}
