import type { Kysely } from "kysely";

// Frozen in time: never import application code here; only portable column types.

/**
 * password_reset_codes: the 6-digit codes of "Forgot password?", one live code per address. Kept
 * apart from the sign-up codes so asking to reset a password never voids a pending sign-up code
 * of the same address, and the other way round.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("password_reset_codes")
    .addColumn("email_lower", "text", (col) => col.primaryKey())
    .addColumn("code_hash", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("failed_attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("last_sent_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("password_reset_codes").ifExists().execute();
}
