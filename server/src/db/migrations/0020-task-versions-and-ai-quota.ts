import { sql, type Kysely } from "kysely";

// Frozen in time: never import application code here; only portable column types.

/**
 * Each table has one module that writes it, and `users` is the accounts module's. What other
 * modules kept on the user's row moves to a table of their own, its values copied:
 *
 * task_data_versions (the tasks module's): per user, the task-data version every change of
 * their tasks moves on (the list's ETag, the CalDAV sync token) and the time of the last change,
 * from users.tasks_version and users.tasks_changed_at. Its row is also the lock a task write
 * takes first, so a task write no longer locks or updates the user's row.
 *
 * ai_quota_usage (the premium module's): per user, the AI uses counted in `period`, the month
 * they were charged to ("2026-11"), from users.llm_usage_count and users.llm_usage_period.
 *
 * The users columns stay for the previous release during a rolling upgrade; nothing here reads or
 * writes them any more. While both releases run, each counts in its own place: a change made
 * through one may not move the other's ETags or CalDAV sync tokens until its next change there,
 * and AI uses are counted apart until the upgrade ends.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("task_data_versions")
    .addColumn("user_id", "text", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("changed_at", "text")
    .execute();
  await sql`insert into task_data_versions (user_id, version, changed_at)
            select id, tasks_version, tasks_changed_at from users`.execute(db);

  await db.schema
    .createTable("ai_quota_usage")
    .addColumn("user_id", "text", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("count", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("period", "text")
    .execute();
  await sql`insert into ai_quota_usage (user_id, count, period)
            select id, llm_usage_count, llm_usage_period from users
            where llm_usage_period is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("ai_quota_usage").execute();
  await db.schema.dropTable("task_data_versions").execute();
}
