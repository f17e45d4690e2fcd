/**
 * What other modules use of the webhooks module: queueing deliveries inside a change's own
 * transaction. (Managing webhooks and sending deliveries are in service.ts and worker.ts.)
 */
export { queueWebhookDeliveries, type WebhookEventMessage } from "./queue";
