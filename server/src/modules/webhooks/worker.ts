import type { JobKind } from "../../jobs/runner";
import { WEBHOOK_DELIVERY_JOB } from "./queue";
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_MS, attemptDelivery, giveUpDelivery } from "./service";

/** Sends a webhook delivery; retried with growing pauses for about a day (see the service). */
export const webhookDeliveryJob: JobKind = {
  kind: WEBHOOK_DELIVERY_JOB,
  network: true,
  // An attempt takes at most the 10 s timeout: a claim older than this was left by a stopped worker.
  deadlineMs: 15_000,
  staleAfterMs: 2 * 60_000,
  maxAttempts: WEBHOOK_MAX_ATTEMPTS,
  retryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
  run: (deps, job, log, signal) => attemptDelivery(deps, job, log, signal),
  abandoned: (deps, job) => giveUpDelivery(deps.db, job),
};
