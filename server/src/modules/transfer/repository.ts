import type { Db } from "../../db/database";

/** Rows per INSERT: well below SQLite's and PostgreSQL's bound-parameter limits. */
const INSERT_CHUNK = 500;

/**
 * Records the fingerprints of an import and answers those that were new for this user. Those
 * already there (an earlier import, or a concurrent one that got there first) are left alone, so
 * only the returned ones may become tasks.
 */
export async function claimFingerprints(
  db: Db,
  userId: string,
  fingerprints: readonly string[],
  nowIso: string,
): Promise<Set<string>> {
  const claimed = new Set<string>();
  for (let start = 0; start < fingerprints.length; start += INSERT_CHUNK) {
    const rows = await db
      .insertInto("task_imports")
      .values(
        fingerprints
          .slice(start, start + INSERT_CHUNK)
          .map((fingerprint) => ({ user_id: userId, fingerprint, imported_at: nowIso })),
      )
      .onConflict((conflict) => conflict.columns(["user_id", "fingerprint"]).doNothing())
      .returning("fingerprint")
      .execute();
    for (const row of rows) claimed.add(row.fingerprint);
  }
  return claimed;
}
