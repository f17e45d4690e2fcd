import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: never import application code here; only portable SQL.

/**
 * jobs: the one queue of work done outside a request, shared by every server instance on the
 * database. A job is claimed by a conditional UPDATE (only one instance wins it), and there is at
 * most one job per (kind, subject): scheduling the same subject again moves that job instead of
 * adding a second one. The daily plan's queued generations move into it.
 *
 * tasks.remind_at, users.default_reminder_minutes and users.email_reminders: reminders and their
 * settings. notifications: what the bell in the web app lists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("jobs")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("run_at", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("claimed_by", "text")
    .addColumn("claimed_at", "text")
    .addColumn("scheduled_at", "text", (col) => col.notNull())
    .addColumn("finished_at", "text")
    .addColumn("last_error", "text")
    .addUniqueConstraint("jobs_kind_subject", ["kind", "subject"])
    .execute();
  await db.schema.createIndex("jobs_status_run_at").on("jobs").columns(["status", "run_at"]).execute();

  // Generations waiting or running when the server is upgraded carry on as jobs.
  await sql`
    INSERT INTO jobs (id, kind, subject, status, run_at, attempts, claimed_by, claimed_at, scheduled_at)
    SELECT id, 'daily_plan', id, status, created_at, attempts, claimed_by, started_at, created_at
    FROM generation_requests
    WHERE status IN ('queued', 'running')
  `.execute(db);
  // The job now counts the attempts and knows who claimed it.
  await db.schema.alterTable("generation_requests").dropColumn("attempts").execute();
  await db.schema.alterTable("generation_requests").dropColumn("claimed_by").execute();

  await db.schema.alterTable("tasks").addColumn("remind_at", "text").execute();
  await db.schema.alterTable("users").addColumn("default_reminder_minutes", "integer").execute();
  await db.schema
    .alterTable("users")
    .addColumn("email_reminders", "integer", (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("notifications")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("task_id", "text", (col) => col.references("tasks.id").onDelete("set null"))
    .addColumn("text", "text", (col) => col.notNull())
    .addColumn("late", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("read_at", "text")
    .execute();
  await db.schema
    .createIndex("notifications_user_created")
    .on("notifications")
    .columns(["user_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("notifications").execute();
  await db.schema.alterTable("users").dropColumn("email_reminders").execute();
  await db.schema.alterTable("users").dropColumn("default_reminder_minutes").execute();
  await db.schema.alterTable("tasks").dropColumn("remind_at").execute();
  await db.schema.alterTable("generation_requests").addColumn("claimed_by", "text").execute();
  await db.schema
    .alterTable("generation_requests")
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.dropTable("jobs").execute();
}
