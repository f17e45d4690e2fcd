import { isUniqueViolation, type Db } from "../../db/database";
import type { DailyReportRow, GenerationRequestRow } from "../../db/schema";

export type ActiveStatus = "queued" | "running";

export async function selectActiveGeneration(
  db: Db,
  userId: string,
): Promise<GenerationRequestRow | undefined> {
  return db
    .selectFrom("generation_requests")
    .selectAll()
    .where("user_id", "=", userId)
    .where("status", "in", ["queued", "running"])
    .executeTakeFirst();
}

export async function selectGeneration(
  db: Db,
  userId: string,
  id: string,
): Promise<GenerationRequestRow | undefined> {
  return db
    .selectFrom("generation_requests")
    .selectAll()
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/** Inserts a queued request; false when the user already has an active one (unique index). */
export async function insertQueuedGeneration(
  db: Db,
  row: { id: string; userId: string; nowIso: string },
): Promise<boolean> {
  try {
    await db
      .insertInto("generation_requests")
      .values({ id: row.id, user_id: row.userId, status: "queued", created_at: row.nowIso })
      .execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/**
 * Claims the oldest queued request for this worker. The UPDATE only succeeds while the row is
 * still queued, so two workers (in one process or in several instances) never claim the same one.
 */
export async function claimNextGeneration(
  db: Db,
  workerId: string,
  nowIso: string,
): Promise<GenerationRequestRow | undefined> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const candidate = await db
      .selectFrom("generation_requests")
      .select("id")
      .where("status", "=", "queued")
      .orderBy("created_at", "asc")
      .orderBy("id", "asc")
      .executeTakeFirst();
    if (!candidate) return undefined;
    const claimed = await db
      .updateTable("generation_requests")
      .set((eb) => ({
        status: "running",
        claimed_by: workerId,
        started_at: nowIso,
        attempts: eb("attempts", "+", 1),
      }))
      .where("id", "=", candidate.id)
      .where("status", "=", "queued")
      .returningAll()
      .executeTakeFirst();
    if (claimed) return claimed;
    // Another worker won this one: look again.
  }
  return undefined;
}

export async function finishGeneration(
  db: Db,
  id: string,
  outcome: { status: "completed"; result: string } | { status: "failed"; error: string },
  nowIso: string,
): Promise<void> {
  await db
    .updateTable("generation_requests")
    .set({
      status: outcome.status,
      result: outcome.status === "completed" ? outcome.result : null,
      error: outcome.status === "failed" ? outcome.error : null,
      finished_at: nowIso,
    })
    .where("id", "=", id)
    .where("status", "=", "running")
    .execute();
}

/**
 * Requests left running by a process that died: retried once (back to queued), then failed.
 * Returns how many were touched.
 */
export async function recoverStaleGenerations(
  db: Db,
  staleBeforeIso: string,
  nowIso: string,
  maxAttempts: number,
): Promise<number> {
  const requeued = await db
    .updateTable("generation_requests")
    .set({ status: "queued", claimed_by: null, started_at: null })
    .where("status", "=", "running")
    .where("started_at", "<", staleBeforeIso)
    .where("attempts", "<", maxAttempts)
    .executeTakeFirst();
  const failed = await db
    .updateTable("generation_requests")
    .set({
      status: "failed",
      error: "The plan generation did not finish in time. Please try again.",
      finished_at: nowIso,
    })
    .where("status", "=", "running")
    .where("started_at", "<", staleBeforeIso)
    .where("attempts", ">=", maxAttempts)
    .executeTakeFirst();
  return Number(requeued.numUpdatedRows) + Number(failed.numUpdatedRows);
}

export async function insertDailyReport(
  db: Db,
  row: { id: string; userId: string; localDate: string; report: string; generatedAt: string },
): Promise<void> {
  await db
    .insertInto("daily_reports")
    .values({
      id: row.id,
      user_id: row.userId,
      local_date: row.localDate,
      report: row.report,
      generated_at: row.generatedAt,
    })
    .execute();
}

export async function selectLatestDailyReport(db: Db, userId: string): Promise<DailyReportRow | undefined> {
  return db
    .selectFrom("daily_reports")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("generated_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/** Keeps only the newest few reports of a user; older ones are never read. */
export async function pruneDailyReports(db: Db, userId: string, keep: number): Promise<void> {
  const old = await db
    .selectFrom("daily_reports")
    .select("id")
    .where("user_id", "=", userId)
    .orderBy("generated_at", "desc")
    .orderBy("id", "desc")
    .offset(keep)
    .limit(1000)
    .execute();
  if (old.length > 0) {
    await db
      .deleteFrom("daily_reports")
      .where(
        "id",
        "in",
        old.map((row) => row.id),
      )
      .execute();
  }
}
