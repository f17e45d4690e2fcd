import type SqliteDatabase from "better-sqlite3";
import type { SqliteDatabase as KyselySqliteDatabase } from "kysely";
import { LRUCache } from "lru-cache";

/** How many prepared statements one SQLite connection keeps: every query the server sends fits. */
export const STATEMENTS_KEPT = 500;

/**
 * The SQLite connection as Kysely's dialect sees it, keeping each prepared statement for the next
 * query with the same SQL text. Kysely's driver prepares every query anew, and preparing (parsing
 * and planning the SQL) cost about as much as running a task create's statements. Bounded, least
 * recently used first out: SQL built for a list of n values (`in (?, ?, …)`) differs with n, so
 * the distinct texts are not a fixed set. A statement is safe to reuse: Kysely runs one query at a
 * time on the connection, better-sqlite3 resets a statement before each run, and SQLite prepares
 * it again by itself when a migration changed the schema it was planned on.
 */
export function withStatementCache(
  database: SqliteDatabase.Database,
  max: number = STATEMENTS_KEPT,
): KyselySqliteDatabase {
  const statements = new LRUCache<string, SqliteDatabase.Statement>({ max });
  return {
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = database.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
}
