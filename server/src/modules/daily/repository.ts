import type { Db } from "../../db/database";
import type { DailyReportRow, GenerationRequestRow } from "../../db/schema";

export type ActiveStatus = "queued" | "running";
const ACTIVE_STATUSES: ActiveStatus[] = ["queued", "running"];

export async function selectActiveGeneration(
  db: Db,
  userId: string,
): Promise<GenerationRequestRow | undefined> {
  return db
    .selectFrom("generation_requests")
    .selectAll()
    .where("user_id", "=", userId)
    .where("status", "in", ACTIVE_STATUSES)
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

/**
 * Inserts a queued request; false when the user already has an active one (the unique index
 * turns the insert into nothing, so a surrounding transaction carries on).
 */
export async function insertQueuedGeneration(
  db: Db,
  row: { id: string; userId: string; nowIso: string },
): Promise<boolean> {
  const result = await db
    .insertInto("generation_requests")
    .values({ id: row.id, user_id: row.userId, status: "queued", created_at: row.nowIso })
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** A request by id, whoever it belongs to (for the job that runs it). */
export async function selectGenerationById(db: Db, id: string): Promise<GenerationRequestRow | undefined> {
  return db.selectFrom("generation_requests").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A waiting request starts (or a retried one starts again); false when it has already finished. */
export async function markGenerationRunning(db: Db, id: string, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable("generation_requests")
    .set({ status: "running", started_at: nowIso })
    .where("id", "=", id)
    .where("status", "in", ACTIVE_STATUSES)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Records how a request ended; false when it had already ended (then nothing changes). */
export async function finishGeneration(
  db: Db,
  id: string,
  outcome: { status: "completed"; result: string } | { status: "failed"; error: string },
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable("generation_requests")
    .set({
      status: outcome.status,
      result: outcome.status === "completed" ? outcome.result : null,
      error: outcome.status === "failed" ? outcome.error : null,
      finished_at: nowIso,
    })
    .where("id", "=", id)
    .where("status", "in", ACTIVE_STATUSES)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
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
