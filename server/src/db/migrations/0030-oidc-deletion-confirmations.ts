import type { Kysely } from "kysely";

// Frozen in time: never import application code here; only portable column types.

/**
 * oidc_logins.user_id: the signed-in account a begun OpenID Connect login re-authenticates (to
 * confirm deleting it); null for a sign-in. Nullable, so the release before keeps working during a
 * rolling upgrade.
 *
 * account_deletion_confirmations: what such a re-login proved, kept a few minutes for one
 * DELETE /auth/account of that account: the provider's identity that signed in again. In the
 * database, so that any instance may take it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("oidc_logins")
    .addColumn("user_id", "text", (col) => col.references("users.id").onDelete("cascade"))
    .execute();
  await db.schema
    .createTable("account_deletion_confirmations")
    .addColumn("token_hash", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("issuer", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("account_deletion_confirmations_user")
    .on("account_deletion_confirmations")
    .column("user_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("account_deletion_confirmations_user").execute();
  await db.schema.dropTable("account_deletion_confirmations").execute();
  await db.schema.alterTable("oidc_logins").dropColumn("user_id").execute();
}
