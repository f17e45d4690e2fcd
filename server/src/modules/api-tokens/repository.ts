import type { Db } from "../../db/database";
import type { ApiTokenRow, UserRow } from "../../db/schema";

/** What a signed-in call needs of a token's user (the same columns a session gives). */
export type TokenUser = Pick<UserRow, "id" | "timezone" | "tasks_version" | "default_reminder_minutes">;

export async function insertApiToken(db: Db, row: ApiTokenRow): Promise<void> {
  await db.insertInto("api_tokens").values(row).execute();
}

export async function selectApiTokens(db: Db, userId: string): Promise<ApiTokenRow[]> {
  return db
    .selectFrom("api_tokens")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
}

export async function deleteApiToken(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("api_tokens")
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Deletes every token of the user (what they made goes with them: the foreign keys cascade). */
export async function deleteAllApiTokens(db: Db, userId: string): Promise<void> {
  await db.deleteFrom("api_tokens").where("user_id", "=", userId).execute();
}

/** The user behind a token hash, while the token has not expired (a deleted token is gone). */
export async function findApiTokenUser(
  db: Db,
  tokenHash: string,
  nowIso: string,
): Promise<{ tokenId: string; scope: string; lastUsedAt: string | null; user: TokenUser } | undefined> {
  const row = await db
    .selectFrom("api_tokens")
    .innerJoin("users", "users.id", "api_tokens.user_id")
    .select(["users.id", "users.timezone", "users.tasks_version", "users.default_reminder_minutes"])
    .select(["api_tokens.id as token_id", "api_tokens.scope", "api_tokens.last_used_at"])
    .where("api_tokens.token_hash", "=", tokenHash)
    .where((eb) => eb.or([eb("api_tokens.expires_at", "is", null), eb("api_tokens.expires_at", ">", nowIso)]))
    // A disabled account's tokens stop with it, and work again when it is enabled.
    .where("users.disabled_at", "is", null)
    .executeTakeFirst();
  if (!row) return undefined;
  const { token_id: tokenId, scope, last_used_at: lastUsedAt, ...user } = row;
  return { tokenId, scope, lastUsedAt, user };
}

/** Records a use, unless one was recorded since `staleBeforeIso` (a write per minute, not per call). */
export async function touchApiToken(
  db: Db,
  id: string,
  nowIso: string,
  staleBeforeIso: string,
): Promise<void> {
  await db
    .updateTable("api_tokens")
    .set({ last_used_at: nowIso })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<", staleBeforeIso)]))
    .execute();
}
