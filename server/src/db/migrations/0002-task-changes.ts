import type { Kysely } from "kysely";

// Frozen in time: never import application code here; only portable column types.

/**
 * users.tasks_changed_at: when the user's task list last changed (a task created, updated or
 * deleted). A deletion leaves no row behind, so the daily plan could not tell that its cached
 * report is stale from the tasks table alone (cache_is_valid).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("tasks_changed_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("tasks_changed_at").execute();
}
