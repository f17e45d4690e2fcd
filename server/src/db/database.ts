import { mkdirSync } from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type SqliteDialectConfig,
} from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { migrations } from "./migrations";
import { keepPreparedStatements } from "./postgres-statements";
import type { Database } from "./schema";
import { withStatementCache } from "./statement-cache";

export type Db = Kysely<Database>;
export type DatabaseEngine = "sqlite" | "postgres";

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL */
  databaseUrl?: string;
  /** SQLite file location; ":memory:" for tests */
  sqlitePath?: string;
  /**
   * An in-memory SQLite database to start from instead: the bytes of another one (better-sqlite3's
   * `serialize()`), so tests copy one migrated database rather than migrating each of their own.
   */
  sqliteImage?: Buffer;
}

/**
 * How this app's pool reads PostgreSQL's values: COUNT(*) and other int8 values arrive as strings,
 * and our counts fit in a JS number. Every column of ours is text or integer (dates are ISO text),
 * which pg hands over as they are, so nothing else is converted. Set on the pool, not on the pg
 * module, which other clients in the process share.
 */
function appTypes(): pg.CustomTypesConfig {
  const types = new pg.TypeOverrides();
  types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number.parseInt(value, 10));
  return types;
}

function openSqlite(file: string | Buffer): SqliteDatabase.Database {
  if (typeof file === "string" && file !== ":memory:")
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // An acknowledged write survives a crash: WAL with a full fsync on every commit.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return sqlite;
}

/**
 * Every transaction begins IMMEDIATE: it takes the database's write lock at BEGIN, waiting for
 * another process's write up to busy_timeout. Kysely's deferred BEGIN would take it only at the
 * first write, and a transaction that had read before another process committed would then fail
 * at once with "database is locked" (its snapshot is stale), whatever the timeout. Within one
 * process this changes nothing: Kysely runs one transaction at a time on its one connection.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): SqliteDriver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

export function engineOf(options: DatabaseOptions): DatabaseEngine {
  return options.databaseUrl ? "postgres" : "sqlite";
}

/** PostgreSQL connections per instance; several instances share the server's max_connections. */
const POSTGRES_POOL_SIZE = 10;

/** The connection string of each PostgreSQL database handle, for connections of their own. */
const postgresUrls = new WeakMap<Db, string>();

export function createDatabase(options: DatabaseOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: POSTGRES_POOL_SIZE,
      types: appTypes(),
    });
    pool.on("connect", (client) => keepPreparedStatements(client));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    postgresUrls.set(db, options.databaseUrl);
    return db;
  }
  const database = withStatementCache(openSqlite(options.sqliteImage ?? options.sqlitePath ?? ":memory:"));
  return new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database }) });
}

/**
 * Migration numbers are handed out to work done in parallel, so a database may already have run a
 * later number (0009) when an earlier one (0007) lands: it is run then, not refused.
 *
 * `ranByLaterRelease`: migrations the database has run that this release does not know — a later
 * release's instance migrated it, and this one (the previous release, during a rolling upgrade)
 * restarts. Kysely refuses a database with migrations it cannot find; they are given to it as
 * already run, doing nothing, so this instance starts on the newer schema (which every migration
 * keeps usable by the release before it, see migrations/index.ts).
 */
function migratorOf(
  db: Db,
  options: { disableTransactions?: boolean } = {},
  ranByLaterRelease: readonly string[] = [],
): Migrator {
  const known = { ...migrations };
  for (const name of ranByLaterRelease) known[name] = { up: async () => undefined };
  return new Migrator({
    db,
    provider: { getMigrations: async () => known },
    allowUnorderedMigrations: true,
    ...options,
  });
}

/** The migrations the database has run that this release does not know (none on a new database). */
async function migrationsOfLaterReleases(db: Db): Promise<string[]> {
  let ran: Array<{ name: string }>;
  try {
    ran = (await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db)).rows;
  } catch {
    return []; // no migration table yet
  }
  return ran.map((row) => row.name).filter((name) => !(name in migrations));
}

async function runMigrator(migrator: Migrator): Promise<void> {
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}

/**
 * Brings the schema up to date; safe when several processes start at once on one database: one
 * migrates while the others wait, then find nothing left to do.
 * PostgreSQL: Kysely's migrator holds an advisory lock for the whole run.
 * SQLite: Kysely takes no lock there, so the whole run is one IMMEDIATE transaction: it holds the
 * database's write lock from its first read (another process waits up to busy_timeout), and it
 * reads which migrations ran only once it holds it.
 */
export async function migrateToLatest(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // Read before Kysely takes its lock: when a later release migrates at that very moment, the
    // run refuses the migrations it did not know of, and runs again knowing them.
    const later = await migrationsOfLaterReleases(db);
    try {
      await runMigrator(migratorOf(db, {}, later));
    } catch (error) {
      const laterNow = await migrationsOfLaterReleases(db);
      if (laterNow.length === later.length) throw error;
      await runMigrator(migratorOf(db, {}, laterNow));
    }
    return;
  }
  await sql`BEGIN IMMEDIATE`.execute(db);
  try {
    const later = await migrationsOfLaterReleases(db);
    await runMigrator(migratorOf(db, { disableTransactions: true }, later));
  } catch (error) {
    await sql`ROLLBACK`.execute(db);
    throw error;
  }
  await sql`COMMIT`.execute(db);
}

/** The names of the migrations the database has not run yet (throws when it cannot be read). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const all = await migratorOf(db).getMigrations();
  return all.filter((migration) => !migration.executedAt).map((migration) => migration.name);
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

/**
 * A unique index refused the row. PostgreSQL says 23505; better-sqlite3 says
 * SQLITE_CONSTRAINT_UNIQUE (or _PRIMARYKEY) and "UNIQUE constraint failed" in the message.
 */
export function isUniqueViolation(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === "23505" ||
    code === "SQLITE_CONSTRAINT_UNIQUE" ||
    code === "SQLITE_CONSTRAINT_PRIMARYKEY" ||
    /UNIQUE constraint failed/.test(String(message))
  );
}

/** The database is PostgreSQL (else SQLite), for the few queries written for one engine. */
export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * A PostgreSQL connection of its own, outside the pool, for LISTEN: it stays open, waiting for
 * notifications, which a pooled connection must not. The caller ends it.
 */
export async function openListenConnection(db: Db): Promise<pg.Client> {
  const connectionString = postgresUrls.get(db);
  if (!connectionString) throw new Error("LISTEN needs a PostgreSQL database");
  const client = new pg.Client({ connectionString });
  await client.connect();
  return client;
}

/** What each transaction opened by inTransaction runs once it has committed (afterCommit). */
const afterCommitWork = new WeakMap<Db, Array<(db: Db) => Promise<void>>>();

/**
 * Runs `work` in a transaction: inside the caller's when `db` already is one (so a service can
 * make another module's writes part of its own unit of work), else in a new one, committed before
 * this returns. `work` must use the transaction it is given: the root handle would wait for the
 * transaction to end (SQLite has one connection). What `work` handed to afterCommit runs after
 * the COMMIT, before this returns.
 */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  const committed: Array<(db: Db) => Promise<void>> = [];
  const result = await db.transaction().execute((trx) => {
    afterCommitWork.set(trx, committed);
    return work(trx);
  });
  for (const next of committed) await next(db);
  return result;
}

/**
 * Hands `work` to run on the root handle once the transaction `trx` (opened by inTransaction) has
 * committed, and never if it rolls back; false, doing nothing, when `trx` is not such a
 * transaction.
 */
export function afterCommit(trx: Db, work: (db: Db) => Promise<void>): boolean {
  const committed = afterCommitWork.get(trx);
  committed?.push(work);
  return committed !== undefined;
}
