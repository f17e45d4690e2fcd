import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { errorBodySchema } from "@contract/common";
import type { ModulePlugin } from "../../app-types";
import { Forbidden, NotFound, RateLimited, Unauthenticated, Validation } from "../../lib/domain-errors";
import { countInboundMail } from "../../lib/metrics";
import { receiveMail } from "./service";

/** Headers mail providers put the envelope recipient in, checked before To/Cc/Delivered-To. */
const RECIPIENT_HEADERS = ["x-recipient", "x-original-to", "x-envelope-to", "x-forwarded-to"] as const;

function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * POST /inbound/email: a raw MIME message from a mail provider's inbound webhook, authorised by
 * `Authorization: Bearer $INBOUND_WEBHOOK_SECRET`. Off (404) when the secret is unset.
 */
export const inboundMailModule: ModulePlugin = async (app, { deps }) => {
  const { webhookSecret, maxBytes } = deps.config.inbound;
  app.addHook("onRequest", async (request) => {
    if (!webhookSecret) throw new NotFound("The inbound e-mail webhook is not enabled");
    const header = request.headers.authorization ?? "";
    const token = /^Bearer\s+(.+)$/i.exec(header)?.[1] ?? "";
    if (!token || !sameSecret(token, webhookSecret)) throw new Unauthenticated("Invalid webhook secret");
  });
  app.addContentTypeParser(
    ["message/rfc822", "text/plain", "application/octet-stream"],
    { parseAs: "buffer", bodyLimit: maxBytes },
    (_request, body, done) => done(null, body),
  );
  app.post(
    "/email",
    {
      schema: {
        summary: "Receive a raw e-mail (message/rfc822) from a mail provider's inbound webhook",
        description:
          "Authorised by `Authorization: Bearer $INBOUND_WEBHOOK_SECRET` (the call is off while it is unset). The recipient is read from X-Recipient / X-Original-To / X-Envelope-To, else the message's Delivered-To, To and Cc. 201 with the number of tasks created; 200 for a message already received; 403 for a sender the policy refuses; 404 for an unknown recipient; 429 once the recipient's tasks from e-mail for the day are used up.",
        tags: ["inbound e-mail"],
        security: [{ inboundSecret: [] }],
        response: {
          200: z.object({ status: z.string(), tasks_created: z.number().int() }),
          201: z.object({ status: z.string(), tasks_created: z.number().int() }),
          400: errorBodySchema.describe("An empty body, or a message that cannot be read (code malformed)"),
          401: errorBodySchema.describe("A missing or wrong webhook secret"),
          403: errorBodySchema.describe("The sender policy refuses the sender (code sender_not_allowed)"),
          404: errorBodySchema.describe("The webhook is off, or no account has the recipient address"),
          413: errorBodySchema.describe("The message is larger than INBOUND_MAX_BYTES"),
          415: errorBodySchema.describe(
            "The body is not message/rfc822, text/plain or application/octet-stream",
          ),
          429: errorBodySchema.describe(
            "The recipient's number of tasks from e-mail for the last 24 hours is reached",
          ),
        },
      },
    },
    async (request, reply) => {
      const raw = request.body;
      if (!Buffer.isBuffer(raw) || raw.length === 0)
        throw new Validation("The request body must be a raw e-mail message");
      const recipients = RECIPIENT_HEADERS.flatMap((name) => {
        const value = request.headers[name];
        return (Array.isArray(value) ? value : value ? [value] : []).flatMap((item) => item.split(","));
      });
      const outcomes = await receiveMail(deps, { raw, recipients }, request.log);
      countInboundMail(outcomes);
      const created = outcomes.filter((outcome) => outcome.status === "created");
      if (created.length > 0) {
        const tasks = created.reduce((sum, outcome) => sum + outcome.tasksCreated, 0);
        return reply.status(201).send({ status: "created", tasks_created: tasks });
      }
      if (outcomes.some((outcome) => outcome.status === "duplicate")) {
        return reply.status(200).send({ status: "duplicate", tasks_created: 0 });
      }
      const refusal = outcomes[0];
      if (refusal?.status === "refused") {
        if (refusal.reason === "unknown_recipient") throw new NotFound(refusal.message, refusal.reason);
        if (refusal.reason === "malformed") throw new Validation(refusal.message, refusal.reason);
        if (refusal.reason === "daily_limit") throw new RateLimited(refusal.message);
        throw new Forbidden(refusal.message, refusal.reason);
      }
      throw new Validation("The message could not be delivered");
    },
  );
};
