import type { Kysely } from "kysely";

// Frozen in time: never import application code here; only portable column types.

/**
 * server_keys: secrets the server makes for itself once and every instance shares (the VAPID key
 * pair of Web Push), by name. push_subscriptions: each browser that opted in to reminders by
 * push, by its push service endpoint, with the keys its payloads are encrypted to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("server_keys")
    .addColumn("name", "text", (col) => col.primaryKey())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("push_subscriptions")
    .addColumn("endpoint", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("p256dh", "text", (col) => col.notNull())
    .addColumn("auth", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("push_subscriptions_user").on("push_subscriptions").column("user_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("push_subscriptions").ifExists().execute();
  await db.schema.dropTable("server_keys").ifExists().execute();
}
