import { sql, type Kysely } from "kysely";

// Frozen in time: never import application code here; only portable SQL.

/**
 * tasks.position: a subtask's place among its parent's subtasks (0 first); null for a top-level
 * task. Nullable, so the release before, whose inserts do not name it, keeps working during a
 * rolling upgrade (a subtask without one reads after those with one, in the order made).
 *
 * Existing subtasks are numbered in the order they were made, as the lists showed them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("tasks").addColumn("position", "integer").execute();
  await sql`
    UPDATE tasks SET position = (
      SELECT COUNT(*) FROM tasks AS earlier
      WHERE earlier.parent_id = tasks.parent_id
        AND (earlier.created_at < tasks.created_at
          OR (earlier.created_at = tasks.created_at AND earlier.id < tasks.id))
    )
    WHERE parent_id IS NOT NULL
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("tasks").dropColumn("position").execute();
}
