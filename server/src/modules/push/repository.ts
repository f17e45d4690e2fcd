import type { Db } from "../../db/database";
import type { PushSubscriptionsTable } from "../../db/schema";

export async function selectServerKey(db: Db, name: string): Promise<string | undefined> {
  const row = await db.selectFrom("server_keys").select("value").where("name", "=", name).executeTakeFirst();
  return row?.value;
}

/** Stores a key unless one of that name exists: the first instance to store it wins. */
export async function insertServerKeyIfAbsent(db: Db, name: string, value: string, nowIso: string) {
  await db
    .insertInto("server_keys")
    .values({ name, value, created_at: nowIso })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
}

/** A browser's subscription; subscribing the same browser again (or for another account) replaces it. */
export async function upsertSubscription(db: Db, row: PushSubscriptionsTable): Promise<void> {
  await db
    .insertInto("push_subscriptions")
    .values(row)
    .onConflict((conflict) =>
      conflict.column("endpoint").doUpdateSet({
        user_id: row.user_id,
        p256dh: row.p256dh,
        auth: row.auth,
        created_at: row.created_at,
        api_token_id: row.api_token_id,
      }),
    )
    .execute();
}

/** Removes a subscription; with a user id, only when it is that user's. */
export async function deleteSubscription(db: Db, endpoint: string, userId?: string): Promise<void> {
  let query = db.deleteFrom("push_subscriptions").where("endpoint", "=", endpoint);
  if (userId !== undefined) query = query.where("user_id", "=", userId);
  await query.execute();
}

export async function selectSubscriptions(db: Db, userId: string): Promise<PushSubscriptionsTable[]> {
  return db
    .selectFrom("push_subscriptions")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
}

export async function hasSubscriptions(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("push_subscriptions")
    .select("endpoint")
    .where("user_id", "=", userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
