import type { Kysely } from "kysely";

// Frozen in time: never import application code here; only portable column types.

/**
 * calendar_feeds: each user's private calendar address. The secret is random (never the bearer
 * token), unique across users, and replaced on rotation so the old address stops answering.
 *
 * task_imports: a fingerprint of every task an import created, per user, so importing the same
 * file again creates nothing new. The primary key keeps two concurrent imports from both
 * creating the same task.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("calendar_feeds")
    .addColumn("user_id", "text", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("secret", "text", (col) => col.notNull().unique())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("task_imports")
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("fingerprint", "text", (col) => col.notNull())
    .addColumn("imported_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("task_imports_pk", ["user_id", "fingerprint"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("task_imports").execute();
  await db.schema.dropTable("calendar_feeds").execute();
}
