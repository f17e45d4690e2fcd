import { sql, type Kysely } from "kysely";

// Frozen in time: never import application code here; only portable column types.

/**
 * What the kept whole list is brought up to date with after anyone's change (tasks/list-changes.ts):
 * - tasks.version: the user's data version (users.tasks_version) that the last write of the task
 *   moved the data to. Rows from before this migration read 0, older than any kept list.
 * - task_deletions: one row per deleted task, the version its deletion moved the data to. The
 *   service keeps only the latest ones per user (see deleteTask); a list older than that is read
 *   whole. Gone with the user.
 *
 * - users.tasks_versioned_from / tasks_versioned_to: the span of the user's data versions whose
 *   every change wrote those versions. Each bump made by this release moves `to` on with the data
 *   version, and moves `from` up to the version before it when the change before it was not one of
 *   theirs (an instance of an older release still running during an upgrade: it bumps the version
 *   and writes no task version). A kept list at version A is brought up to B only when
 *   `from <= A` and `to = B`; otherwise it is read whole. Both start at the current version.
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
  await db.schema
    .alterTable("users")
    .addColumn("tasks_versioned_from", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("tasks_versioned_to", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
  await sql`update users set tasks_versioned_from = tasks_version, tasks_versioned_to = tasks_version`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("tasks_versioned_to").execute();
  await db.schema.alterTable("users").dropColumn("tasks_versioned_from").execute();
  await db.schema.dropTable("task_deletions").execute();
  await db.schema.alterTable("tasks").dropColumn("version").execute();
}
