import type { Kysely } from "kysely";

// Frozen in time: never import application code here; only portable column types.

/**
 * What CalDAV sync needs.
 *
 * app_passwords: the passwords a user made for one device each (a phone's task app, a desktop
 * client), accepted over HTTP Basic on /dav only. Only a hash is kept; revoking one sets
 * revoked_at, and the row stays so its name and last use can still be explained.
 *
 * task_ical: per task, what a CalDAV client chose and Tasklane has no field for: the iCalendar
 * UID, the resource name it stored the task under, and the properties Tasklane does not map
 * (kept as jCal and given back on GET). No row: the task's id is its UID and `<id>.ics` its name.
 * The row outlives its task so that a deletion can still be reported under the name the client
 * knows.
 *
 * task_sync: the change log behind sync tokens. One row per task and collection it has been in:
 * the user's task-data version (users.tasks_version) of its last change there, and whether it is
 * gone from there (deleted, or moved elsewhere): a tombstone, so an incremental sync reports the
 * removal. Written in the transaction of the change itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("app_passwords")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("password_hash", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("last_used_at", "text")
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("app_passwords_user").on("app_passwords").column("user_id").execute();
  await db.schema
    .createIndex("app_passwords_hash")
    .on("app_passwords")
    .column("password_hash")
    .unique()
    .execute();

  await db.schema
    .createTable("task_ical")
    .addColumn("task_id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("uid", "text", (col) => col.notNull())
    .addColumn("href", "text", (col) => col.notNull())
    .addColumn("extra", "text")
    .execute();
  await db.schema.createIndex("task_ical_uid").on("task_ical").columns(["user_id", "uid"]).unique().execute();
  await db.schema.createIndex("task_ical_href").on("task_ical").columns(["user_id", "href"]).execute();

  await db.schema
    .createTable("task_sync")
    .addColumn("task_id", "text", (col) => col.notNull())
    .addColumn("collection", "text", (col) => col.notNull())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("version", "integer", (col) => col.notNull())
    .addColumn("deleted", "integer", (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("task_sync_pk", ["task_id", "collection"])
    .execute();
  // touchTasks finds the tasks a write saved by their updated_at, the write's own time.
  await db.schema.createIndex("tasks_user_updated").on("tasks").columns(["user_id", "updated_at"]).execute();
  await db.schema
    .createIndex("task_sync_collection")
    .on("task_sync")
    .columns(["user_id", "collection", "version"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("tasks_user_updated").ifExists().execute();
  await db.schema.dropTable("task_sync").ifExists().execute();
  await db.schema.dropTable("task_ical").ifExists().execute();
  await db.schema.dropTable("app_passwords").ifExists().execute();
}
