import { existsSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";

/** Every page in one step: one read snapshot, so writers during the backup never restart it. */
const ALL_PAGES = 0x7fffffff;

function checkIntegrity(file: string): void {
  const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma("integrity_check", { simple: true });
    if (result !== "ok") throw new Error(`${file} is damaged: ${String(result)}`);
    const migrated = db
      .prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'")
      .get() as { n: number };
    if (migrated.n === 0) throw new Error(`${file} is not a Tasklane database`);
  } finally {
    db.close();
  }
}

/**
 * A consistent copy of a live SQLite database, taken with SQLite's online backup API (a plain
 * file copy of a database being written, or of its WAL, can be torn). The server keeps running:
 * the copy reads one snapshot while writers go on. The copy is written beside the target and
 * renamed into place once complete and checked, so `target` is never a half-written file.
 */
export async function backupSqlite(source: string, target: string): Promise<void> {
  if (!existsSync(source)) throw new Error(`No database at ${source}`);
  const partial = path.join(path.dirname(path.resolve(target)), `.${path.basename(target)}.partial`);
  rmSync(partial, { force: true });
  const db = new SqliteDatabase(source, { fileMustExist: true });
  try {
    await db.backup(partial, { progress: () => ALL_PAGES });
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }
  // The copy as one self-contained file (no -wal beside it).
  const copy = new SqliteDatabase(partial);
  copy.pragma("journal_mode = DELETE");
  copy.close();
  checkIntegrity(partial);
  renameSync(partial, target);
}

/**
 * Puts a backup in place of the database, through the same backup API, after checking the
 * backup. The database as it was is kept first beside it (`<file>.before-restore-<time>`).
 * Run it with the server stopped.
 */
export async function restoreSqlite(backup: string, database: string): Promise<string | undefined> {
  if (!existsSync(backup)) throw new Error(`No backup at ${backup}`);
  checkIntegrity(backup);
  let kept: string | undefined;
  if (existsSync(database)) {
    kept = `${database}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    await backupSqlite(database, kept);
  }
  const source = new SqliteDatabase(backup, { readonly: true, fileMustExist: true });
  try {
    await source.backup(database, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  return kept;
}

export interface BackupCommandOutput {
  info(line: string): void;
  error(line: string): void;
}

/** `npm run admin -- backup <file>` and `restore <file>`; the exit code. */
export async function runBackupCommand(
  config: { databaseUrl?: string; dataDir: string },
  [command, file]: string[],
  out: BackupCommandOutput,
): Promise<number> {
  if (config.databaseUrl) {
    out.error(
      "DATABASE_URL is PostgreSQL: back it up with pg_dump and restore with pg_restore (see docs/deploy.md).",
    );
    return 2;
  }
  if (!file) {
    out.error(`Usage: npm run admin -- ${command} <file>`);
    return 2;
  }
  const database = path.join(config.dataDir, "tasklane.sqlite");
  try {
    if (command === "backup") {
      await backupSqlite(database, file);
      out.info(`Backed up ${database} to ${file}`);
    } else {
      const kept = await restoreSqlite(file, database);
      out.info(
        `Restored ${file} into ${database}${kept ? ` (the previous database is kept as ${kept})` : ""}`,
      );
    }
    return 0;
  } catch (error) {
    out.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}
