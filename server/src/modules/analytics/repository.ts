import type { Db } from "../../db/database";

/** The SQL of analytics' own tables; the tasks are read through the tasks module. */

/** The user's daily goal: completed tasks a day, or null for none. */
export async function selectDailyGoal(db: Db, userId: string): Promise<number | null> {
  const row = await db.selectFrom("users").select("daily_goal").where("id", "=", userId).executeTakeFirst();
  return row?.daily_goal ?? null;
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
