import type { ColumnType } from "kysely";

/**
 * The tables of signing in: sessions, two-factor, codes, rate limits, invitations and single
 * sign-on. Part of the schema of ./schema.ts (which re-exports them), kept apart for its size.
 */

export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** When it last made a call, to the minute (migration 0019); null for none since. */
  last_used_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The User-Agent and client address that signed in (migration 0022); null before it. */
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
  ip: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A user's authenticator secret (migration 0022); enabled_at null while only set up. */
export interface TwoFactorTable {
  user_id: string;
  secret: string;
  created_at: string;
  enabled_at: string | null;
  /** The TOTP time step last accepted: a code is taken once. */
  last_time_step: number | null;
}

/** One-use recovery codes, stored as their SHA-256 (migration 0022). */
export interface RecoveryCodesTable {
  code_hash: string;
  user_id: string;
  used_at: string | null;
}

/** Sign-ins waiting for their second factor (migration 0022). */
export interface TwoFactorChallengesTable {
  challenge_hash: string;
  user_id: string;
  expires_at: string;
  user_agent: string | null;
  ip: string;
}

export interface VerificationCodesTable {
  email_lower: string;
  code_hash: string;
  expires_at: string;
  failed_attempts: ColumnType<number, number | undefined, number>;
  last_sent_at: string;
}

/** The codes of "Forgot password?" (migration 0009), shaped like the sign-up codes. */
export type PasswordResetCodesTable = VerificationCodesTable;

export interface RateLimitsTable {
  key: string;
  hits: number;
  window_ends_at: string;
}

/** The addresses that may sign up when REGISTRATION=invite (migration 0021). */
export interface RegistrationInvitesTable {
  email_lower: string;
  created_at: string;
}

/** Which account an OpenID Provider's subject signs in to (migration 0021). */
export interface OidcIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: string;
  created_at: string;
}

/**
 * A sign-in begun at the OpenID Provider, found by the hash of the browser's cookie (migration
 * 0021); with `user_id`, a re-login of that signed-in account to confirm its deletion (0030).
 */
export interface OidcLoginsTable {
  id_hash: string;
  state: string;
  nonce: string;
  code_verifier: string;
  expires_at: string;
  user_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A one-time code the web app exchanges for a session after an OpenID sign-in (migration 0021). */
export interface OidcHandoffsTable {
  code_hash: string;
  user_id: string;
  expires_at: string;
}

/** A re-login at the OpenID Provider, good for one deletion of the account (migration 0030). */
export interface AccountDeletionConfirmationsTable {
  token_hash: string;
  user_id: string;
  issuer: string;
  subject: string;
  expires_at: string;
}

/** The sign-in tables by name, as Database (./schema.ts) holds them. */
export interface SignInTables {
  sessions: SessionsTable;
  two_factor: TwoFactorTable;
  recovery_codes: RecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  verification_codes: VerificationCodesTable;
  password_reset_codes: PasswordResetCodesTable;
  rate_limits: RateLimitsTable;
  registration_invites: RegistrationInvitesTable;
  oidc_identities: OidcIdentitiesTable;
  oidc_logins: OidcLoginsTable;
  oidc_handoffs: OidcHandoffsTable;
  account_deletion_confirmations: AccountDeletionConfirmationsTable;
}
