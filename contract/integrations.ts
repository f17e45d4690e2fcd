import { z } from "zod";
import { appPasswordSchema } from "./caldav";
import { withoutNul } from "./common";

// ---------------------------------------------------------------------------------------------
// Personal API tokens
// ---------------------------------------------------------------------------------------------

/**
 * What a token may do: "read" only reads (and opens a live-update stream); "write" also changes
 * tasks, projects and the like; "integrations" also registers webhooks and push subscriptions.
 * No token changes the account, makes app passwords or manages tokens.
 */
export const API_TOKEN_SCOPES = ["read", "write", "integrations"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** Every personal API token starts so: recognisable in a script or a leak scanner, never a session. */
export const API_TOKEN_PREFIX = "tl_pat_";

/** Where AI assistants reach the Model Context Protocol server, with a personal API token. */
export const MCP_PATH = "/mcp";

/** The longest expiry a token can be given: ten years. */
export const API_TOKEN_MAX_DAYS = 3650;

const nameSchema = (label: string) =>
  withoutNul(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, { error: `${label} is required` })
      .max(100, { error: `${label} must be at most 100 characters` }),
    label,
  );

export const createApiTokenRequestSchema = /* @__PURE__ */ z.object({
  name: nameSchema("name"),
  scope: z.enum(API_TOKEN_SCOPES, { error: 'scope must be "read", "write" or "integrations"' }),
  expires_in_days: z
    .number({ error: "expires_in_days must be a whole number of days" })
    .int({ error: "expires_in_days must be a whole number of days" })
    .min(1, { error: "expires_in_days must be at least 1" })
    .max(API_TOKEN_MAX_DAYS, { error: `expires_in_days must be at most ${API_TOKEN_MAX_DAYS}` })
    .nullable()
    .optional()
    .describe("Days until the token stops working; left out or null: never"),
});
export type CreateApiTokenRequest = z.infer<typeof createApiTokenRequestSchema>;

/** A token as listed: never its secret. */
export const apiTokenSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable().describe("Within a minute; null when never used"),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer to creating a token: the only time the token itself is shown. */
export const apiTokenCreatedSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  token: z.string().describe(`The bearer token, starting with ${API_TOKEN_PREFIX}; shown only this once`),
  expires_at: z.string().nullable(),
});
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;

export const apiTokenListSchema = /* @__PURE__ */ z.array(apiTokenSchema);

// ---------------------------------------------------------------------------------------------
// Everything that signs in to the account
// ---------------------------------------------------------------------------------------------

export const signedInSessionSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  created_at: z.string().describe("When it signed in"),
  expires_at: z.string(),
  last_used_at: z.string().nullable().describe("Within a minute; null when not used since it signed in"),
  user_agent: z.string().nullable().describe("The browser or app that signed in, as it named itself"),
  ip: z.string().nullable().describe("The client address that signed in"),
  current: z.boolean().describe("The session this call was made with"),
});
export type SignedInSession = z.infer<typeof signedInSessionSchema>;

/** GET /api/v1/credentials: every live way into the account, each with its last use. */
export const credentialsSchema = /* @__PURE__ */ z.object({
  sessions: z.array(signedInSessionSchema).describe("Signed-in browsers and apps, most recently used first"),
  api_tokens: apiTokenListSchema,
  app_passwords: z.array(appPasswordSchema),
});
export type Credentials = z.infer<typeof credentialsSchema>;

// ---------------------------------------------------------------------------------------------
// Webhooks
// ---------------------------------------------------------------------------------------------

export const WEBHOOK_EVENTS = ["task.created", "task.updated", "task.completed", "task.deleted"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const createWebhookRequestSchema = /* @__PURE__ */ z.object({
  url: z
    .url({ protocol: /^https?$/, error: "url must be an http:// or https:// address" })
    .max(2000, { error: "url must be at most 2000 characters" })
    // eslint-disable-next-line no-control-regex -- the control character is what this pattern is for
    .regex(/^[^\u0000]*$/, { error: "url must not contain the NUL character (U+0000)" }),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `events: use ${WEBHOOK_EVENTS.join(", ")}` }), {
      error: "events must be a list",
    })
    .min(1, { error: "events: choose at least one event" })
    .max(WEBHOOK_EVENTS.length * 2, { error: "events lists an event more than once" })
    .transform((events) => [...new Set(events)]),
});
export type CreateWebhookRequest = z.infer<typeof createWebhookRequestSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;

/** One event sent to a webhook, and how its attempts went. */
export const webhookDeliverySchema = /* @__PURE__ */ z.object({
  id: z.string().describe("The webhook-id header it is sent with"),
  event: z.enum(WEBHOOK_EVENTS),
  status: z
    .enum(WEBHOOK_DELIVERY_STATUSES)
    .describe("pending: attempts remain; delivered: answered 2xx; failed: given up"),
  attempts: z.number().int(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  response_status: z.number().int().nullable().describe("The HTTP status of the last attempt"),
  last_error: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** The deliveries listed with each webhook, newest first. */
export const WEBHOOK_DELIVERIES_LISTED = 10;

export const webhookSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  created_at: z.string(),
  disabled_at: z.string().nullable().describe("Set when deliveries kept failing for 3 days"),
  deliveries: z.array(webhookDeliverySchema).describe("The last deliveries, newest first"),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookListSchema = /* @__PURE__ */ z.array(webhookSchema);

/** The answer to registering a webhook: the only time its signing secret is shown. */
export const webhookCreatedSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  secret: z.string().describe("The Standard Webhooks signing secret, whsec_<base64>; shown only this once"),
});
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

// ---------------------------------------------------------------------------------------------
// Live updates
// ---------------------------------------------------------------------------------------------

/** A ticket opens one event stream, within a minute of being issued. */
export const EVENT_TICKET_TTL_SECONDS = 60;

export const eventTicketSchema = /* @__PURE__ */ z.object({
  ticket: z.string().describe(`Valid for ${EVENT_TICKET_TTL_SECONDS} s, for one stream`),
});
export type EventTicket = z.infer<typeof eventTicketSchema>;

export const eventStreamQuerySchema = /* @__PURE__ */ z.object({
  ticket: withoutNul(z.string().min(1, { error: "ticket is required" }).max(200), "ticket"),
});

export const LIVE_TASK_EVENT_TYPES = ["created", "updated", "deleted"] as const;

/** The data of each `event: task` of the stream. */
export const liveTaskEventSchema = /* @__PURE__ */ z.object({
  type: z.enum(LIVE_TASK_EVENT_TYPES),
  id: z.string(),
});
export type LiveTaskEvent = z.infer<typeof liveTaskEventSchema>;
