import type { Db } from "../db/database";

export interface QueueCounts {
  kind: string;
  /** Queued and due (run_at passed), not claimed yet */
  due: number;
  running: number;
  /** The run_at of the oldest due job, null when none is due */
  oldestDueAt: string | null;
}

/** The jobs waiting and running, by kind, as every instance sees them (for GET /metrics). */
export async function queueCounts(db: Db, nowIso: string): Promise<QueueCounts[]> {
  const rows = await db
    .selectFrom("jobs")
    .where("status", "in", ["queued", "running"])
    .select(({ eb, fn }) => {
      const due = eb.and([eb("status", "=", "queued"), eb("run_at", "<=", nowIso)]);
      return [
        "kind",
        fn.sum<number | string>(eb.case().when(due).then(1).else(0).end()).as("due"),
        fn.sum<number | string>(eb.case().when("status", "=", "running").then(1).else(0).end()).as("running"),
        fn.min<string | null>(eb.case().when(due).then(eb.ref("run_at")).end()).as("oldest_due_at"),
      ];
    })
    .groupBy("kind")
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    due: Number(row.due),
    running: Number(row.running),
    oldestDueAt: row.oldest_due_at,
  }));
}
