import { z } from "zod";

/** The server's VAPID public key (base64url), which a browser subscribes to push with. */
export const pushKeySchema = /* @__PURE__ */ z.object({ public_key: z.string() });
export type PushKey = z.infer<typeof pushKeySchema>;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** A base64url field of a subscription's keys, at most `max` characters. */
const base64url = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} is too long` })
    .regex(BASE64URL, { error: `${label} must be base64url` });

const endpointSchema = /* @__PURE__ */ z
  .url({ protocol: /^https$/, error: "endpoint must be an https:// address" })
  .max(2000, { error: "endpoint is too long" });

/** A browser's PushSubscription as its toJSON() gives it (expirationTime is not kept). */
export const pushSubscriptionRequestSchema = /* @__PURE__ */ z.object({
  endpoint: endpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key: 65 bytes, 87 characters of base64url. */
    p256dh: base64url("keys.p256dh", 100),
    /** The 16-byte authentication secret. */
    auth: base64url("keys.auth", 40),
  }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

/** Which subscription to forget: this browser's. */
export const pushUnsubscribeRequestSchema = /* @__PURE__ */ z.object({ endpoint: endpointSchema });
export type PushUnsubscribeRequest = z.infer<typeof pushUnsubscribeRequestSchema>;

/** What a reminder push carries to the service worker, encrypted to the subscription's keys. */
export const pushReminderSchema = /* @__PURE__ */ z.object({
  title: z.string(),
  body: z.string(),
  /** The notification's id: the browser shows one notification per reminder. */
  tag: z.string(),
  /** Where a click on the notification leads (a path of the app). */
  url: z.string(),
});
export type PushReminder = z.infer<typeof pushReminderSchema>;
