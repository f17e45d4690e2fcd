import type { Db } from "../../db/database";
import type { UserRow } from "../../db/schema";

/** The state of OpenID Connect sign-ins: begun logins, one-time hand-off codes and linked identities. */

export interface OidcLogin {
  state: string;
  nonce: string;
  code_verifier: string;
  /** The signed-in account a re-login confirms; null for a sign-in. */
  user_id: string | null;
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

const LOGIN_COLUMNS = ["state", "nonce", "code_verifier", "user_id", "expires_at"] as const;

/** Takes a begun sign-in once: the row is gone after the first call, live or not. */
export async function takeOidcLogin(db: Db, idHash: string, now: Date): Promise<OidcLogin | undefined> {
  const row = await db
    .deleteFrom("oidc_logins")
    .where("id_hash", "=", idHash)
    .returning(LOGIN_COLUMNS)
    .executeTakeFirst();
  if (!row || row.expires_at <= now.toISOString()) return undefined;
  const { expires_at: _expiresAt, ...login } = row;
  return login;
}

/** A begun sign-in, left in place, while it has not expired. */
export function findOidcLogin(db: Db, idHash: string, now: Date): Promise<OidcLogin | undefined> {
  return db
    .selectFrom("oidc_logins")
    .select(["state", "nonce", "code_verifier", "user_id"])
    .where("id_hash", "=", idHash)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
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

export async function userHasOidcIdentity(db: Db, userId: string): Promise<boolean> {
  const identity = await db
    .selectFrom("oidc_identities")
    .select("subject")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return identity !== undefined;
}

/** Stores what a re-login proved, and drops the confirmations that expired unused. */
export async function insertDeletionConfirmation(
  db: Db,
  row: { token_hash: string; user_id: string; issuer: string; subject: string; expires_at: string },
  now: Date,
): Promise<void> {
  await db
    .deleteFrom("account_deletion_confirmations")
    .where("expires_at", "<=", now.toISOString())
    .execute();
  await db.insertInto("account_deletion_confirmations").values(row).execute();
}

/** Takes a confirmation of the user's once: gone after the first call; undefined when expired. */
export async function takeDeletionConfirmation(
  db: Db,
  tokenHash: string,
  userId: string,
  now: Date,
): Promise<{ issuer: string; subject: string } | undefined> {
  const row = await db
    .deleteFrom("account_deletion_confirmations")
    .where("token_hash", "=", tokenHash)
    .where("user_id", "=", userId)
    .returning(["issuer", "subject", "expires_at"])
    .executeTakeFirst();
  return row && row.expires_at > now.toISOString() ? { issuer: row.issuer, subject: row.subject } : undefined;
}
