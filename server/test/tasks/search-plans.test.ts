import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTransaction } from "../../src/db/database";
import { selectTaskPage } from "../../src/modules/tasks/page-repository";
import { createTasks } from "../../src/modules/tasks/service";
import { createTestApp, signUp, type TestApp } from "../helpers";

/**
 * PostgreSQL keeps a connection's queries as prepared statements, and may run a kept one on a
 * generic plan, made once for any value. A search's plan depends on its text (the trigram indexes
 * for `invoice`, none for `qu`), so its statements must be planned for their values each time: a
 * generic plan ran the 2-letter search through every entry of three trigram indexes (60 ms and
 * more for 10,000 tasks, not 10). PostgreSQL only (TEST_DATABASE_URL).
 */

const databaseUrl = process.env.TEST_DATABASE_URL;

let t: TestApp;
let userId: string;

beforeAll(async () => {
  if (!databaseUrl) return;
  t = await createTestApp();
  userId = (await signUp(t)).user.id;
  await createTasks(t.deps.db, t.clock, userId, [
    { title: "Pay the invoice", priority: "medium", tags: ["work"] },
    { title: "Quarterly report", description: "Send the invoice too", priority: "high", tags: [] },
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe.runIf(databaseUrl)("searches on PostgreSQL", () => {
  it("are never kept as prepared statements, however often they run", async () => {
    // A transaction holds one connection: the statements it prepared are those listed after.
    const kept = await inTransaction(t.deps.db, async (trx) => {
      for (const search of ["invoice", "qu", "report", "invoice", "pay", "invoice", "qu"]) {
        await selectTaskPage(trx, userId, { search }, { order: "due" });
        await selectTaskPage(
          trx,
          userId,
          { search, statuses: ["pending"] },
          { order: "completed_at", limit: 50 },
        );
        await selectTaskPage(trx, userId, { tags: [search] }, { order: "due" });
      }
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
        trx,
      );
      return rows.map((row) => row.statement);
    });

    expect(kept.filter((statement) => /\bi?like\b/i.test(statement))).toEqual([]);
    // The list's statements without a search are still kept.
    await inTransaction(t.deps.db, async (trx) => {
      await selectTaskPage(trx, userId, {}, { order: "due" });
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
        trx,
      );
      expect(rows.some((row) => row.statement.includes('from "tasks"'))).toBe(true);
    });
  });

  it("go through trigram indexes whose pending list stays short", async () => {
    // Each search reads the whole list of entries not yet merged: 128 kB at most, not 4 MB.
    const { rows } = await sql<{ relname: string; reloptions: string[] | null }>`
      select relname, reloptions from pg_class where relname like 'tasks\_%\_trigram'`.execute(t.deps.db);
    const trigrams = await sql`select 1 from pg_extension where extname = 'pg_trgm'`.execute(t.deps.db);
    // Left out where pg_trgm cannot be created (a search then reads the user's tasks).
    expect(rows).toHaveLength(trigrams.rows.length > 0 ? 3 : 0);
    for (const row of rows) expect(row.reloptions, row.relname).toContain("gin_pending_list_limit=128");
  });
});
