import type { Db } from "../../db/database";

export async function selectFeedSecret(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("calendar_feeds")
    .select("secret")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.secret;
}

/** Keeps an existing secret: of two concurrent first calls, both end up with the same address. */
export async function insertFeedSecretIfMissing(
  db: Db,
  userId: string,
  secret: string,
  nowIso: string,
): Promise<void> {
  await db
    .insertInto("calendar_feeds")
    .values({ user_id: userId, secret, created_at: nowIso })
    .onConflict((conflict) => conflict.column("user_id").doNothing())
    .execute();
}

/** Sets a new secret, replacing the old one (which then finds nobody). */
export async function replaceFeedSecret(
  db: Db,
  userId: string,
  secret: string,
  nowIso: string,
): Promise<void> {
  await db
    .insertInto("calendar_feeds")
    .values({ user_id: userId, secret, created_at: nowIso })
    .onConflict((conflict) =>
      conflict
        .column("user_id")
        .doUpdateSet({ secret: (eb) => eb.ref("excluded.secret"), created_at: nowIso }),
    )
    .execute();
}

/** The owner of a feed secret, with what the feed needs of them. */
export async function selectFeedOwner(
  db: Db,
  secret: string,
): Promise<{ id: string; timezone: string; default_duration_minutes: number | null } | undefined> {
  return db
    .selectFrom("calendar_feeds")
    .innerJoin("users", "users.id", "calendar_feeds.user_id")
    .select(["users.id", "users.timezone", "users.default_duration_minutes"])
    .where("calendar_feeds.secret", "=", secret)
    .executeTakeFirst();
}
