import {
  DELETION_CONFIRMATION_EXPIRED_MESSAGE,
  WRONG_IDENTITY_MESSAGE,
  type AccountDeletionOptions,
} from "@contract/account-security";
import type { AppDeps } from "../../app-types";
import type { UserRow } from "../../db/schema";
import { Forbidden, Validation } from "../../lib/domain-errors";
import { hashToken, newToken } from "../../lib/opaque-tokens";
import type { OidcPerson } from "./oidc-account";
import {
  findOidcIdentityUser,
  insertDeletionConfirmation,
  takeDeletionConfirmation,
  userHasOidcIdentity,
} from "./oidc-repository";
import { findTwoFactor } from "./two-factor-repository";

/**
 * Confirming an account's deletion by signing in again at the OpenID Provider, for an account that
 * has no password of its own (made by a single sign-on). The re-login's callback records who
 * signed in again, for a few minutes and one use; DELETE /auth/account takes it and goes on only
 * when that identity is the account's.
 */

type ConfirmationDeps = Pick<AppDeps, "db" | "config" | "clock">;

const CONFIRMATION_TTL_MS = 5 * 60_000;

/**
 * GET /auth/account/deletion-options: its password, the provider when an identity is linked, and
 * whether two-factor sign-in is on (a code confirms for an account without a password).
 */
export async function accountDeletionOptions(
  deps: ConfirmationDeps,
  user: Pick<UserRow, "id" | "password_hash">,
): Promise<AccountDeletionOptions> {
  const oidc = deps.config.oidc;
  const linked = oidc !== undefined && (await userHasOidcIdentity(deps.db, user.id));
  const twoFactor = (await findTwoFactor(deps.db, user.id))?.enabled_at != null;
  return {
    password: user.password_hash !== "",
    oidc: linked ? { name: oidc.name } : null,
    two_factor: twoFactor,
  };
}

/** The callback of a re-login begun by `userId`: a one-use confirmation of who signed in again. */
export async function confirmDeletionByRelogin(
  deps: ConfirmationDeps,
  userId: string,
  person: Pick<OidcPerson, "issuer" | "subject">,
): Promise<{ confirmation: string }> {
  const confirmation = newToken();
  const now = deps.clock.now();
  await insertDeletionConfirmation(
    deps.db,
    {
      token_hash: hashToken(confirmation),
      user_id: userId,
      issuer: person.issuer,
      subject: person.subject,
      expires_at: new Date(now.getTime() + CONFIRMATION_TTL_MS).toISOString(),
    },
    now,
  );
  return { confirmation };
}

/** Takes the user's confirmation (once); refuses an expired or used one, or another person's re-login. */
export async function confirmWithRelogin(
  deps: ConfirmationDeps,
  user: Pick<UserRow, "id">,
  confirmation: string,
): Promise<void> {
  const identity = await takeDeletionConfirmation(
    deps.db,
    hashToken(confirmation),
    user.id,
    deps.clock.now(),
  );
  if (!identity) throw new Validation(DELETION_CONFIRMATION_EXPIRED_MESSAGE, "confirmation_expired");
  const owner = await findOidcIdentityUser(deps.db, identity.issuer, identity.subject);
  if (owner?.id !== user.id) throw new Forbidden(WRONG_IDENTITY_MESSAGE, "wrong_identity");
}
