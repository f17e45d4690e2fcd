import type { Db } from "../../db/database";

export async function insertPlanUndo(
  db: Db,
  row: { token: string; user_id: string; previous: string; created_at: string; expires_at: string },
): Promise<void> {
  await db.insertInto("plan_undos").values(row).execute();
}

/** The user's undo by its token, left in place (undefined when unknown, used or expired). */
export async function selectPlanUndo(
  db: Db,
  userId: string,
  token: string,
  nowIso: string,
): Promise<{ previous: string } | undefined> {
  return db
    .selectFrom("plan_undos")
    .select("previous")
    .where("token", "=", token)
    .where("user_id", "=", userId)
    .where("expires_at", ">", nowIso)
    .executeTakeFirst();
}

/**
 * Takes the user's undo by its token: deleted as it is read, so it is used once, even by two
 * requests at once (only one of them deletes the row). Undefined when unknown, used or expired.
 */
export async function takePlanUndo(
  db: Db,
  userId: string,
  token: string,
  nowIso: string,
): Promise<{ previous: string } | undefined> {
  return db
    .deleteFrom("plan_undos")
    .where("token", "=", token)
    .where("user_id", "=", userId)
    .where("expires_at", ">", nowIso)
    .returning("previous")
    .executeTakeFirst();
}

/** Undos past their time are of no use: dropped when the user accepts another plan. */
export async function deleteExpiredPlanUndos(db: Db, userId: string, nowIso: string): Promise<void> {
  await db.deleteFrom("plan_undos").where("user_id", "=", userId).where("expires_at", "<=", nowIso).execute();
}
