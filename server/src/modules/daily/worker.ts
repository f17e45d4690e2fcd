import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../../app-types";
import { newId } from "../../lib/ids";
import { processNextGeneration } from "./service";

const POLL_INTERVAL_MS = 1_000;

/**
 * The daily-plan worker of this instance: polls the generation_requests table and runs what it
 * claims. Several instances may run one each (claims are atomic). Returns how to stop it.
 */
export function startDailyPlanWorker(deps: AppDeps, log: FastifyBaseLogger): () => Promise<void> {
  const workerId = `worker-${newId()}`;
  let stopped = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const drain = async () => {
    try {
      while (!stopped && (await processNextGeneration(deps, workerId, log))) {
        // keep going while there is queued work
      }
    } catch (error) {
      log.error({ err: error }, "Daily plan worker step failed");
    }
  };

  const tick = () => {
    if (stopped) return;
    running = drain().finally(() => {
      if (!stopped) timer = setTimeout(tick, POLL_INTERVAL_MS);
    });
  };
  tick();

  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
