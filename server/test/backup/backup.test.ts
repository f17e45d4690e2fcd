import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import SqliteDatabase from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { backupSqlite, restoreSqlite, runBackupCommand } from "../../src/db/backup";
import { openDatabase } from "../../src/db/database";

/** Another connection (another thread) writing rows in small transactions until told to stop. */
const WRITER = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require("better-sqlite3");
const db = new Database(workerData.file);
db.pragma("busy_timeout = 5000");
const insert = db.prepare("INSERT INTO load_probe (payload) VALUES (?)");
const batch = db.transaction((n) => { for (let i = 0; i < n; i += 1) insert.run("x".repeat(200)); });
let stop = false;
parentPort.on("message", () => { stop = true; });
(function loop() {
  if (stop) { db.close(); parentPort.postMessage("stopped"); return; }
  batch(20);
  setImmediate(loop);
})();
`;

function countRows(file: string): number {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    return (db.prepare("SELECT count(*) AS n FROM load_probe").get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe("SQLite backup and restore", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("backs up a consistent copy while another connection writes, and restores it", async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "tasklane-backup-"));
    const live = path.join(dir, "tasklane.sqlite");
    const db = await openDatabase({ dataDir: dir });
    await db.destroy();
    const setup = new SqliteDatabase(live);
    setup.exec("CREATE TABLE load_probe (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)");
    const seed = setup.prepare("INSERT INTO load_probe (payload) VALUES (?)");
    setup.transaction(() => {
      for (let i = 0; i < 5_000; i += 1) seed.run("seed".repeat(50));
    })();
    setup.close();

    const writer = new Worker(WRITER, { eval: true, workerData: { file: live } });
    try {
      // The writer is under way before the backup starts.
      await expect.poll(() => countRows(live), { timeout: 10_000 }).toBeGreaterThan(5_000);
      const before = countRows(live);
      const backup = path.join(dir, "backup.sqlite");
      await backupSqlite(live, backup);
      const after = countRows(live);

      const copied = countRows(backup);
      expect(copied).toBeGreaterThanOrEqual(before);
      expect(copied).toBeLessThanOrEqual(after);
      const check = new SqliteDatabase(backup, { readonly: true });
      expect(check.pragma("integrity_check", { simple: true })).toBe("ok");
      check.close();
    } finally {
      const stopped = new Promise((resolve) => writer.once("message", resolve));
      writer.postMessage("stop");
      await stopped;
      await writer.terminate();
    }

    // Restored over the live file (server stopped): the database is the backup, the old one kept.
    const backup = path.join(dir, "backup.sqlite");
    const copied = countRows(backup);
    expect(countRows(live)).toBeGreaterThan(copied);
    const kept = await restoreSqlite(backup, live);
    expect(countRows(live)).toBe(copied);
    expect(kept && countRows(kept)).toBeGreaterThan(copied);
    const reopened = await openDatabase({ dataDir: dir });
    await reopened.destroy();
  });

  it("refuses what is not a Tasklane database, and PostgreSQL, with a clear message", async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "tasklane-backup-"));
    const lines: string[] = [];
    const out = { info: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
    const other = path.join(dir, "other.sqlite");
    new SqliteDatabase(other).exec("CREATE TABLE t (x)");

    expect(await runBackupCommand({ dataDir: dir }, ["restore", other], out)).toBe(1);
    expect(lines.pop()).toMatch(/is not a Tasklane database/);
    expect(await runBackupCommand({ dataDir: dir }, ["backup", path.join(dir, "b.sqlite")], out)).toBe(1);
    expect(lines.pop()).toMatch(/No database at/);
    expect(await runBackupCommand({ dataDir: dir }, ["backup"], out)).toBe(2);
    expect(
      await runBackupCommand({ dataDir: dir, databaseUrl: "postgres://x/y" }, ["backup", "b"], out),
    ).toBe(2);
    expect(lines.pop()).toMatch(/pg_dump/);
  });
});
