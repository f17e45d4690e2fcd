import type { Kysely } from "kysely";

// Frozen in time: never import application code here; only portable column types.

/**
 * tasks.recurrence: the RRULE value of a repeating task (null: it does not repeat).
 *
 * tasks.follows_task_id: on the task that completing a repeating task created, the id of the task
 * it follows. The unique index lets each task have one next occurrence at most, whichever
 * transaction, request or server instance completes it first; NULLs (tasks that follow none)
 * never collide, on SQLite and PostgreSQL alike. No foreign key: deleting the completed task
 * leaves the next one as it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("tasks").addColumn("recurrence", "text").execute();
  await db.schema.alterTable("tasks").addColumn("follows_task_id", "text").execute();
  await db.schema
    .createIndex("tasks_follows_task_id_unique")
    .on("tasks")
    .column("follows_task_id")
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("tasks_follows_task_id_unique").execute();
  await db.schema.alterTable("tasks").dropColumn("follows_task_id").execute();
  await db.schema.alterTable("tasks").dropColumn("recurrence").execute();
}
