import webpush, { WebPushError } from "web-push";
import type { PushKey, PushReminder, PushSubscriptionRequest } from "@contract/push";
import type { AppDeps } from "../../app-types";
import type { Config } from "../../config";
import type { Db } from "../../db/database";
import type { JobLogger } from "../../jobs/runner";
import { isoNow, type Clock } from "../../lib/clock";
import { Validation } from "../../lib/domain-errors";
import {
  assertOutboundAllowed,
  guardedHttpsAgent,
  OutboundRefused,
  refusedDestination,
  type OutboundPolicy,
} from "../../lib/outbound-request";
import {
  deleteSubscription,
  hasSubscriptions,
  insertServerKeyIfAbsent,
  selectServerKey,
  selectSubscriptions,
  upsertSubscription,
} from "./repository";

const VAPID_KEY_NAME = "vapid";

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The server's VAPID key pair: made by the first instance that needs it and stored in the
 * database, so every instance signs with the same key and browsers' subscriptions stay valid
 * across restarts.
 */
export async function vapidKeys(db: Db, clock: Clock): Promise<VapidKeys> {
  const stored = await selectServerKey(db, VAPID_KEY_NAME);
  if (stored) return JSON.parse(stored) as VapidKeys;
  const fresh = webpush.generateVAPIDKeys();
  await insertServerKeyIfAbsent(db, VAPID_KEY_NAME, JSON.stringify(fresh), isoNow(clock));
  // Another instance may have stored its pair first: use whichever is stored.
  return JSON.parse((await selectServerKey(db, VAPID_KEY_NAME)) ?? JSON.stringify(fresh)) as VapidKeys;
}

/**
 * Who push services can contact about our pushes: the public address when it is https, else the
 * sender address of our e-mail (VAPID takes only https: or mailto:).
 */
export function vapidSubject(config: Pick<Config, "publicUrl" | "mailFrom" | "mailDomain">): string {
  if (config.publicUrl.startsWith("https://")) return config.publicUrl;
  const address = /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom.trim();
  return `mailto:${address.includes("@") ? address : `no-reply@${config.mailDomain}`}`;
}

/** GET /api/v1/push/key */
export async function pushKey(db: Db, clock: Clock): Promise<PushKey> {
  return { public_key: (await vapidKeys(db, clock)).publicKey };
}

function outboundPolicy(deps: Pick<AppDeps, "config" | "resolveHost">): OutboundPolicy {
  return { allowPrivate: deps.config.pushAllowPrivate, resolve: deps.resolveHost };
}

/**
 * POST /api/v1/push/subscriptions: an endpoint the server may not reach is refused at once (each
 * push is checked again as it connects).
 */
export async function subscribe(
  deps: Pick<AppDeps, "db" | "clock" | "config" | "resolveHost">,
  owner: { userId: string; apiTokenId: string | null },
  request: PushSubscriptionRequest,
) {
  const { db, clock } = deps;
  const refused = await refusedDestination(request.endpoint, outboundPolicy(deps), "PUSH_ALLOW_PRIVATE");
  if (refused) throw new Validation(`endpoint: ${refused}`, "private_address");
  await upsertSubscription(db, {
    endpoint: request.endpoint,
    user_id: owner.userId,
    p256dh: request.keys.p256dh,
    auth: request.keys.auth,
    created_at: isoNow(clock),
    api_token_id: owner.apiTokenId,
  });
}

/** DELETE /api/v1/push/subscriptions: only the user's own subscription is removed. */
export async function unsubscribe(db: Db, userId: string, endpoint: string) {
  await deleteSubscription(db, endpoint, userId);
}

/** Whether any browser of the user takes reminders by push. */
export function wantsPush(db: Db, userId: string): Promise<boolean> {
  return hasSubscriptions(db, userId);
}

/** A push not delivered within a day is of no use any more. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 15_000;

export type PushDeps = Pick<AppDeps, "db" | "clock" | "config" | "pushCa" | "resolveHost">;

/**
 * Sends one reminder to every browser the user subscribed. A push service answering 404 or 410
 * has dropped the subscription, which is deleted. Any other failure is logged and not retried:
 * the reminder stays in the bell, and retrying would push it again to the browsers that got it.
 */
export async function pushToUser(
  deps: PushDeps,
  userId: string,
  reminder: PushReminder,
  log: JobLogger,
): Promise<void> {
  const subscriptions = await selectSubscriptions(deps.db, userId);
  if (subscriptions.length === 0) return;
  const keys = await vapidKeys(deps.db, deps.clock);
  const vapidDetails = { subject: vapidSubject(deps.config), ...keys };
  const payload = JSON.stringify(reminder);
  await Promise.all(
    subscriptions.map(async (subscription) => {
      try {
        const endpoint = new URL(subscription.endpoint);
        assertOutboundAllowed(endpoint, outboundPolicy(deps));
        await webpush.sendNotification(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          payload,
          {
            vapidDetails,
            TTL: PUSH_TTL_SECONDS,
            urgency: "high",
            timeout: PUSH_TIMEOUT_MS,
            agent: guardedHttpsAgent(outboundPolicy(deps), deps.pushCa ? { ca: deps.pushCa } : {}),
          },
        );
      } catch (error) {
        if (error instanceof OutboundRefused) {
          log.warn({ userId }, `A reminder push was not sent: ${error.message} (PUSH_ALLOW_PRIVATE is off)`);
          return;
        }
        if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
          await deleteSubscription(deps.db, subscription.endpoint);
          return;
        }
        log.warn({ err: error, userId }, "A reminder push was not delivered");
      }
    }),
  );
}
