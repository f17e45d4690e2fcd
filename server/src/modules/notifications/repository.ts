import type { Db } from "../../db/database";
import type { NotificationRow } from "../../db/schema";

export async function insertNotification(db: Db, row: NotificationRow): Promise<void> {
  await db.insertInto("notifications").values(row).execute();
}

/** The user's newest notifications, newest first. */
export async function selectNotifications(db: Db, userId: string, limit: number): Promise<NotificationRow[]> {
  return db
    .selectFrom("notifications")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll().as("unread"))
    .where("user_id", "=", userId)
    .where("read_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.unread);
}

/** Marks the user's unread notifications among `ids` (every one when "all") read; others' are untouched. */
export async function markRead(db: Db, userId: string, ids: readonly string[] | "all", nowIso: string) {
  let update = db
    .updateTable("notifications")
    .set({ read_at: nowIso })
    .where("user_id", "=", userId)
    .where("read_at", "is", null);
  if (ids !== "all") update = update.where("id", "in", [...ids]);
  await update.execute();
}

/** A notification by id alone (for the job that e-mails it). */
export async function selectNotificationById(db: Db, id: string): Promise<NotificationRow | undefined> {
  return db.selectFrom("notifications").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Keeps only the user's newest notifications; older ones are never listed. */
export async function pruneNotifications(db: Db, userId: string, keep: number): Promise<void> {
  const oldest = await db
    .selectFrom("notifications")
    .select(["created_at", "id"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .offset(keep)
    .limit(1)
    .executeTakeFirst();
  if (!oldest) return;
  await db
    .deleteFrom("notifications")
    .where("user_id", "=", userId)
    .where((eb) =>
      eb.or([
        eb("created_at", "<", oldest.created_at),
        eb.and([eb("created_at", "=", oldest.created_at), eb("id", "<=", oldest.id)]),
      ]),
    )
    .execute();
}
