import type { Kysely } from "kysely";

// Frozen in time: never import application code here; only portable column types.

/**
 * webhooks.api_token_id, push_subscriptions.api_token_id: the personal API token that made the
 * row, if one did (null: a signed-in session). Revoking the token deletes them with it (the
 * foreign key cascades), so nothing a token made outlives it.
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
  await db.schema.alterTable("jobs").addColumn("user_id", "text").execute();
  await db.schema.createIndex("jobs_running_user").on("jobs").columns(["status", "user_id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("jobs_running_user").execute();
  await db.schema.alterTable("jobs").dropColumn("user_id").execute();
  for (const table of ["webhooks", "push_subscriptions"]) {
    await db.schema.dropIndex(`${table}_api_token`).execute();
    await db.schema.alterTable(table).dropColumn("api_token_id").execute();
  }
}
