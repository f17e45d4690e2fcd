import type { JobKind } from "../../jobs/runner";
import { WEEKLY_REVIEW_EMAIL_JOB } from "../../lib/weekly-review-schedule";
import { sendWeeklyReview } from "./service";

/**
 * The weekly review e-mail: one job per opted-in user, due Monday 08:00 where the user lives.
 * Claimed by one instance; after sending, the run queues the user's next Monday. A process that
 * died after sending and before recording it sends the e-mail again (at least once, by nature of
 * SMTP), as with reminders.
 */
export const weeklyReviewEmailJob: JobKind = {
  kind: WEEKLY_REVIEW_EMAIL_JOB,
  deadlineMs: 2 * 60_000,
  staleAfterMs: 15 * 60_000,
  maxAttempts: 5,
  run: (deps, job) => sendWeeklyReview(deps, job.subject),
};
