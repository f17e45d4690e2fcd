import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";

// Frozen in time: never import application code here; only portable SQL.

/**
 * projects: each user's lists of tasks. The name is unique per user ignoring case (name_lower, as
 * users.username_lower is kept); is_inbox marks the one project every account has, which a partial
 * unique index keeps to one per user; archived hides a project without touching its tasks.
 *
 * tasks.project_id: the project a task is in; tasks.parent_id: the task it is a subtask of (null
 * at the top level). Both nullable, so that the release before, whose inserts do not name them,
 * keeps working during a rolling upgrade (this release always writes project_id, and moves a task
 * the previous release wrote into the Inbox when it next reads the list). No foreign keys: the
 * service keeps the tree and the projects consistent, moving or deleting whole subtrees itself.
 *
 * Every existing user gets an Inbox, and every existing task moves into its owner's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("projects")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("name_lower", "text", (col) => col.notNull())
    .addColumn("color", "text", (col) => col.notNull())
    .addColumn("is_inbox", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("archived", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("projects_user_name_unique")
    .on("projects")
    .columns(["user_id", "name_lower"])
    .unique()
    .execute();
  await db.schema
    .createIndex("projects_one_inbox_per_user")
    .on("projects")
    .column("user_id")
    .unique()
    .where(sql.ref("is_inbox"), "=", 1)
    .execute();

  await db.schema.alterTable("tasks").addColumn("project_id", "text").execute();
  await db.schema.alterTable("tasks").addColumn("parent_id", "text").execute();
  // A project's tasks (its page, its open count, moving them on delete), and a task's subtasks.
  await db.schema.createIndex("tasks_user_project").on("tasks").columns(["user_id", "project_id"]).execute();
  await db.schema.createIndex("tasks_parent").on("tasks").column("parent_id").execute();

  const now = new Date().toISOString();
  const users = await sql<{ id: string }>`SELECT id FROM users`.execute(db);
  const CHUNK = 200;
  for (let start = 0; start < users.rows.length; start += CHUNK) {
    const values = users.rows
      .slice(start, start + CHUNK)
      .map((user) => sql`(${randomUUID()}, ${user.id}, 'Inbox', 'inbox', 'slate', 1, 0, ${now}, ${now})`);
    await sql`
      INSERT INTO projects (id, user_id, name, name_lower, color, is_inbox, archived, created_at, updated_at)
      VALUES ${sql.join(values)}
    `.execute(db);
  }
  await sql`
    UPDATE tasks SET project_id = (
      SELECT projects.id FROM projects WHERE projects.user_id = tasks.user_id AND projects.is_inbox = 1
    )
    WHERE project_id IS NULL
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("tasks_parent").execute();
  await db.schema.dropIndex("tasks_user_project").execute();
  await db.schema.alterTable("tasks").dropColumn("parent_id").execute();
  await db.schema.alterTable("tasks").dropColumn("project_id").execute();
  await db.schema.dropTable("projects").execute();
}
