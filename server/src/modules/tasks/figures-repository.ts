import { sql, type ExpressionBuilder } from "kysely";
import { OPEN_STATUSES } from "@contract/tasks";
import { isPostgres, type Db } from "../../db/database";
import type { Database, TaskRow } from "../../db/schema";
import { theirsToDo } from "./repository";

/**
 * What analytics and the weekly review read of the tasks, counted by the database: the tasks that
 * are the user's to do (theirsToDo: shared projects' tasks assigned to them count, their own
 * assigned to another member do not). Timestamps are ISO UTC text, so ranges compare as text on
 * both engines; local dates are worked out by the analytics service from the UTC slots counted here.
 */

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
    .selectFrom(theirsToDo(db, userId, [column]))
    .select([slot.as("slot"), (eb) => eb.fn.countAll<number>().as("count")])
    .where(column, "is not", null)
    .$if(range.fromIso !== undefined, (query) => query.where(column, ">=", range.fromIso as string))
    .$if(range.toIso !== undefined, (query) => query.where(column, "<", range.toIso as string))
    .groupBy(slot)
    .execute();
}

/**
 * The range's completions grouped by priority, tags (their JSON text) and project at once: one
 * pass over the range's tasks instead of one per breakdown.
 */
export async function countCompletionsByGroup(
  db: Db,
  userId: string,
  fromIso: string,
  toIso: string,
): Promise<Array<{ priority: string; tags: string; project_id: string | null; count: number }>> {
  return db
    .selectFrom(theirsToDo(db, userId, ["priority", "tags", "project_id", "completed_at"]))
    .select(["priority", "tags", "project_id", (eb) => eb.fn.countAll<number>().as("count")])
    .where("completed_at", ">=", fromIso)
    .where("completed_at", "<", toIso)
    .groupBy(["priority", "tags", "project_id"])
    .execute();
}

/** What the overdue histograms read of a task. */
const OVERDUE_COLUMNS = ["due_date", "created_at", "status", "completed_at", "updated_at"] as const;

/** When a task with a due date became overdue: its due date, or its creation if made already late. */
const overdueFrom = sql<string>`case when created_at > due_date then created_at else due_date end`;
/** When it stopped being open: completed, or cancelled (its last change); null while open. */
const overdueUntil = sql<
  string | null
>`case when status = 'completed' then completed_at when status = 'cancelled' then updated_at end`;

/**
 * Open tasks past their due date, as two histograms over UTC slots: how many became overdue in
 * each slot (those before `fromIso` in one slot, "") and how many stopped being so. Only tasks
 * overdue at some time from `fromIso` to `toIso` count. The number overdue at an instant is then
 * the starts before it less the ends before it.
 */
export async function overdueHistograms(
  db: Db,
  userId: string,
  range: { fromIso: string; toIso: string; slotLength: 13 | 16 },
): Promise<{ starts: SlotCount[]; ends: SlotCount[] }> {
  const length = sql.lit(range.slotLength);
  const overdueSometimeInRange = (eb: ExpressionBuilder<Database, "tasks">) =>
    eb.and([
      eb("due_date", "is not", null),
      eb("due_date", "<", range.toIso),
      eb.or([eb(overdueUntil, "is", null), eb(overdueUntil, ">=", range.fromIso)]),
      eb.or([eb(overdueUntil, "is", null), eb(overdueUntil, ">", overdueFrom)]),
    ]);
  const startSlot = sql<string>`case when ${overdueFrom} < ${range.fromIso} then '' else substr(${overdueFrom}, 1, ${length}) end`;
  const endSlot = sql<string>`substr(${overdueUntil}, 1, ${length})`;
  const [starts, ends] = await Promise.all([
    db
      .selectFrom(theirsToDo(db, userId, OVERDUE_COLUMNS))
      .select([startSlot.as("slot"), (eb) => eb.fn.countAll<number>().as("count")])
      .where(overdueSometimeInRange)
      // By its name: the expression holds a parameter, which PostgreSQL would not match twice.
      .groupBy(sql`slot`)
      .execute(),
    db
      .selectFrom(theirsToDo(db, userId, OVERDUE_COLUMNS))
      .select([endSlot.as("slot"), (eb) => eb.fn.countAll<number>().as("count")])
      .where(overdueSometimeInRange)
      .where(overdueUntil, "is not", null)
      .where(overdueUntil, "<", range.toIso)
      .groupBy(endSlot)
      .execute(),
  ]);
  return { starts, ends };
}

/** What the completion figures read of a task. */
const COMPLETION_COLUMNS = ["due_date", "completed_at", "created_at"] as const;

/**
 * The range's completions: how many, how many had a due date and were done on or before it
 * (timestamps compare as ISO text), and the days from creation to completion in tenths of a day,
 * as a histogram (enough for a median to one decimal without reading every task).
 */
export async function completionFigures(
  db: Db,
  userId: string,
  fromIso: string,
  toIso: string,
): Promise<{
  withDueDate: number;
  onTime: number;
  tenthsToComplete: Array<{ tenths: number; count: number }>;
}> {
  const inRange = (eb: ExpressionBuilder<Database, "tasks">) =>
    eb.and([eb("completed_at", ">=", fromIso), eb("completed_at", "<", toIso)]);
  const days = isPostgres(db)
    ? sql<number>`extract(epoch from (cast(completed_at as timestamptz) - cast(created_at as timestamptz))) / 86400`
    : sql<number>`julianday(completed_at) - julianday(created_at)`;
  const tenths = sql<number>`cast(round((${days}) * 10) as integer)`;
  const [counts, histogram] = await Promise.all([
    db
      .selectFrom(theirsToDo(db, userId, COMPLETION_COLUMNS))
      .select((eb) => [
        eb.fn.count<number>("due_date").as("with_due_date"),
        eb.fn
          .count<number>(eb.case().when("completed_at", "<=", eb.ref("due_date")).then(eb.lit(1)).end())
          .as("on_time"),
      ])
      .where(inRange)
      .executeTakeFirst(),
    db
      .selectFrom(theirsToDo(db, userId, COMPLETION_COLUMNS))
      .select([tenths.as("tenths"), (eb) => eb.fn.countAll<number>().as("count")])
      .where(inRange)
      .groupBy(tenths)
      .execute(),
  ]);
  return {
    withDueDate: Number(counts?.with_due_date ?? 0),
    onTime: Number(counts?.on_time ?? 0),
    tenthsToComplete: histogram.map((row) => ({ tenths: Number(row.tenths), count: Number(row.count) })),
  };
}

/** A week's task lists, as rows: the review's four lists are made from these. */
export async function selectReviewRows(
  db: Db,
  userId: string,
  range: { startIso: string; endIso: string },
): Promise<{ completed: TaskRow[]; open: TaskRow[] }> {
  const completed = await db
    .selectFrom(theirsToDo(db, userId, "all"))
    .selectAll()
    .where("completed_at", ">=", range.startIso)
    .where("completed_at", "<", range.endIso)
    .execute();
  const open = await db
    .selectFrom(theirsToDo(db, userId, "all"))
    .selectAll()
    .where("status", "in", [...OPEN_STATUSES])
    .where("created_at", "<", range.endIso)
    .execute();
  return { completed, open };
}
