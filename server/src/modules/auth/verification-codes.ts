import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import type { Db } from "../../db/database";
import { Validation } from "../../lib/domain-errors";
import { rateLimited } from "../../lib/rate-limit";
import {
  type CodeTable,
  countCodeAttempt,
  deleteCode,
  deleteCodesExpiredBefore,
  selectCode,
  upsertCodeUnlessRecent,
} from "./verification-code-repository";

export type { CodeTable } from "./verification-code-repository";

/**
 * E-mailed codes, for sign-up (verification_codes) and for "Forgot password?"
 * (password_reset_codes): 6 random digits, only a hash stored, valid for a set number of
 * minutes, void after 5 tries, and sent at most once a minute per address.
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
  table: CodeTable,
  emailLower: string,
  code: string,
  now: Date,
  ttlMinutes: number,
): Promise<{ codeHash: string }> {
  const codeHash = hashCode(emailLower, code);
  const resendAllowedIfSentBefore = new Date(now.getTime() - RESEND_INTERVAL_MS).toISOString();
  const stored = await upsertCodeUnlessRecent(
    db,
    table,
    {
      email_lower: emailLower,
      code_hash: codeHash,
      expires_at: new Date(now.getTime() + ttlMinutes * 60_000).toISOString(),
      failed_attempts: 0,
      last_sent_at: now.toISOString(),
    },
    resendAllowedIfSentBefore,
  );
  // Codes nobody used would otherwise keep their address forever; sweeping now and then is enough.
  if (Math.random() < 0.01) {
    await deleteCodesExpiredBefore(db, table, new Date(now.getTime() - 86_400_000).toISOString());
  }
  if (!stored) {
    const previous = await selectCode(db, table, emailLower);
    const waitMs = previous
      ? Date.parse(previous.last_sent_at) + RESEND_INTERVAL_MS - now.getTime()
      : RESEND_INTERVAL_MS;
    throw rateLimited(
      Math.max(1, Math.ceil(waitMs / 1000)),
      (wait) => `A code was just sent to this address. Please wait ${wait} before requesting another.`,
    );
  }
  return { codeHash };
}

/** Undoes storeNewCode when the mail could not be sent, so the user may retry at once. */
export async function discardCode(
  db: Db,
  table: CodeTable,
  emailLower: string,
  codeHash: string,
): Promise<void> {
  await deleteCode(db, table, emailLower, codeHash);
}

export type CodeMatch =
  | { matched: true }
  | { matched: false; reason: "missing" | "attempts_exceeded" | "expired" }
  | { matched: false; reason: "incorrect"; triesLeft: number };

/**
 * Compares a code with the stored one. Every try is counted BEFORE the comparison, in one
 * conditional UPDATE, so parallel guesses cannot get more than 5 tries between them; the sixth
 * try fails even with the right code. The row stays until `consumeCode`.
 */
export async function matchCode(
  db: Db,
  table: CodeTable,
  emailLower: string,
  code: string,
  now: Date,
): Promise<CodeMatch> {
  const counted = await countCodeAttempt(db, table, emailLower, MAX_CODE_ATTEMPTS, now.toISOString());
  if (!counted) {
    const row = await selectCode(db, table, emailLower);
    if (!row) return { matched: false, reason: "missing" };
    if (row.failed_attempts >= MAX_CODE_ATTEMPTS) return { matched: false, reason: "attempts_exceeded" };
    return { matched: false, reason: "expired" };
  }
  const expected = Buffer.from(counted.code_hash, "hex");
  const given = Buffer.from(hashCode(emailLower, code), "hex");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { matched: false, reason: "incorrect", triesLeft: MAX_CODE_ATTEMPTS - counted.failed_attempts };
  }
  return { matched: true };
}

/** Checks a sign-up code and says plainly what is wrong with it: the address is not yet an account. */
export async function checkCode(db: Db, emailLower: string, code: string, now: Date): Promise<void> {
  const match = await matchCode(db, "verification_codes", emailLower, code, now);
  if (match.matched) return;
  switch (match.reason) {
    case "missing":
      throw new Validation(
        "No verification code was sent to this e-mail address. Please request a code first.",
        "code_missing",
      );
    case "attempts_exceeded":
      throw new Validation(
        "Too many incorrect verification codes. Please request a new code.",
        "code_attempts_exceeded",
      );
    case "expired":
      throw new Validation("The verification code has expired. Please request a new code.", "code_expired");
    case "incorrect":
      throw new Validation(
        match.triesLeft > 0
          ? `The verification code is incorrect. ${match.triesLeft} ${match.triesLeft === 1 ? "try" : "tries"} left.`
          : "The verification code is incorrect. Please request a new code.",
        "code_incorrect",
      );
  }
}

export async function consumeCode(db: Db, table: CodeTable, emailLower: string): Promise<void> {
  await deleteCode(db, table, emailLower);
}
