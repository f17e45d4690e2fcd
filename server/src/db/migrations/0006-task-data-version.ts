import type { Kysely } from "kysely";

// Frozen in time: never import application code here; only portable column types.

/**
 * users.tasks_version: a counter moved on by every change to the user's tasks, in the same
 * transaction. It is the version in the ETag of the task list and stats; a time could not be,
 * since two changes may fall in the same millisecond.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("tasks_version", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("tasks_version").execute();
}
