import type { Kysely } from "kysely";

// Frozen in time: never import application code here; only portable column types.

/**
 * sessions.user_agent, sessions.ip: the browser or app and the client address that signed in,
 * for the list of signed-in devices (null for sessions made by a release before this one).
 *
 * two_factor: a user's authenticator secret; enabled_at stays null while it is only set up (not
 * yet confirmed with a code), and last_time_step is the TOTP step last accepted, so a code is
 * taken once. recovery_codes: the SHA-256 of each one-use recovery code. two_factor_challenges:
 * a sign-in whose password was right and that waits for its second factor (the SHA-256 of the
 * challenge handed to the client), with the client that will get the session.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").addColumn("user_agent", "text").execute();
  await db.schema.alterTable("sessions").addColumn("ip", "text").execute();
  await db.schema
    .createTable("two_factor")
    .addColumn("user_id", "text", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("secret", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("enabled_at", "text")
    .addColumn("last_time_step", "integer")
    .execute();
  await db.schema
    .createTable("recovery_codes")
    .addColumn("code_hash", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("recovery_codes_user").on("recovery_codes").column("user_id").execute();
  await db.schema
    .createTable("two_factor_challenges")
    .addColumn("challenge_hash", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("user_agent", "text")
    .addColumn("ip", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("two_factor_challenges_user")
    .on("two_factor_challenges")
    .column("user_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("two_factor_challenges").execute();
  await db.schema.dropTable("recovery_codes").execute();
  await db.schema.dropTable("two_factor").execute();
  await db.schema.alterTable("sessions").dropColumn("ip").execute();
  await db.schema.alterTable("sessions").dropColumn("user_agent").execute();
}
