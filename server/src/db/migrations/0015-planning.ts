import type { Kysely } from "kysely";

// Frozen in time: never import application code here; only portable column types.

/**
 * Planning the day in time. tasks: an estimate (duration_minutes, null = the owner's default) and
 * when the task is planned (scheduled_start, UTC ISO text like due_date). users: working hours
 * (ISO weekdays as "1,2,3,4,5", start and end as HH:MM in the user's zone), the daily capacity
 * and a default duration; null in each means the built-in default, so rows written by the
 * previous release read correctly. calendars: the ICS calendars a user reads, subscribed by
 * address (url) or uploaded (url null), with the last copy that read well (body), when that was,
 * and the last fetch's error. plan_undos: what an accepted plan changed, to put it back once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("tasks").addColumn("duration_minutes", "integer").execute();
  await db.schema.alterTable("tasks").addColumn("scheduled_start", "text").execute();

  await db.schema.alterTable("users").addColumn("working_days", "text").execute();
  await db.schema.alterTable("users").addColumn("working_start", "text").execute();
  await db.schema.alterTable("users").addColumn("working_end", "text").execute();
  await db.schema.alterTable("users").addColumn("daily_capacity_minutes", "integer").execute();
  await db.schema.alterTable("users").addColumn("default_duration_minutes", "integer").execute();

  await db.schema
    .createTable("calendars")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("url", "text")
    .addColumn("body", "text")
    .addColumn("last_synced_at", "text")
    .addColumn("error", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("calendars_user").on("calendars").column("user_id").execute();

  await db.schema
    .createTable("plan_undos")
    .addColumn("token", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    // JSON: [{ task_id, scheduled_start, duration_minutes }] as they were before the plan.
    .addColumn("previous", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("plan_undos_user").on("plan_undos").column("user_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("plan_undos").ifExists().execute();
  await db.schema.dropTable("calendars").ifExists().execute();
  for (const column of [
    "default_duration_minutes",
    "daily_capacity_minutes",
    "working_end",
    "working_start",
    "working_days",
  ]) {
    await db.schema.alterTable("users").dropColumn(column).execute();
  }
  await db.schema.alterTable("tasks").dropColumn("scheduled_start").execute();
  await db.schema.alterTable("tasks").dropColumn("duration_minutes").execute();
}
