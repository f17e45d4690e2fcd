import type { JobKind } from "../../jobs/runner";
import {
  DAILY_PLAN_JOB,
  failGeneration,
  GENERATION_ABANDONED_MESSAGE,
  GENERATION_MAX_ATTEMPTS,
  GENERATION_STALE_AFTER_MS,
  runGeneration,
} from "./service";

/**
 * The daily plan's job: each generation request is one job in the jobs table (subject: the
 * request's id), run by whichever instance's runner claims it. A claim abandoned by a process
 * that died is retried once; after that the request fails with a message the client's poll shows.
 */
export const dailyPlanJob: JobKind = {
  kind: DAILY_PLAN_JOB,
  // The AI call gives up after AI_TIMEOUT_MS (a minute by default).
  deadlineMs: GENERATION_STALE_AFTER_MS - 60_000,
  staleAfterMs: GENERATION_STALE_AFTER_MS,
  maxAttempts: GENERATION_MAX_ATTEMPTS,
  run: (deps, job, log) => runGeneration(deps, job.subject, log),
  abandoned: (deps, job) => failGeneration(deps, job.subject, GENERATION_ABANDONED_MESSAGE),
};
