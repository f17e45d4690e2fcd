import type { JobKind } from "../../jobs/runner";
import {
  CALENDAR_FETCH_TIMEOUT_MS,
  CALENDAR_SYNC_JOB,
  queueNextCalendarSync,
  runCalendarSync,
} from "./service";

/**
 * Each subscription's refresh, every 15 minutes: one job row per calendar, claimed by one
 * instance. A fetch that fails is not a failed job (the error is recorded on the calendar and the
 * next round is queued); only a failure to reach the database is retried.
 */
export const calendarSyncJob: JobKind = {
  kind: CALENDAR_SYNC_JOB,
  network: true,
  // The fetch gives up after 15 s; reading the calendar takes a moment more.
  deadlineMs: CALENDAR_FETCH_TIMEOUT_MS * 2,
  staleAfterMs: CALENDAR_FETCH_TIMEOUT_MS * 4,
  maxAttempts: 3,
  run: (deps, job) => runCalendarSync(deps, job),
  abandoned: (deps, job) => queueNextCalendarSync(deps, job),
};
