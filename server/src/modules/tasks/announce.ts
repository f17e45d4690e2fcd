import type { LiveTaskEvent } from "@contract/integrations";
import type { TaskJson } from "@contract/tasks";
import type { Db } from "../../db/database";
import { publishLiveUpdates } from "../live-updates";
import { queueWebhookDeliveries, type WebhookEventMessage } from "../webhooks";

/** A change to a task, as the task service made it. */
export type TaskChange =
  | { type: "created"; task: TaskJson }
  | { type: "updated"; task: TaskJson; completed: boolean }
  | { type: "deleted"; id: string };

function webhookMessagesOf(change: TaskChange): WebhookEventMessage[] {
  switch (change.type) {
    case "created":
      return [{ event: "task.created", data: change.task }];
    case "updated":
      return change.completed
        ? [
            { event: "task.updated", data: change.task },
            { event: "task.completed", data: change.task },
          ]
        : [{ event: "task.updated", data: change.task }];
    case "deleted":
      return [{ event: "task.deleted", data: { id: change.id } }];
  }
}

/**
 * Every write of the task service ends here, inside its transaction, so whatever makes the
 * change (the API, an import, an inbound e-mail, a repeating task's next occurrence, a sync
 * client) reaches the user's webhooks (queued deliveries) and live-update streams alike, and a
 * change rolled back reaches neither.
 */
export async function announceTaskChanges(
  trx: Db,
  userId: string,
  changes: readonly TaskChange[],
  nowIso: string,
): Promise<void> {
  if (changes.length === 0) return;
  await queueWebhookDeliveries(trx, userId, changes.flatMap(webhookMessagesOf), nowIso);
  const live: LiveTaskEvent[] = changes.map((change) => ({
    type: change.type,
    id: change.type === "deleted" ? change.id : change.task.id,
  }));
  await publishLiveUpdates(trx, userId, live);
}
