import type { Kysely } from "kysely";

// Frozen in time: never import application code here; only portable column types.

/**
 * users.disabled_at: when the operator disabled the account (`npm run admin -- disable-user`);
 * null for an account in use. A disabled account's credentials find nobody.
 *
 * registration_invites: the addresses that may sign up when REGISTRATION=invite.
 *
 * oidc_identities: which account an OpenID Provider's subject signs in to.
 *
 * oidc_logins: a sign-in begun at the provider (its state, nonce and PKCE verifier), looked up by
 * the browser's cookie when the provider sends it back; oidc_handoffs: the one-time codes the web
 * app exchanges for a session once the provider is done. Both short-lived and used once, in the
 * database so that any instance may finish what another began.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("disabled_at", "text").execute();
  await db.schema
    .createTable("registration_invites")
    .addColumn("email_lower", "text", (col) => col.primaryKey())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("oidc_identities")
    .addColumn("issuer", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("oidc_identities_pk", ["issuer", "subject"])
    .execute();
  await db.schema.createIndex("oidc_identities_user").on("oidc_identities").column("user_id").execute();
  await db.schema
    .createTable("oidc_logins")
    .addColumn("id_hash", "text", (col) => col.primaryKey())
    .addColumn("state", "text", (col) => col.notNull())
    .addColumn("nonce", "text", (col) => col.notNull())
    .addColumn("code_verifier", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("oidc_handoffs")
    .addColumn("code_hash", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("oidc_handoffs").execute();
  await db.schema.dropTable("oidc_logins").execute();
  await db.schema.dropIndex("oidc_identities_user").execute();
  await db.schema.dropTable("oidc_identities").execute();
  await db.schema.dropTable("registration_invites").execute();
  await db.schema.alterTable("users").dropColumn("disabled_at").execute();
}
