import { sql } from "kysely";
import type { Db } from "../../db/database";
import type { TaskRow } from "../../db/schema";

/**
 * The SQL behind analytics and the weekly review. Timestamps are ISO UTC text, so ranges compare as
 * text on both engines; local dates are worked out by the service from the UTC slots counted here.
 */

/** The open statuses: a task still to do. */
const OPEN_STATUSES = ["pending", "inprogress"];

export interface SlotCount {
  /** The first characters of an ISO timestamp: "2026-11-27T11" (an hour) or "2026-11-27T11:05" (a minute) */
  slot: string;
  count: number;
}

/**
 * How many of the user's tasks have `column` in each UTC hour (or minute, for zones whose offset
 * is not whole hours) from `fromIso` (inclusive) to `toIso` (exclusive; open without one): a
 * range scan of the (user_id, completed_at) index for completions.
 */
export async function countBySlot(
  db: Db,
  userId: string,
  column: "completed_at" | "created_at",
  range: { fromIso?: string; toIso?: string; slotLength: 13 | 16 },
): Promise<SlotCount[]> {
  const slot = sql<string>`substr(${sql.ref(column)}, 1, ${sql.lit(range.slotLength)})`;
  return db
    .selectFrom("tasks")
    .select([slot.as("slot"), (eb) => eb.fn.countAll<number>().as("count")])
    .where("user_id", "=", userId)
    .where(column, "is not", null)
    .$if(range.fromIso !== undefined, (query) => query.where(column, ">=", range.fromIso as string))
    .$if(range.toIso !== undefined, (query) => query.where(column, "<", range.toIso as string))
    .groupBy(slot)
    .execute();
}

/** Each task completed in the range: when it was created, completed and due. */
export async function selectCompletions(
  db: Db,
  userId: string,
  fromIso: string,
  toIso: string,
): Promise<Array<Pick<TaskRow, "created_at" | "completed_at" | "due_date">>> {
  return db
    .selectFrom("tasks")
    .select(["created_at", "completed_at", "due_date"])
    .where("user_id", "=", userId)
    .where("completed_at", ">=", fromIso)
    .where("completed_at", "<", toIso)
    .execute();
}

/** Completions in the range grouped by one column's value (tags as their JSON text). */
export async function countCompletionsBy(
  db: Db,
  userId: string,
  column: "priority" | "tags",
  fromIso: string,
  toIso: string,
): Promise<Array<{ value: string; count: number }>> {
  return db
    .selectFrom("tasks")
    .select([sql.ref<string>(column).as("value"), (eb) => eb.fn.countAll<number>().as("count")])
    .where("user_id", "=", userId)
    .where("completed_at", ">=", fromIso)
    .where("completed_at", "<", toIso)
    .groupBy(column)
    .execute();
}

/**
 * The tasks that may have been open and past their due date at some time after `fromIso`: a due
 * date before `toIso`, not finished before `fromIso`. A cancelled task counts as open until it
 * was last changed (when it was cancelled, or later).
 */
export async function selectOverdueCandidates(
  db: Db,
  userId: string,
  fromIso: string,
  toIso: string,
): Promise<Array<Pick<TaskRow, "created_at" | "due_date" | "completed_at" | "status" | "updated_at">>> {
  return db
    .selectFrom("tasks")
    .select(["created_at", "due_date", "completed_at", "status", "updated_at"])
    .where("user_id", "=", userId)
    .where("due_date", "is not", null)
    .where("due_date", "<", toIso)
    .where((eb) =>
      eb.or([
        eb("status", "in", OPEN_STATUSES),
        eb.and([eb("status", "=", "completed"), eb("completed_at", ">=", fromIso)]),
        eb.and([eb("status", "=", "cancelled"), eb("updated_at", ">=", fromIso)]),
      ]),
    )
    .execute();
}

/** A week's task lists, as rows: the review's four lists are made from these. */
export async function selectReviewRows(
  db: Db,
  userId: string,
  range: { startIso: string; endIso: string },
): Promise<{ completed: TaskRow[]; open: TaskRow[] }> {
  const completed = await db
    .selectFrom("tasks")
    .selectAll()
    .where("user_id", "=", userId)
    .where("completed_at", ">=", range.startIso)
    .where("completed_at", "<", range.endIso)
    .execute();
  const open = await db
    .selectFrom("tasks")
    .selectAll()
    .where("user_id", "=", userId)
    .where("status", "in", OPEN_STATUSES)
    .where("created_at", "<", range.endIso)
    .execute();
  return { completed, open };
}

/** The user's data version (moved by every task change) and their daily goal. */
export async function selectUserAnalyticsState(
  db: Db,
  userId: string,
): Promise<{ tasks_version: number; daily_goal: number | null } | undefined> {
  return db
    .selectFrom("users")
    .select(["tasks_version", "daily_goal"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

export async function selectReviewSummary(
  db: Db,
  userId: string,
  week: string,
): Promise<{ tasks_version: number; summary: string } | undefined> {
  return db
    .selectFrom("review_summaries")
    .select(["tasks_version", "summary"])
    .where("user_id", "=", userId)
    .where("week", "=", week)
    .executeTakeFirst();
}

export async function upsertReviewSummary(
  db: Db,
  row: { user_id: string; week: string; tasks_version: number; summary: string; generated_at: string },
): Promise<void> {
  await db
    .insertInto("review_summaries")
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(["user_id", "week"]).doUpdateSet({
        tasks_version: row.tasks_version,
        summary: row.summary,
        generated_at: row.generated_at,
      }),
    )
    .execute();
}
