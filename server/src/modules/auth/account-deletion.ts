import type { DeleteAccountRequest } from "@contract/account-security";
import type { AppDeps } from "../../app-types";
import { inTransaction } from "../../db/database";
import type { UserRow } from "../../db/schema";
import { deleteJobsOfUser } from "../../jobs/repository";
import { Validation } from "../../lib/domain-errors";
import { verifyPassword } from "../../lib/passwords";
import { deleteRateLimitsNaming, enforceRateLimits, hashedKeyPart } from "../../lib/rate-limit";
import { endLiveStreams } from "../live-updates";
import { leaveSharedProjects } from "../sharing/service";
import { confirmWithRelogin } from "./oidc-deletion";
import { confirmWithTwoFactor } from "./two-factor";
import { deleteUser } from "./user-repository";
import { deleteCode } from "./verification-code-repository";

type DeletionDeps = Pick<AppDeps, "db" | "config" | "clock">;

/** The password is checked this often at most: a stolen session must not guess it here. */
const attemptsPerUser = (userId: string) => ({
  key: `accountDeletionPerUser:${userId}`,
  limit: 10,
  windowMs: 15 * 60_000,
});

/**
 * An account with a password confirms with it; one without (signed in elsewhere) with a code, or
 * by signing in again at the OpenID Provider (which any account linked to it may do).
 */
async function confirmDeletion(
  deps: DeletionDeps,
  user: UserRow,
  request: DeleteAccountRequest,
): Promise<void> {
  if (request.confirmation !== undefined) {
    await confirmWithRelogin(deps, user, request.confirmation);
    return;
  }
  if (!user.password_hash) {
    if (request.code === undefined) {
      throw new Validation("Enter a code from your authenticator app to delete the account", "code_required");
    }
    await confirmWithTwoFactor(deps, user.id, request.code);
    return;
  }
  if (request.password === undefined) {
    throw new Validation("Enter your password to delete the account", "password_required");
  }
  await enforceRateLimits(
    deps.db,
    [attemptsPerUser(user.id)],
    deps.clock.now(),
    (wait) => `Too many attempts. Please try again in ${wait}.`,
  );
  if (!(await verifyPassword(user.password_hash, request.password))) {
    throw new Validation("Password is incorrect", "wrong_password");
  }
}

/**
 * DELETE /auth/account: everything of the user goes in one transaction. The user's row takes
 * with it every table keyed by the user (their foreign keys cascade: tasks, projects, history,
 * sessions, tokens, app passwords, webhooks, push, calendars, two-factor…); the tables keyed
 * otherwise are cleared here: jobs, sign-up and reset codes of the address, and rate-limit counts
 * naming the user or the address, and its assignments in projects others share with it. Then
 * every live-update stream of the user ends.
 */
export async function deleteAccount(
  deps: DeletionDeps,
  user: UserRow,
  request: DeleteAccountRequest,
): Promise<void> {
  await confirmDeletion(deps, user, request);
  await inTransaction(deps.db, async (trx) => {
    await deleteJobsOfUser(trx, user.id);
    await deleteCode(trx, "verification_codes", user.email_lower);
    await deleteCode(trx, "password_reset_codes", user.email_lower);
    await deleteRateLimitsNaming(trx, [user.id, hashedKeyPart(user.email_lower)]);
    await leaveSharedProjects(trx, deps.clock, user.id);
    await deleteUser(trx, user.id);
  });
  await endLiveStreams(deps.db, user.id, { allBut: null });
}
