import type { Db } from "../../db/database";
import type { AppPasswordRow } from "../../db/schema";

export async function insertAppPassword(db: Db, row: AppPasswordRow): Promise<void> {
  await db.insertInto("app_passwords").values(row).execute();
}

/** The user's live (not revoked) app passwords, newest first. */
export function selectAppPasswords(db: Db, userId: string): Promise<AppPasswordRow[]> {
  return db
    .selectFrom("app_passwords")
    .selectAll()
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
}

/** true when the user had a live app password with this id, now revoked. */
export async function revokeAppPassword(
  db: Db,
  userId: string,
  id: string,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable("app_passwords")
    .set({ revoked_at: nowIso })
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Revokes every live app password of the user. */
export async function revokeAllAppPasswordsOf(db: Db, userId: string, nowIso: string): Promise<void> {
  await db
    .updateTable("app_passwords")
    .set({ revoked_at: nowIso })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .execute();
}

/** The user's live app password with this hash. */
export function selectLiveAppPassword(
  db: Db,
  userId: string,
  passwordHash: string,
): Promise<Pick<AppPasswordRow, "id" | "last_used_at"> | undefined> {
  return db
    .selectFrom("app_passwords")
    .select(["id", "last_used_at"])
    .where("user_id", "=", userId)
    .where("password_hash", "=", passwordHash)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
}

export async function markAppPasswordUsed(db: Db, id: string, nowIso: string): Promise<void> {
  await db.updateTable("app_passwords").set({ last_used_at: nowIso }).where("id", "=", id).execute();
}
