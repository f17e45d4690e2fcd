import { z } from "zod";
import { authResponseSchema, userSchema } from "./auth";
import {
  apiTokenCreatedSchema,
  apiTokenSchema,
  createApiTokenRequestSchema,
  createWebhookRequestSchema,
  eventTicketSchema,
  liveTaskEventSchema,
  webhookCreatedSchema,
  webhookDeliverySchema,
  webhookSchema,
} from "./integrations";
import { notificationListSchema, notificationSchema } from "./notifications";
import { createTaskRequestSchema, taskJsonSchema, taskStatsSchema, updateTaskRequestSchema } from "./tasks";
import { importResultSchema } from "./transfer";

/**
 * The shapes the OpenAPI document names (`components.schemas`), so that generated clients get
 * one type per shape. Only the server imports this: registering names is a side effect the web
 * app's bundle does without.
 */
const names: ReadonlyArray<[z.ZodType, string]> = [
  [taskJsonSchema, "Task"],
  [createTaskRequestSchema, "CreateTaskRequest"],
  [updateTaskRequestSchema, "UpdateTaskRequest"],
  [taskStatsSchema, "TaskStats"],
  [userSchema, "User"],
  [authResponseSchema, "AuthResponse"],
  [notificationSchema, "Notification"],
  [notificationListSchema, "NotificationList"],
  [importResultSchema, "ImportResult"],
  [createApiTokenRequestSchema, "CreateApiTokenRequest"],
  [apiTokenSchema, "ApiToken"],
  [apiTokenCreatedSchema, "ApiTokenCreated"],
  [createWebhookRequestSchema, "CreateWebhookRequest"],
  [webhookDeliverySchema, "WebhookDelivery"],
  [webhookSchema, "Webhook"],
  [webhookCreatedSchema, "WebhookCreated"],
  [eventTicketSchema, "EventTicket"],
  [liveTaskEventSchema, "LiveTaskEvent"],
];

/** Gives the shared shapes their names in zod's global registry, which the OpenAPI generator reads. */
export function nameSharedSchemas(): void {
  for (const [schema, id] of names) {
    if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });
  }
}
