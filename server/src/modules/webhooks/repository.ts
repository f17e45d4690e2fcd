import type { Db } from "../../db/database";
import { queryTemplate } from "../../db/query-template";
import type { WebhookDeliveryRow, WebhookRow } from "../../db/schema";

export async function insertWebhook(db: Db, row: WebhookRow): Promise<void> {
  await db.insertInto("webhooks").values(row).execute();
}

export async function selectWebhooks(db: Db, userId: string): Promise<WebhookRow[]> {
  return db
    .selectFrom("webhooks")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
}

/** The user's webhooks that still take deliveries. */
/** Every task write sends it: built and compiled once. */
const selectActive = queryTemplate((db: Db, args: { userId: string }) =>
  db
    .selectFrom("webhooks")
    .select(["id", "events"])
    .where("user_id", "=", args.userId)
    .where("disabled_at", "is", null),
);

export async function selectActiveWebhooks(
  db: Db,
  userId: string,
): Promise<Array<Pick<WebhookRow, "id" | "events">>> {
  return selectActive(db, { userId });
}

export async function deleteWebhookRow(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("webhooks")
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The newest `limit` deliveries of each of `webhookIds`. */
export async function selectRecentDeliveries(
  db: Db,
  webhookIds: readonly string[],
  limit: number,
): Promise<WebhookDeliveryRow[]> {
  if (webhookIds.length === 0) return [];
  const perHook = await Promise.all(
    webhookIds.map((id) =>
      db
        .selectFrom("webhook_deliveries")
        .selectAll()
        .where("webhook_id", "=", id)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute(),
    ),
  );
  return perHook.flat();
}

/** Rows per INSERT: far below SQLite's limit on bound values, whatever an import brings. */
const DELIVERIES_PER_INSERT = 500;

export async function insertDeliveries(db: Db, rows: readonly WebhookDeliveryRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += DELIVERIES_PER_INSERT) {
    await db
      .insertInto("webhook_deliveries")
      .values(rows.slice(start, start + DELIVERIES_PER_INSERT))
      .execute();
  }
}

/** A delivery with the webhook it goes to. */
export async function selectDeliveryWithWebhook(
  db: Db,
  deliveryId: string,
): Promise<{ delivery: WebhookDeliveryRow; webhook: WebhookRow } | undefined> {
  const delivery = await db
    .selectFrom("webhook_deliveries")
    .selectAll()
    .where("id", "=", deliveryId)
    .executeTakeFirst();
  if (!delivery) return undefined;
  const webhook = await db
    .selectFrom("webhooks")
    .selectAll()
    .where("id", "=", delivery.webhook_id)
    .executeTakeFirst();
  return webhook ? { delivery, webhook } : undefined;
}

export async function recordAttempt(
  db: Db,
  deliveryId: string,
  attempt: {
    status: "pending" | "delivered" | "failed";
    attempts: number;
    atIso: string;
    responseStatus: number | null;
    error: string | null;
  },
): Promise<void> {
  await db
    .updateTable("webhook_deliveries")
    .set({
      status: attempt.status,
      attempts: attempt.attempts,
      last_attempt_at: attempt.atIso,
      response_status: attempt.responseStatus,
      last_error: attempt.error,
    })
    .where("id", "=", deliveryId)
    .execute();
}

/** A delivery given up without its last attempt recorded (its worker stopped): failed. */
export async function failPendingDelivery(db: Db, deliveryId: string): Promise<void> {
  await db
    .updateTable("webhook_deliveries")
    .set({ status: "failed" })
    .where("id", "=", deliveryId)
    .where("status", "=", "pending")
    .execute();
}

export async function markWebhookHealthy(db: Db, webhookId: string): Promise<void> {
  await db
    .updateTable("webhooks")
    .set({ failing_since: null })
    .where("id", "=", webhookId)
    .where("failing_since", "is not", null)
    .execute();
}

/** Notes a failure: the first of a run sets failing_since. Returns the webhook's failing_since. */
export async function markWebhookFailing(db: Db, webhookId: string, nowIso: string): Promise<string> {
  await db
    .updateTable("webhooks")
    .set({ failing_since: nowIso })
    .where("id", "=", webhookId)
    .where("failing_since", "is", null)
    .execute();
  const row = await db
    .selectFrom("webhooks")
    .select("failing_since")
    .where("id", "=", webhookId)
    .executeTakeFirst();
  return row?.failing_since ?? nowIso;
}

/** Disables the webhook; true only for the one call that did (so its owner is told once). */
export async function disableWebhook(db: Db, webhookId: string, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable("webhooks")
    .set({ disabled_at: nowIso })
    .where("id", "=", webhookId)
    .where("disabled_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes the webhook's finished deliveries created before `beforeIso` (the log keeps a month). */
export async function pruneDeliveries(db: Db, webhookId: string, beforeIso: string): Promise<void> {
  await db
    .deleteFrom("webhook_deliveries")
    .where("webhook_id", "=", webhookId)
    .where("created_at", "<", beforeIso)
    .where("status", "!=", "pending")
    .execute();
}

export async function countWebhooks(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("webhooks")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
