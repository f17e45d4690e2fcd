import { sql, type Kysely } from "kysely";

// Frozen in time: never import application code here; only portable column types.

/**
 * The history that analytics and the weekly review read:
 *
 * - task_events: one compact row per change that matters to a task's history (created,
 *   status_changed, due_changed, rescheduled, deleted), with the value before and after as short
 *   text. Kept when the task is deleted (no foreign key to tasks), gone with the user.
 * - tasks.completed_at_approximate: 1 where completed_at was not recorded when the task was
 *   completed. A task completed before completion times were kept reliably gets its last update
 *   as completion time, marked so; a completed_at already there is kept as exact. A completed_at
 *   left on a task that is no longer completed is cleared (it is cleared on reopening from now on).
 * - tasks (user_id, completed_at) and (user_id, created_at): completions and creations in a date
 *   range, read by the analytics (a long-standing account's 50,000 tasks are otherwise read whole
 *   for a week's chart).
 * - users.daily_goal (completed tasks a day, null = none) and users.weekly_review_email (0/1).
 * - ai_use_months: AI uses per user and month, so that past months stay countable after the
 *   quota's counter starts again; seeded with the month the counter holds now.
 * - review_summaries: a weekly review's written summary by (user, ISO week), with the data
 *   version it was written at, so that the model is asked again only when the tasks changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("task_events")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("task_id", "text", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("from_value", "text")
    .addColumn("to_value", "text")
    .addColumn("at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("task_events_user_at").on("task_events").columns(["user_id", "at"]).execute();
  await db.schema
    .createIndex("task_events_user_task")
    .on("task_events")
    .columns(["user_id", "task_id"])
    .execute();

  await db.schema
    .alterTable("tasks")
    .addColumn("completed_at_approximate", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update tasks set completed_at = updated_at, completed_at_approximate = 1
            where status = 'completed' and completed_at is null`.execute(db);
  await sql`update tasks set completed_at = null where status <> 'completed' and completed_at is not null`.execute(
    db,
  );
  await db.schema
    .createIndex("tasks_user_completed")
    .on("tasks")
    .columns(["user_id", "completed_at"])
    .execute();
  await db.schema
    .createIndex("tasks_user_created_at")
    .on("tasks")
    .columns(["user_id", "created_at"])
    .execute();

  await db.schema.alterTable("users").addColumn("daily_goal", "integer").execute();
  await db.schema
    .alterTable("users")
    .addColumn("weekly_review_email", "integer", (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("ai_use_months")
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("month", "text", (col) => col.notNull())
    .addColumn("count", "integer", (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("ai_use_months_pk", ["user_id", "month"])
    .execute();
  await sql`insert into ai_use_months (user_id, month, count)
            select id, llm_usage_period, llm_usage_count from users
            where llm_usage_period is not null and llm_usage_count > 0`.execute(db);

  await db.schema
    .createTable("review_summaries")
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("week", "text", (col) => col.notNull())
    .addColumn("tasks_version", "integer", (col) => col.notNull())
    .addColumn("summary", "text", (col) => col.notNull())
    .addColumn("generated_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("review_summaries_pk", ["user_id", "week"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("review_summaries").ifExists().execute();
  await db.schema.dropTable("ai_use_months").ifExists().execute();
  await db.schema.alterTable("users").dropColumn("weekly_review_email").execute();
  await db.schema.alterTable("users").dropColumn("daily_goal").execute();
  await db.schema.dropIndex("tasks_user_created_at").ifExists().execute();
  await db.schema.dropIndex("tasks_user_completed").ifExists().execute();
  await db.schema.alterTable("tasks").dropColumn("completed_at_approximate").execute();
  await db.schema.dropTable("task_events").ifExists().execute();
}
