import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createDatabase, pendingMigrations } from "../../src/db/database";
import { runTogether } from "../processes";

const migrateProcess = path.join(import.meta.dirname, "migrate-process.ts");

/**
 * Instances starting at once on one database each run the migrations at start: every one of
 * them must come up, and each migration must run exactly once.
 */
describe("migrations at start", () => {
  let dir: string | undefined;

  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("lets several processes migrate a new SQLite file at the same time", async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "tasklane-migrate-"));
    const file = path.join(dir, "tasklane.sqlite");

    await runTogether(migrateProcess, [[file], [file], [file], [file]]);

    const db = createDatabase({ sqlitePath: file });
    try {
      expect(await pendingMigrations(db)).toEqual([]);
      const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((row) => row.name)).size).toBe(rows.length);
    } finally {
      await db.destroy();
    }
    // Four Node processes loading TypeScript: on a busy 2-core machine that alone can pass the
    // suite's 30 s, so this test waits as long as its processes may run.
  }, 90_000);
});
