import type { JobKind } from "../../jobs/runner";
import { purgeTrash, TRASH_PURGE_JOB } from "./trash";

/**
 * The trash's purge: one job per deletion, due when it has been in the trash for 30 days.
 * Each run purges everything that old, for every user, so a run that was missed is caught up.
 */
export const trashPurgeJob: JobKind = {
  kind: TRASH_PURGE_JOB,
  deadlineMs: 60_000,
  staleAfterMs: 10 * 60_000,
  maxAttempts: 5,
  run: (deps) => purgeTrash(deps.db, deps.clock),
};
