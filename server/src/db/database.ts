import { mkdirSync } from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresAdapter,
  SqliteDialect,
  SqliteDriver,
  sql,
  type Compilable,
  type DatabaseConnection,
  type Dialect,
  type SqliteDialectConfig,
} from "kysely";
import pg from "pg";
import { GroupCommit, type Prefetch } from "./group-commit";
import { commitAndBeginAgain, PIPELINE_WRITES, pipelinedPostgresDialect, unawaited } from "./postgres-driver";
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

function openSqlite(file: string): SqliteDatabase.Database {
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // An acknowledged write survives a crash: WAL with a full fsync on every commit.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return sqlite;
}

/** The content stamp of each SQLite database createDatabase made (see sqliteContentStamp). */
const contentStamps = new WeakMap<Db, () => string | undefined>();

/**
 * SQLite: a stamp of everything in the database, which changes whenever a change is committed to
 * it, by this connection (`total_changes()`: the rows its statements changed, committed or not) or
 * by any other, in this process or another (`PRAGMA data_version`), read without touching a
 * table. A read made while the stamp stays the same still holds: it may be kept and answered
 * again (the session lookup, see auth/session-repository.ts). Undefined on PostgreSQL, on a
 * transaction, and while the connection has one open (a group commit's batch): its uncommitted
 * writes change nothing yet and may still be rolled back.
 */
export function sqliteContentStamp(db: Db): string | undefined {
  return contentStamps.get(db)?.();
}

function contentStampOf(sqlite: SqliteDatabase.Database): () => string | undefined {
  const stamp = sqlite
    .prepare("select total_changes() || ' ' || data_version from pragma_data_version")
    .pluck();
  return () => (sqlite.inTransaction ? undefined : (stamp.get() as string));
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

/** Distinct SQL texts kept prepared; queries with long IN lists vary, so the cache has a bound. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; a prepared statement is reused here for the same SQL text.
 * Safe because Kysely runs one query at a time on its single SQLite connection.
 */
function withStatementCache(sqlite: SqliteDatabase.Database) {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string): SqliteDatabase.Statement {
      let statement = statements.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        if (statements.size < STATEMENT_CACHE_SIZE) statements.set(text, statement);
      }
      return statement;
    },
  };
}

function postgresDialect(connectionString: string): Dialect {
  // pipeline: a statement may be sent before the answer to the previous one has come (see
  // postgres-driver.ts); one awaited at a time, as everywhere else, behaves as without it.
  return pipelinedPostgresDialect(new pg.Pool({ connectionString, max: 10, pipeline: true }));
}

export function engineOf(options: DatabaseOptions): DatabaseEngine {
  return options.databaseUrl ? "postgres" : "sqlite";
}

export function createDatabase(options: DatabaseOptions): Db {
  if (options.databaseUrl) return new Kysely<Database>({ dialect: postgresDialect(options.databaseUrl) });
  const sqlite = openSqlite(options.sqlitePath ?? ":memory:");
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }),
  });
  contentStamps.set(db, contentStampOf(sqlite));
  return db;
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

const groupCommits = new WeakMap<Db, GroupCommit<Database>>();

/**
 * Runs `work` in a transaction: inside the caller's when `db` already is one (so a service can
 * make another module's writes part of its own unit of work), else in a new one — committed
 * together with the other writes waiting at that moment (group commit, see GroupCommit), and
 * settled only once that commit has returned. `prefetch`: what `work` reads first, read for the
 * whole batch at once where statements are round trips (see GroupCommit).
 */
export async function inTransaction<T>(
  db: Db,
  work: (trx: Db) => Promise<T>,
  prefetch?: Prefetch<Database>,
): Promise<T> {
  if (db.isTransaction) return work(db);
  let group = groupCommits.get(db);
  if (!group) {
    group = isPostgres(db)
      ? new GroupCommit(db, {
          savepoints: false,
          pipelineWrites: PIPELINE_WRITES,
          chainCommits: commitAndBeginAgain,
        })
      : new GroupCommit(db, { savepoints: true });
    groupCommits.set(db, group);
  }
  return group.run(work, prefetch);
}

/**
 * Runs a write whose answer the caller does not need (no rows, no count). In a group commit's
 * batch on PostgreSQL it is sent without waiting for its answer, with the statement that follows
 * it (see postgres-driver.ts); a failure then fails the batch's COMMIT, and the write runs again
 * alone, awaited, where its caller gets its error. Elsewhere it runs as any statement.
 */
export async function executeWrite(db: Db, query: Compilable<unknown> | CompiledQuery): Promise<void> {
  await db.executeQuery(unawaited("compile" in query ? query.compile() : query));
}
