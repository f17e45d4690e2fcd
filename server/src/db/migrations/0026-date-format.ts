import type { Kysely } from "kysely";

// Frozen in time: never import application code here; only portable column types.

/**
 * How each user reads dates: date_order ("dmy", "mdy" or "ymd"), clock ("12h" or "24h") and
 * week_start (ISO weekday, 1 or 7). Nullable, null meaning the built-in default, so rows the
 * previous release writes read correctly.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("date_order", "text").execute();
  await db.schema.alterTable("users").addColumn("clock", "text").execute();
  await db.schema.alterTable("users").addColumn("week_start", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["week_start", "clock", "date_order"]) {
    await db.schema.alterTable("users").dropColumn(column).execute();
  }
}
