import type { WebhookEvent } from "@contract/integrations";
import type { Db } from "../../db/database";
import type { WebhookDeliveryRow } from "../../db/schema";
import { scheduleJob } from "../../jobs/repository";
import { newId } from "../../lib/ids";
import { insertDeliveries, selectActiveWebhooks } from "./repository";

/** The job that sends one delivery; its subject is the delivery's id. */
export const WEBHOOK_DELIVERY_JOB = "webhook_delivery";

/** An event as webhooks receive it: `data` is the task, or `{ id }` for a deleted one. */
export interface WebhookEventMessage {
  event: WebhookEvent;
  data: unknown;
}

function parseEvents(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((event): event is string => typeof event === "string") : [];
  } catch {
    return [];
  }
}

export function eventsOfWebhook(events: string): WebhookEvent[] {
  return parseEvents(events) as WebhookEvent[];
}

/**
 * Queues a delivery of each event to each of the user's webhooks that asked for it, with the job
 * that sends it: written in the transaction `db` is in, so a change and its deliveries are made
 * (or rolled back) together. The body is fixed now: retries send the same bytes.
 */
export async function queueWebhookDeliveries(
  db: Db,
  userId: string,
  messages: readonly WebhookEventMessage[],
  nowIso: string,
): Promise<void> {
  if (messages.length === 0) return;
  const webhooks = await selectActiveWebhooks(db, userId);
  if (webhooks.length === 0) return;
  const rows: WebhookDeliveryRow[] = [];
  for (const webhook of webhooks) {
    const wanted = new Set(eventsOfWebhook(webhook.events));
    for (const message of messages) {
      if (!wanted.has(message.event)) continue;
      rows.push({
        id: `msg_${newId().replaceAll("-", "")}`,
        webhook_id: webhook.id,
        event: message.event,
        payload: JSON.stringify({ type: message.event, timestamp: nowIso, data: message.data }),
        created_at: nowIso,
        status: "pending",
        attempts: 0,
        last_attempt_at: null,
        response_status: null,
        last_error: null,
      });
    }
  }
  await insertDeliveries(db, rows);
  for (const row of rows) {
    await scheduleJob(db, { kind: WEBHOOK_DELIVERY_JOB, subject: row.id, runAt: nowIso, nowIso, userId });
  }
}
