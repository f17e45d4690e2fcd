import type { Db } from "../../db/database";
import type { TwoFactorChallengesTable, TwoFactorTable } from "../../db/schema";

export function findTwoFactor(db: Db, userId: string): Promise<TwoFactorTable | undefined> {
  return db.selectFrom("two_factor").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

/** A new secret waiting to be confirmed; replaces one set up before and never confirmed. */
export async function storePendingSecret(
  db: Db,
  userId: string,
  secret: string,
  nowIso: string,
): Promise<void> {
  await db
    .insertInto("two_factor")
    .values({ user_id: userId, secret, created_at: nowIso, enabled_at: null, last_time_step: null })
    .onConflict((conflict) =>
      conflict
        .column("user_id")
        .doUpdateSet({ secret, created_at: nowIso, last_time_step: null })
        .where("two_factor.enabled_at", "is", null),
    )
    .execute();
}

/** Turns it on with its recovery codes, unless another request did first (false then). */
export async function enableWithRecoveryCodes(
  db: Db,
  userId: string,
  nowIso: string,
  codeHashes: string[],
): Promise<boolean> {
  const enabled = await db
    .updateTable("two_factor")
    .set({ enabled_at: nowIso })
    .where("user_id", "=", userId)
    .where("enabled_at", "is", null)
    .executeTakeFirst();
  if (enabled.numUpdatedRows === 0n) return false;
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  await db
    .insertInto("recovery_codes")
    .values(codeHashes.map((code_hash) => ({ code_hash, user_id: userId, used_at: null })))
    .execute();
  return true;
}

/** Takes a TOTP step if it is later than the last one taken (false: replayed, or raced). */
export async function takeTimeStep(db: Db, userId: string, timeStep: number): Promise<boolean> {
  const result = await db
    .updateTable("two_factor")
    .set({ last_time_step: timeStep })
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("last_time_step", "is", null), eb("last_time_step", "<", timeStep)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Uses an unused recovery code of the user (false: unknown or used). */
export async function useRecoveryCode(
  db: Db,
  userId: string,
  codeHash: string,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable("recovery_codes")
    .set({ used_at: nowIso })
    .where("code_hash", "=", codeHash)
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Two-factor off: the secret, the recovery codes and the waiting sign-ins go. */
export async function deleteTwoFactor(db: Db, userId: string): Promise<void> {
  await db.deleteFrom("two_factor_challenges").where("user_id", "=", userId).execute();
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  await db.deleteFrom("two_factor").where("user_id", "=", userId).execute();
}

export async function insertChallenge(db: Db, challenge: TwoFactorChallengesTable): Promise<void> {
  await db.insertInto("two_factor_challenges").values(challenge).execute();
}

export function findLiveChallenge(
  db: Db,
  challengeHash: string,
  nowIso: string,
): Promise<TwoFactorChallengesTable | undefined> {
  return db
    .selectFrom("two_factor_challenges")
    .selectAll()
    .where("challenge_hash", "=", challengeHash)
    .where("expires_at", ">", nowIso)
    .executeTakeFirst();
}

/** Uses a challenge up, and drops the user's expired ones (false: another request used it). */
export async function consumeChallenge(
  db: Db,
  challenge: TwoFactorChallengesTable,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom("two_factor_challenges")
    .where("challenge_hash", "=", challenge.challenge_hash)
    .executeTakeFirst();
  await db
    .deleteFrom("two_factor_challenges")
    .where("user_id", "=", challenge.user_id)
    .where("expires_at", "<=", nowIso)
    .execute();
  return result.numDeletedRows > 0n;
}
