import type { Db } from "../../db/database";
import type { UserRow } from "../../db/schema";

/** An invitation to sign up (REGISTRATION=invite); inviting an address twice keeps the first. */
export async function insertInvite(db: Db, emailLower: string, now: Date): Promise<boolean> {
  const inserted = await db
    .insertInto("registration_invites")
    .values({ email_lower: emailLower, created_at: now.toISOString() })
    .onConflict((oc) => oc.column("email_lower").doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function isInvited(db: Db, emailLower: string): Promise<boolean> {
  const row = await db
    .selectFrom("registration_invites")
    .select("email_lower")
    .where("email_lower", "=", emailLower)
    .executeTakeFirst();
  return row !== undefined;
}

/** Disables (a time) or enables (null) an account. */
export function setDisabledAt(db: Db, userId: string, disabledAt: string | null): Promise<UserRow> {
  return db
    .updateTable("users")
    .set({ disabled_at: disabledAt })
    .where("id", "=", userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
