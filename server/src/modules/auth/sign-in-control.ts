import {
  ACCOUNT_DISABLED_MESSAGE,
  NOT_INVITED_MESSAGE,
  SIGN_UP_CLOSED_MESSAGE,
  type SignInOptions,
} from "@contract/sign-in-options";
import type { Config } from "../../config";
import type { Db } from "../../db/database";
import type { UserRow } from "../../db/schema";
import { Forbidden } from "../../lib/domain-errors";
import { isInvited } from "./sign-in-control-repository";

/** What the operator allows: who may sign up (REGISTRATION), and which accounts may sign in. */

/** GET /auth/options: what the sign-in and sign-up pages offer. */
export function signInOptions(config: Config): SignInOptions {
  return {
    password: !config.oidc?.only,
    registration: config.registration,
    oidc: config.oidc ? { name: config.oidc.name } : null,
  };
}

/** Why a new account for this address is refused, or null when it may be made. */
export async function signUpRefusal(
  deps: { db: Db; config: Config },
  email: string,
): Promise<"sign_up_closed" | "not_invited" | null> {
  if (deps.config.registration === "closed") return "sign_up_closed";
  if (deps.config.registration === "invite" && !(await isInvited(deps.db, email.trim().toLowerCase()))) {
    return "not_invited";
  }
  return null;
}

/**
 * Sign-up with e-mail and password, at its first step and again at its last (a code sent before the
 * operator closed sign-up does not open it). The answer does not depend on whether the address
 * has an account, so it tells nobody who has one.
 */
export async function assertMaySignUp(deps: { db: Db; config: Config }, email: string): Promise<void> {
  const refusal = await signUpRefusal(deps, email);
  if (refusal === "sign_up_closed") throw new Forbidden(SIGN_UP_CLOSED_MESSAGE, refusal);
  if (refusal === "not_invited") throw new Forbidden(NOT_INVITED_MESSAGE, refusal);
}

/** A disabled account signs in no more (its existing credentials find nobody: see the lookups). */
export function assertEnabled(user: Pick<UserRow, "disabled_at">): void {
  if (user.disabled_at !== null) throw new Forbidden(ACCOUNT_DISABLED_MESSAGE, "account_disabled");
}
