import type { Kysely } from "kysely";

// Frozen in time: never import application code here; only portable column types.

/**
 * project_members: who else a project is shared with, their role (viewer, editor, admin) and
 * whether they accepted (accepted_at null: an invitation still open). One row per project and
 * user; the owner is the project's user_id and has no row.
 *
 * tasks.assignee_id: the member (or the owner) a task of a shared project is assigned to; indexed,
 * as a member's counts take the tasks assigned to them.
 *
 * task_comments: Markdown comments on tasks, by any member allowed to comment.
 *
 * task_events.actor_id: who made the change, when it was not the owner (a member); null for the
 * owner and for the events written before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("project_members")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("project_id", "text", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("role", "text", (col) => col.notNull())
    .addColumn("invited_by", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("accepted_at", "text")
    .addUniqueConstraint("project_members_project_user", ["project_id", "user_id"])
    .execute();
  await db.schema.createIndex("project_members_user").on("project_members").column("user_id").execute();
  await db.schema.alterTable("tasks").addColumn("assignee_id", "text").execute();
  await db.schema.createIndex("tasks_assignee").on("tasks").column("assignee_id").execute();
  await db.schema.alterTable("task_events").addColumn("actor_id", "text").execute();
  await db.schema
    .createTable("task_comments")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("task_id", "text", (col) => col.notNull())
    .addColumn("project_id", "text", (col) => col.notNull())
    .addColumn("author_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("edited_at", "text")
    .execute();
  await db.schema
    .createIndex("task_comments_task")
    .on("task_comments")
    .columns(["task_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("task_comments_project")
    .on("task_comments")
    .columns(["project_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("task_comments").execute();
  await db.schema.alterTable("task_events").dropColumn("actor_id").execute();
  await db.schema.dropIndex("tasks_assignee").execute();
  await db.schema.alterTable("tasks").dropColumn("assignee_id").execute();
  await db.schema.dropTable("project_members").execute();
}
