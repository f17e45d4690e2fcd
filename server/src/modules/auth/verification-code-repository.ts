import type { Db } from "../../db/database";

/** The two code tables: sign-up codes and "Forgot password?" codes. */
export type CodeTable = "verification_codes" | "password_reset_codes";

/** A stored code: only its hash, bound to the address. */
export interface StoredCode {
  email_lower: string;
  code_hash: string;
  expires_at: string;
  failed_attempts: number;
  last_sent_at: string;
}

/**
 * Stores a fresh code for the address unless one was sent at or after `resendAllowedIfSentBefore`.
 * One INSERT … ON CONFLICT DO UPDATE … WHERE, so two simultaneous requests cannot both store (and
 * send) one. false: a code was sent too recently.
 */
export async function upsertCodeUnlessRecent(
  db: Db,
  table: CodeTable,
  code: StoredCode,
  resendAllowedIfSentBefore: string,
): Promise<boolean> {
  const { email_lower: _emailLower, ...fresh } = code;
  const stored = await db
    .insertInto(table)
    .values(code)
    .onConflict((conflict) =>
      conflict
        .column("email_lower")
        .doUpdateSet(fresh)
        .where(`${table}.last_sent_at`, "<=", resendAllowedIfSentBefore),
    )
    .returning("email_lower")
    .executeTakeFirst();
  return stored !== undefined;
}

export async function deleteCodesExpiredBefore(db: Db, table: CodeTable, beforeIso: string): Promise<void> {
  await db.deleteFrom(table).where("expires_at", "<", beforeIso).execute();
}

export async function selectCode(
  db: Db,
  table: CodeTable,
  emailLower: string,
): Promise<Pick<StoredCode, "expires_at" | "failed_attempts" | "last_sent_at"> | undefined> {
  return db
    .selectFrom(table)
    .select(["expires_at", "failed_attempts", "last_sent_at"])
    .where("email_lower", "=", emailLower)
    .executeTakeFirst();
}

/**
 * Counts one try at a live code (not expired, fewer than `maxAttempts` tries so far) in one
 * conditional UPDATE, so parallel guesses cannot get more tries between them. undefined: no
 * live code to try.
 */
export async function countCodeAttempt(
  db: Db,
  table: CodeTable,
  emailLower: string,
  maxAttempts: number,
  nowIso: string,
): Promise<{ code_hash: string; failed_attempts: number } | undefined> {
  return db
    .updateTable(table)
    .set((eb) => ({ failed_attempts: eb("failed_attempts", "+", 1) }))
    .where("email_lower", "=", emailLower)
    .where("failed_attempts", "<", maxAttempts)
    .where("expires_at", ">", nowIso)
    .returning(["code_hash", "failed_attempts"])
    .executeTakeFirst();
}

/** Deletes the address's code; only that exact code when `codeHash` is given. */
export async function deleteCode(
  db: Db,
  table: CodeTable,
  emailLower: string,
  codeHash?: string,
): Promise<void> {
  let query = db.deleteFrom(table).where("email_lower", "=", emailLower);
  if (codeHash !== undefined) query = query.where("code_hash", "=", codeHash);
  await query.execute();
}
