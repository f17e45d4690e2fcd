import type { Kysely } from "kysely";

// Frozen in time: never import application code here; only portable column types.

/**
 * webhooks.api_token_id, push_subscriptions.api_token_id: the personal API token that made the
 * row, if one did (null: a signed-in session). Revoking the token deletes them with it (the
 * foreign key cascades), so nothing a token made outlives it.
 *
 * sessions.last_used_at: when the session last made a call (to the minute), for the list of
 * everything that can sign in to the account.
 *
 * event_tickets.session_id, event_tickets.api_token_id: what took the ticket, and so opened the
 * stream; live_streams: the streams open now on any instance (seen_at is refreshed while one is
 * open), so each user's number of streams can be capped across instances.
 *
 * jobs.user_id: whose job it is, for the jobs that reach out to the network (webhook deliveries,
 * calendar fetches): the runner gives each user only a share of its slots. Null for the others,
 * and for jobs queued by a release before this one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ["webhooks", "push_subscriptions"]) {
    await db.schema
      .alterTable(table)
      .addColumn("api_token_id", "text", (col) => col.references("api_tokens.id").onDelete("cascade"))
      .execute();
    await db.schema.createIndex(`${table}_api_token`).on(table).column("api_token_id").execute();
  }
  await db.schema.alterTable("sessions").addColumn("last_used_at", "text").execute();
  await db.schema.alterTable("event_tickets").addColumn("session_id", "text").execute();
  await db.schema.alterTable("event_tickets").addColumn("api_token_id", "text").execute();
  await db.schema
    .createTable("live_streams")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("opened_at", "text", (col) => col.notNull())
    .addColumn("seen_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("live_streams_user")
    .on("live_streams")
    .columns(["user_id", "seen_at"])
    .execute();
  await db.schema.alterTable("jobs").addColumn("user_id", "text").execute();
  await db.schema.createIndex("jobs_running_user").on("jobs").columns(["status", "user_id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("jobs_running_user").execute();
  await db.schema.alterTable("jobs").dropColumn("user_id").execute();
  await db.schema.dropTable("live_streams").execute();
  await db.schema.alterTable("event_tickets").dropColumn("api_token_id").execute();
  await db.schema.alterTable("event_tickets").dropColumn("session_id").execute();
  await db.schema.alterTable("sessions").dropColumn("last_used_at").execute();
  for (const table of ["webhooks", "push_subscriptions"]) {
    await db.schema.dropIndex(`${table}_api_token`).execute();
    await db.schema.alterTable(table).dropColumn("api_token_id").execute();
  }
}
