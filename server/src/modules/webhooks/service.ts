import {
  WEBHOOK_DELIVERIES_LISTED,
  type CreateWebhookRequest,
  type Webhook,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookEvent,
} from "@contract/integrations";
import type { AppDeps } from "../../app-types";
import type { Config } from "../../config";
import type { Db } from "../../db/database";
import type { WebhookDeliveryRow, WebhookRow } from "../../db/schema";
import type { ClaimedJob } from "../../jobs/repository";
import type { JobLogger } from "../../jobs/runner";
import { isoNow, type Clock } from "../../lib/clock";
import { NotFound, Validation } from "../../lib/domain-errors";
import { newId } from "../../lib/ids";
import {
  guardedRequest,
  OutboundRefused,
  refusedDestination,
  type OutboundPolicy,
} from "../../lib/outbound-request";
import type { ResolveHost } from "../../lib/public-address";
import { addNotification } from "../notifications/service";
import { eventsOfWebhook } from "./queue";
import {
  countWebhooks,
  deleteWebhookRow,
  disableWebhook,
  failPendingDelivery,
  insertWebhook,
  markWebhookFailing,
  markWebhookHealthy,
  pruneDeliveries,
  recordAttempt,
  selectDeliveryWithWebhook,
  selectRecentDeliveries,
  selectWebhooks,
} from "./repository";
import { newWebhookSecret, signedHeaders } from "./signing";

/**
 * The pause after each failed attempt, as the Standard Webhooks specification suggests: 5 s,
 * 5 min, 30 min, 2 h, 5 h, 10 h, 10 h; the eighth attempt, about 28 hours after the first, is
 * the last.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;

/** A webhook whose deliveries have all failed for this long is disabled, and its owner told. */
export const WEBHOOK_DISABLE_AFTER_MS = 3 * 24 * 3_600_000;

/** Finished deliveries stay in the log this long. */
const DELIVERY_LOG_KEPT_MS = 30 * 24 * 3_600_000;

/** How long a receiver has to answer one delivery. */
const DELIVERY_TIMEOUT_MS = 10_000;

function toDeliveryJson(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: row.event as WebhookEvent,
    status: row.status as WebhookDelivery["status"],
    attempts: row.attempts,
    created_at: row.created_at,
    last_attempt_at: row.last_attempt_at,
    response_status: row.response_status,
    last_error: row.last_error,
  };
}

type AddressDeps = { config: Pick<Config, "webhookAllowPrivate">; resolveHost?: ResolveHost };
type RegisterDeps = {
  db: Db;
  clock: Clock;
  config: Pick<Config, "webhookAllowPrivate" | "webhooksPerUser">;
} & AddressDeps;

function outboundPolicy(deps: AddressDeps): OutboundPolicy {
  return { allowPrivate: deps.config.webhookAllowPrivate, resolve: deps.resolveHost };
}

/** POST /api/v1/webhooks: the secret is returned once (deliveries are signed with it). */
export async function registerWebhook(
  deps: RegisterDeps,
  owner: { userId: string; apiTokenId: string | null },
  request: CreateWebhookRequest,
): Promise<WebhookCreated> {
  const refused = await refusedDestination(request.url, outboundPolicy(deps), "WEBHOOK_ALLOW_PRIVATE");
  if (refused) throw new Validation(`url: ${refused}`, "private_address");
  // Each event is sent to every hook: an account may have only so many.
  const limit = deps.config.webhooksPerUser;
  if ((await countWebhooks(deps.db, owner.userId)) >= limit) {
    throw new Validation(`An account may have at most ${limit} webhooks: delete one first`, "webhook_limit");
  }
  const row: WebhookRow = {
    id: newId(),
    user_id: owner.userId,
    url: request.url,
    events: JSON.stringify(request.events),
    secret: newWebhookSecret(),
    created_at: isoNow(deps.clock),
    failing_since: null,
    disabled_at: null,
    api_token_id: owner.apiTokenId,
  };
  await insertWebhook(deps.db, row);
  return { id: row.id, url: row.url, events: request.events, secret: row.secret };
}

/** GET /api/v1/webhooks: each with its newest deliveries (never the secret). */
export async function listWebhooks(db: Db, userId: string): Promise<Webhook[]> {
  const webhooks = await selectWebhooks(db, userId);
  const deliveries = await selectRecentDeliveries(
    db,
    webhooks.map((webhook) => webhook.id),
    WEBHOOK_DELIVERIES_LISTED,
  );
  return webhooks.map((webhook) => ({
    id: webhook.id,
    url: webhook.url,
    events: eventsOfWebhook(webhook.events),
    created_at: webhook.created_at,
    disabled_at: webhook.disabled_at,
    deliveries: deliveries.filter((delivery) => delivery.webhook_id === webhook.id).map(toDeliveryJson),
  }));
}

/** DELETE /api/v1/webhooks/:id: its queued deliveries go with it (their jobs then find nothing). */
export async function deleteWebhook(db: Db, userId: string, id: string): Promise<void> {
  if (!(await deleteWebhookRow(db, userId, id))) throw new NotFound("Webhook not found");
}

/** Why an attempt failed, in the delivery log's words. */
class DeliveryFailed extends Error {
  constructor(
    message: string,
    readonly responseStatus: number | null = null,
  ) {
    super(message);
    this.name = "DeliveryFailed";
  }
}

async function post(
  deps: AddressDeps,
  url: string,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
): Promise<number> {
  const deadline = AbortSignal.any([signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)]);
  try {
    const response = await guardedRequest(new URL(url), {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "Tasklane-Webhooks",
        "content-length": String(Buffer.byteLength(body)),
        ...headers,
      },
      body,
      signal: deadline,
      policy: outboundPolicy(deps),
    });
    response.resume();
    // A redirect could lead anywhere, a private address included: it counts as a failure.
    const status = response.statusCode ?? 0;
    if (status < 200 || status >= 300) throw new DeliveryFailed(`Answered HTTP ${status}`, status);
    return status;
  } catch (error) {
    if (error instanceof DeliveryFailed) throw error;
    if (error instanceof OutboundRefused) {
      throw new DeliveryFailed(`Refused: ${error.message}; WEBHOOK_ALLOW_PRIVATE is off`);
    }
    throw new DeliveryFailed(
      deadline.aborted ? `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s` : "Could not connect",
    );
  }
}

/**
 * Runs one attempt of a delivery (its job's subject). Success records it and clears the
 * webhook's failing state. A failure is recorded, then thrown so the job runner tries again after
 * the next pause, until the last attempt; when the webhook has been failing for 3 days it is
 * disabled and its owner notified (once, whichever instance sees it first).
 */
export async function attemptDelivery(
  deps: Pick<AppDeps, "db" | "clock" | "config" | "resolveHost">,
  job: ClaimedJob,
  log: JobLogger,
  signal: AbortSignal = new AbortController().signal,
): Promise<void> {
  const { db, clock } = deps;
  const found = await selectDeliveryWithWebhook(db, job.subject);
  // The webhook was deleted or disabled meanwhile: nothing to send.
  if (!found || found.webhook.disabled_at !== null) return;
  const { delivery, webhook } = found;
  const now = clock.now();
  try {
    const status = await post(
      deps,
      webhook.url,
      signedHeaders(webhook.secret, { id: delivery.id, timestamp: now, body: delivery.payload }),
      delivery.payload,
      signal,
    );
    await recordAttempt(db, delivery.id, {
      status: "delivered",
      attempts: job.attempts,
      atIso: now.toISOString(),
      responseStatus: status,
      error: null,
    });
    await markWebhookHealthy(db, webhook.id);
    await pruneDeliveries(db, webhook.id, new Date(now.getTime() - DELIVERY_LOG_KEPT_MS).toISOString());
  } catch (error) {
    if (!(error instanceof DeliveryFailed)) throw error;
    await recordAttempt(db, delivery.id, {
      status: job.attempts >= WEBHOOK_MAX_ATTEMPTS ? "failed" : "pending",
      attempts: job.attempts,
      atIso: now.toISOString(),
      responseStatus: error.responseStatus,
      error: error.message,
    });
    await noteFailure(deps, webhook, log);
    throw error;
  }
}

async function noteFailure(deps: Pick<AppDeps, "db" | "clock">, webhook: WebhookRow, log: JobLogger) {
  const nowIso = isoNow(deps.clock);
  const failingSince = await markWebhookFailing(deps.db, webhook.id, nowIso);
  if (Date.parse(nowIso) - Date.parse(failingSince) < WEBHOOK_DISABLE_AFTER_MS) return;
  if (!(await disableWebhook(deps.db, webhook.id, nowIso))) return;
  log.warn({ webhookId: webhook.id }, "A webhook was disabled after 3 days of failed deliveries");
  await addNotification(deps.db, {
    userId: webhook.user_id,
    kind: "webhook_disabled",
    taskId: null,
    text: `Webhook ${webhook.url} was turned off: its deliveries failed for 3 days. Add it again once it answers.`,
    nowIso,
  });
}

/** A delivery's job given up (its last attempt failed, or its worker stopped): it failed. */
export async function giveUpDelivery(db: Db, job: ClaimedJob): Promise<void> {
  await failPendingDelivery(db, job.subject);
}
