import type { Db } from "../../db/database";
import type { UserRow } from "../../db/schema";

/** The state of OpenID Connect sign-ins: begun logins, one-time hand-off codes and linked identities. */

export interface OidcLogin {
  state: string;
  nonce: string;
  code_verifier: string;
}

/** Stores a begun sign-in, and drops the ones that expired unfinished. */
export async function insertOidcLogin(
  db: Db,
  idHash: string,
  login: OidcLogin,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  await db.deleteFrom("oidc_logins").where("expires_at", "<=", now.toISOString()).execute();
  await db
    .insertInto("oidc_logins")
    .values({ id_hash: idHash, ...login, expires_at: expiresAt.toISOString() })
    .execute();
}

/** Takes a begun sign-in once: the row is gone after the first call, live or not. */
export async function takeOidcLogin(db: Db, idHash: string, now: Date): Promise<OidcLogin | undefined> {
  const row = await db
    .deleteFrom("oidc_logins")
    .where("id_hash", "=", idHash)
    .returning(["state", "nonce", "code_verifier", "expires_at"])
    .executeTakeFirst();
  if (!row || row.expires_at <= now.toISOString()) return undefined;
  return { state: row.state, nonce: row.nonce, code_verifier: row.code_verifier };
}

export async function insertOidcHandoff(
  db: Db,
  codeHash: string,
  userId: string,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  await db.deleteFrom("oidc_handoffs").where("expires_at", "<=", now.toISOString()).execute();
  await db
    .insertInto("oidc_handoffs")
    .values({ code_hash: codeHash, user_id: userId, expires_at: expiresAt.toISOString() })
    .execute();
}

/** The account a hand-off code signs in to, once: the code is gone after the first call. */
export async function takeOidcHandoff(db: Db, codeHash: string, now: Date): Promise<string | undefined> {
  const row = await db
    .deleteFrom("oidc_handoffs")
    .where("code_hash", "=", codeHash)
    .returning(["user_id", "expires_at"])
    .executeTakeFirst();
  return row && row.expires_at > now.toISOString() ? row.user_id : undefined;
}

export function findOidcIdentityUser(db: Db, issuer: string, subject: string): Promise<UserRow | undefined> {
  return db
    .selectFrom("oidc_identities")
    .innerJoin("users", "users.id", "oidc_identities.user_id")
    .selectAll("users")
    .where("oidc_identities.issuer", "=", issuer)
    .where("oidc_identities.subject", "=", subject)
    .executeTakeFirst();
}

export async function insertOidcIdentity(
  db: Db,
  identity: { issuer: string; subject: string; userId: string },
  now: Date,
): Promise<void> {
  await db
    .insertInto("oidc_identities")
    .values({
      issuer: identity.issuer,
      subject: identity.subject,
      user_id: identity.userId,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(["issuer", "subject"]).doNothing())
    .execute();
}
