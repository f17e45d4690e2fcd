import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: never import application code here; only portable SQL.

/**
 * At most one queued or running daily-plan generation per user (a second request returns the first
 * one's id). A partial unique index makes this hold across server instances on both
 * SQLite and PostgreSQL, where a check-then-insert could race.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("generation_requests_one_active_per_user")
    .on("generation_requests")
    .column("user_id")
    .unique()
    .where(sql.ref("status"), "in", [sql.lit("queued"), sql.lit("running")])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("generation_requests_one_active_per_user").execute();
}
