import type { Kysely } from "kysely";

// Frozen in time: never import application code here; only portable column types.

/**
 * api_tokens: personal API tokens for scripts, by the SHA-256 of the token (the token itself is
 * shown once and never stored); scope "read" or "write"; expires_at null = never.
 *
 * webhooks: URLs a user registered for task events, with the signing secret (kept as given out:
 * every delivery is signed with it), the events as a JSON array, and since when deliveries have
 * been failing (disabled_at once that lasted too long).
 *
 * webhook_deliveries: each event sent (or to be sent) to one webhook: the message id and body it
 * is signed with, and how its attempts went; the delivery log of the Settings screen.
 *
 * event_tickets: one-use tickets that open a live-update stream (EventSource cannot send a
 * bearer header), by their SHA-256; in the database so any instance can take one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("api_tokens")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("scope", "text", (col) => col.notNull())
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text")
    .addColumn("last_used_at", "text")
    .execute();
  await db.schema.createIndex("api_tokens_user").on("api_tokens").column("user_id").execute();

  await db.schema
    .createTable("webhooks")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("url", "text", (col) => col.notNull())
    .addColumn("events", "text", (col) => col.notNull())
    .addColumn("secret", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("failing_since", "text")
    .addColumn("disabled_at", "text")
    .execute();
  await db.schema.createIndex("webhooks_user").on("webhooks").column("user_id").execute();

  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("webhook_id", "text", (col) => col.notNull().references("webhooks.id").onDelete("cascade"))
    .addColumn("event", "text", (col) => col.notNull())
    .addColumn("payload", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("last_attempt_at", "text")
    .addColumn("response_status", "integer")
    .addColumn("last_error", "text")
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_webhook_created")
    .on("webhook_deliveries")
    .columns(["webhook_id", "created_at"])
    .execute();

  await db.schema
    .createTable("event_tickets")
    .addColumn("ticket_hash", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("event_tickets").ifExists().execute();
  await db.schema.dropTable("webhook_deliveries").ifExists().execute();
  await db.schema.dropTable("webhooks").ifExists().execute();
  await db.schema.dropTable("api_tokens").ifExists().execute();
}
