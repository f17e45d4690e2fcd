import { mkdirSync } from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Dialect } from "kysely";
import pg from "pg";
import { migrations } from "./migrations";
import type { Database } from "./schema";

export type Db = Kysely<Database>;
export type DatabaseEngine = "sqlite" | "postgres";

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL */
  databaseUrl?: string;
  /** SQLite file location; ":memory:" for tests */
  sqlitePath?: string;
}

// PostgreSQL returns COUNT(*) and other int8 values as strings; our counts fit in a JS number.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

function sqliteDialect(file: string): Dialect {
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // An acknowledged write survives a crash: WAL with a full fsync on every commit.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return new SqliteDialect({ database: sqlite });
}

function postgresDialect(connectionString: string): Dialect {
  return new PostgresDialect({ pool: new pg.Pool({ connectionString, max: 10 }) });
}

export function engineOf(options: DatabaseOptions): DatabaseEngine {
  return options.databaseUrl ? "postgres" : "sqlite";
}

export function createDatabase(options: DatabaseOptions): Db {
  const dialect = options.databaseUrl
    ? postgresDialect(options.databaseUrl)
    : sqliteDialect(options.sqlitePath ?? ":memory:");
  return new Kysely<Database>({ dialect });
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}

/** The configured database, created and migrated. */
export async function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  const db = createDatabase({
    databaseUrl: config.databaseUrl,
    sqlitePath: path.join(config.dataDir, "tasklane.sqlite"),
  });
  await migrateToLatest(db);
  return db;
}
