import type { Db } from "../db/database";
import type { JobRow } from "../db/schema";
import { newId } from "../lib/ids";

/** A job as claimed: `claimed_by` is that one claim's token, which finishing it must present. */
export type ClaimedJob = JobRow & { claimed_by: string };

/**
 * Schedules the job of (kind, subject) for `runAt`. There is at most one: scheduling a subject
 * that already has a job moves that job (queued again, attempts reset) instead of adding one, so
 * a job cannot be queued twice, not even by two instances at once (the unique key decides).
 */
export async function scheduleJob(
  db: Db,
  job: {
    kind: string;
    subject: string;
    runAt: string;
    nowIso: string;
    /** Whose job it is, for the kinds the runner shares out per user (network jobs). */
    userId?: string;
  },
): Promise<void> {
  await db
    .insertInto("jobs")
    .values({
      id: newId(),
      kind: job.kind,
      subject: job.subject,
      status: "queued",
      run_at: job.runAt,
      attempts: 0,
      scheduled_at: job.nowIso,
      user_id: job.userId ?? null,
    })
    .onConflict((conflict) =>
      conflict.columns(["kind", "subject"]).doUpdateSet({
        status: "queued",
        run_at: job.runAt,
        attempts: 0,
        claimed_by: null,
        claimed_at: null,
        scheduled_at: job.nowIso,
        finished_at: null,
        last_error: null,
      }),
    )
    .execute();
}

/** Drops the job of (kind, subject) if it is still waiting; one already running finishes. */
export async function unscheduleJob(db: Db, kind: string, subject: string): Promise<void> {
  await db
    .deleteFrom("jobs")
    .where("kind", "=", kind)
    .where("subject", "=", subject)
    .where("status", "=", "queued")
    .execute();
}

/**
 * Claims the job of `kinds` that is due first. The UPDATE only succeeds while the row is still
 * queued and due, so of several workers (in one process or in several instances) exactly one
 * claims it; the losers look again. Each claim gets its own token. With `perUser`, jobs of a user
 * who has that many running already are passed over (two workers claiming at the same moment
 * may let a user have one more: a share, not a lock).
 */
export async function claimNextJob(
  db: Db,
  kinds: readonly string[],
  workerId: string,
  nowIso: string,
  perUser?: number,
): Promise<ClaimedJob | undefined> {
  if (kinds.length === 0) return undefined;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    let query = db
      .selectFrom("jobs")
      .select("id")
      .where("status", "=", "queued")
      .where("run_at", "<=", nowIso)
      .where("kind", "in", [...kinds]);
    if (perUser !== undefined) {
      query = query.where((eb) =>
        eb.or([
          eb("user_id", "is", null),
          eb(
            "user_id",
            "not in",
            eb
              .selectFrom("jobs as busy")
              .select("busy.user_id")
              .where("busy.status", "=", "running")
              .where("busy.user_id", "is not", null)
              .groupBy("busy.user_id")
              .having((having) => having.fn.countAll(), ">=", perUser),
          ),
        ]),
      );
    }
    const candidate = await query.orderBy("run_at", "asc").orderBy("id", "asc").executeTakeFirst();
    if (!candidate) return undefined;
    const claimed = await db
      .updateTable("jobs")
      .set((eb) => ({
        status: "running",
        claimed_by: `${workerId}/${newId()}`,
        claimed_at: nowIso,
        attempts: eb("attempts", "+", 1),
      }))
      .where("id", "=", candidate.id)
      .where("status", "=", "queued")
      .where("run_at", "<=", nowIso)
      .returningAll()
      .executeTakeFirst();
    if (claimed) return claimed as ClaimedJob;
    // Another worker won this one: look again.
  }
  return undefined;
}

/**
 * Finishes a claimed job, if the claim still holds: false when it does not (the job was given
 * up as stale and claimed again, or rescheduled meanwhile), and then nothing is written.
 */
export async function finishJob(
  db: Db,
  job: ClaimedJob,
  outcome: { status: "done" } | { status: "failed"; error: string },
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable("jobs")
    .set({
      status: outcome.status,
      finished_at: nowIso,
      last_error: outcome.status === "failed" ? outcome.error : null,
    })
    .where("id", "=", job.id)
    .where("status", "=", "running")
    .where("claimed_by", "=", job.claimed_by)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Puts a claimed job back in the queue until `runAt`, if the claim still holds. */
export async function requeueJob(db: Db, job: ClaimedJob, runAt: string, error: string): Promise<void> {
  await db
    .updateTable("jobs")
    .set({ status: "queued", run_at: runAt, claimed_by: null, claimed_at: null, last_error: error })
    .where("id", "=", job.id)
    .where("status", "=", "running")
    .where("claimed_by", "=", job.claimed_by)
    .execute();
}

/**
 * Jobs of `kind` still running since before `staleBeforeIso` were left by a process that died:
 * those with attempts left go back to the queue. Returns the others, to be given up.
 */
export async function recoverStaleJobs(
  db: Db,
  kind: string,
  staleBeforeIso: string,
  maxAttempts: number,
): Promise<ClaimedJob[]> {
  await db
    .updateTable("jobs")
    .set({ status: "queued", claimed_by: null, claimed_at: null })
    .where("kind", "=", kind)
    .where("status", "=", "running")
    .where("claimed_at", "<", staleBeforeIso)
    .where("attempts", "<", maxAttempts)
    .execute();
  const spent = await db
    .selectFrom("jobs")
    .selectAll()
    .where("kind", "=", kind)
    .where("status", "=", "running")
    .where("claimed_at", "<", staleBeforeIso)
    .limit(100)
    .execute();
  return spent as ClaimedJob[];
}

/** Finished jobs are kept a while to look at, then deleted. */
export async function pruneFinishedJobs(db: Db, finishedBeforeIso: string): Promise<void> {
  await db
    .deleteFrom("jobs")
    .where("status", "in", ["done", "failed"])
    .where("finished_at", "<", finishedBeforeIso)
    .execute();
}

/**
 * Every job of a user whose account is deleted: those marked with the user, and those whose
 * subject is the user or one of the user's rows (tasks, notifications, calendars, daily-plan
 * requests, webhook deliveries). Run before the rows themselves go.
 */
export async function deleteJobsOfUser(db: Db, userId: string): Promise<void> {
  await db
    .deleteFrom("jobs")
    .where((eb) =>
      eb.or([
        eb("user_id", "=", userId),
        eb("subject", "=", userId),
        eb("subject", "in", eb.selectFrom("tasks").select("id").where("user_id", "=", userId)),
        eb("subject", "in", eb.selectFrom("notifications").select("id").where("user_id", "=", userId)),
        eb("subject", "in", eb.selectFrom("calendars").select("id").where("user_id", "=", userId)),
        eb("subject", "in", eb.selectFrom("generation_requests").select("id").where("user_id", "=", userId)),
        eb(
          "subject",
          "in",
          eb
            .selectFrom("webhook_deliveries")
            .innerJoin("webhooks", "webhooks.id", "webhook_deliveries.webhook_id")
            .select("webhook_deliveries.id")
            .where("webhooks.user_id", "=", userId),
        ),
      ]),
    )
    .execute();
}
