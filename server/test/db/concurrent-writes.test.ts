import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createDatabase } from "../../src/db/database";
import { runTogether } from "../processes";

const writeProcess = path.join(import.meta.dirname, "write-process.ts");

/**
 * Several server instances on one SQLite file: a transaction that reads before it writes must wait
 * for another process's write, not fail with "database is locked" (a deferred BEGIN would).
 */
describe("write transactions of several processes on one SQLite file", () => {
  let dir: string | undefined;

  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("all commit, each seeing the rows committed before it", async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "tasklane-writes-"));
    const file = path.join(dir, "tasklane.sqlite");
    const setup = createDatabase({ sqlitePath: file });
    await sql`create table writes (id integer primary key, writer text not null, seen integer not null)`.execute(
      setup,
    );
    await setup.destroy();

    const perProcess = 150;
    await runTogether(
      writeProcess,
      ["a", "b", "c"].map((name) => [file, String(perProcess), name]),
    );

    const db = createDatabase({ sqlitePath: file });
    try {
      const { rows } = await sql<{
        writer: string;
        seen: number;
      }>`select writer, seen from writes order by id`.execute(db);
      expect(rows).toHaveLength(3 * perProcess);
      // Serialised: each transaction counted exactly the rows committed before its own.
      expect(rows.map((row) => Number(row.seen))).toEqual(rows.map((_, index) => index));
      expect(new Set(rows.map((row) => row.writer))).toEqual(new Set(["a", "b", "c"]));
    } finally {
      await db.destroy();
    }
  });
});
