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

/**
 * During a rolling upgrade an instance of the previous release can restart after the new release
 * migrated the database: it must start on the newer schema, not refuse the migrations it does not
 * know (Kysely's default).
 */
describe("a database migrated by a later release", () => {
  it("is opened by this release, which leaves the later migrations as they are", async () => {
    const db = createDatabase({ sqlitePath: ":memory:" });
    try {
      await migrateToLatest(db);
      const later = "9999-a-later-release";
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${later}, ${"2026-11-21T10:00:00.000Z"})`.execute(
        db,
      );
      // ... and one of this release's own still to run (numbers land out of order, above).
      const recurringTasks = migrations["0007-recurring-tasks"];
      if (!recurringTasks?.down) throw new Error("0007-recurring-tasks has no down()");
      await recurringTasks.down(db);
      await sql`DELETE FROM kysely_migration WHERE name = '0007-recurring-tasks'`.execute(db);

      await migrateToLatest(db);
      expect(await pendingMigrations(db)).toEqual([]);
      const ran = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
      expect(ran.rows.map((row) => row.name)).toEqual(
        expect.arrayContaining([later, "0007-recurring-tasks"]),
      );
      expect(ran.rows.filter((row) => row.name === later)).toHaveLength(1);
    } finally {
      await db.destroy();
    }
  });
});
