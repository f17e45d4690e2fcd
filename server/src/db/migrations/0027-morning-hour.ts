import type { Kysely } from "kysely";

// Frozen in time: never import application code here; only portable column types.

/**
 * users.morning_hour: the hour "morning" with no hour written means to quick add and mail reading
 * ("tomorrow morning"), in the user's zone; null is 09:00. Nullable, so the release before keeps
 * working during a rolling upgrade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("morning_hour", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("morning_hour").execute();
}
