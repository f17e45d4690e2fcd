import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createDatabase, migrateToLatest, pendingMigrations } from "../../src/db/database";
import { migrations } from "../../src/db/migrations";

/**
 * Migration numbers are given to work done in parallel, so a database can have run a later number
 * before an earlier one lands (0009 before 0007): starting the new version must run the earlier
 * one then, not refuse to start.
 */
describe("a migration that lands after a later-numbered one already ran", () => {
  it("is run at the next start, and the database ends up complete", async () => {
    const db = createDatabase({ sqlitePath: ":memory:" });
    try {
      await migrateToLatest(db);
      // The database as it was before 0007 existed, with 0009 already run.
      const recurringTasks = migrations["0007-recurring-tasks"];
      if (!recurringTasks?.down) throw new Error("0007-recurring-tasks has no down()");
      await recurringTasks.down(db);
      await sql`DELETE FROM kysely_migration WHERE name = '0007-recurring-tasks'`.execute(db);
      expect(await pendingMigrations(db)).toEqual(["0007-recurring-tasks"]);

      await migrateToLatest(db);
      expect(await pendingMigrations(db)).toEqual([]);
      const columns = await sql<{ name: string }>`SELECT name FROM pragma_table_info('tasks')`.execute(db);
      expect(columns.rows.map((column) => column.name)).toEqual(
        expect.arrayContaining(["recurrence", "follows_task_id"]),
      );
    } finally {
      await db.destroy();
    }
  });
});
