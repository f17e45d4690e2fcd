import { createHmac, randomBytes } from "node:crypto";

/** Standard Webhooks secrets are given out as `whsec_` and the base64 of the key. */
const SECRET_PREFIX = "whsec_";

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString("base64")}`;
}

/**
 * The headers of a delivery, as the Standard Webhooks specification signs it: an HMAC-SHA256,
 * with the secret's key, of "<webhook-id>.<webhook-timestamp>.<body>", in base64 after "v1,".
 */
export function signedHeaders(
  secret: string,
  message: { id: string; timestamp: Date; body: string },
): Record<string, string> {
  const seconds = Math.floor(message.timestamp.getTime() / 1000).toString();
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
  const signature = createHmac("sha256", key)
    .update(`${message.id}.${seconds}.${message.body}`)
    .digest("base64");
  return {
    "webhook-id": message.id,
    "webhook-timestamp": seconds,
    "webhook-signature": `v1,${signature}`,
  };
}
