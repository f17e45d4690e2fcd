import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import type { Db } from "../../db/database";
import { badRequest, tooManyRequests } from "../../lib/http-error";
import { describeWait } from "../../lib/rate-limit";

/**
 * E-mail verification codes (issue 2): 6 random digits, only a hash stored, valid for
 * `expires_in` minutes, void after 5 tries, and sent at most once a minute per address.
 */
const MAX_CODE_ATTEMPTS = 5;
const RESEND_INTERVAL_MS = 60_000;

export function newVerificationCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** Bound to the address, so a code row cannot be reused for another e-mail. */
function hashCode(emailLower: string, code: string): string {
  return createHash("sha256").update(`${emailLower}:${code}`).digest("hex");
}

/**
 * Stores a new code for the address unless one was sent less than a minute ago. One
 * INSERT … ON CONFLICT DO UPDATE … WHERE, so two simultaneous requests cannot both send.
 */
export async function storeNewCode(
  db: Db,
  emailLower: string,
  code: string,
  now: Date,
  ttlMinutes: number,
): Promise<{ codeHash: string }> {
  const codeHash = hashCode(emailLower, code);
  const fresh = {
    code_hash: codeHash,
    expires_at: new Date(now.getTime() + ttlMinutes * 60_000).toISOString(),
    failed_attempts: 0,
    last_sent_at: now.toISOString(),
  };
  const resendAllowedIfSentBefore = new Date(now.getTime() - RESEND_INTERVAL_MS).toISOString();
  const stored = await db
    .insertInto("verification_codes")
    .values({ email_lower: emailLower, ...fresh })
    .onConflict((conflict) =>
      conflict
        .column("email_lower")
        .doUpdateSet(fresh)
        .where("verification_codes.last_sent_at", "<=", resendAllowedIfSentBefore),
    )
    .returning("email_lower")
    .executeTakeFirst();
  // Codes nobody used would otherwise keep their address forever; sweeping now and then is enough.
  if (Math.random() < 0.01) {
    await db
      .deleteFrom("verification_codes")
      .where("expires_at", "<", new Date(now.getTime() - 86_400_000).toISOString())
      .execute();
  }
  if (!stored) {
    const previous = await db
      .selectFrom("verification_codes")
      .select("last_sent_at")
      .where("email_lower", "=", emailLower)
      .executeTakeFirst();
    const waitMs = previous
      ? Date.parse(previous.last_sent_at) + RESEND_INTERVAL_MS - now.getTime()
      : RESEND_INTERVAL_MS;
    throw tooManyRequests(
      `A code was just sent to this address. Please wait ${describeWait(Math.max(1, Math.ceil(waitMs / 1000)))} before requesting another.`,
    );
  }
  return { codeHash };
}

/** Undoes storeNewCode when the mail could not be sent, so the user may retry at once. */
export async function discardCode(db: Db, emailLower: string, codeHash: string): Promise<void> {
  await db
    .deleteFrom("verification_codes")
    .where("email_lower", "=", emailLower)
    .where("code_hash", "=", codeHash)
    .execute();
}

/**
 * Checks a code. Every try is counted BEFORE the comparison, in one conditional UPDATE, so
 * parallel guesses cannot get more than 5 tries between them; the sixth try fails even with the
 * right code. The row stays until `consumeCode` (after the account exists).
 */
export async function checkCode(db: Db, emailLower: string, code: string, now: Date): Promise<void> {
  const counted = await db
    .updateTable("verification_codes")
    .set((eb) => ({ failed_attempts: eb("failed_attempts", "+", 1) }))
    .where("email_lower", "=", emailLower)
    .where("failed_attempts", "<", MAX_CODE_ATTEMPTS)
    .where("expires_at", ">", now.toISOString())
    .returning(["code_hash", "failed_attempts"])
    .executeTakeFirst();

  if (!counted) {
    const row = await db
      .selectFrom("verification_codes")
      .select(["expires_at", "failed_attempts"])
      .where("email_lower", "=", emailLower)
      .executeTakeFirst();
    if (!row) {
      throw badRequest(
        "No verification code was sent to this e-mail address. Please request a code first.",
        "code_missing",
      );
    }
    if (row.failed_attempts >= MAX_CODE_ATTEMPTS) {
      throw badRequest(
        "Too many incorrect verification codes. Please request a new code.",
        "code_attempts_exceeded",
      );
    }
    throw badRequest("The verification code has expired. Please request a new code.", "code_expired");
  }

  const expected = Buffer.from(counted.code_hash, "hex");
  const given = Buffer.from(hashCode(emailLower, code), "hex");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    const left = MAX_CODE_ATTEMPTS - counted.failed_attempts;
    throw badRequest(
      left > 0
        ? `The verification code is incorrect. ${left} ${left === 1 ? "try" : "tries"} left.`
        : "The verification code is incorrect. Please request a new code.",
      "code_incorrect",
    );
  }
}

export async function consumeCode(db: Db, emailLower: string): Promise<void> {
  await db.deleteFrom("verification_codes").where("email_lower", "=", emailLower).execute();
}
