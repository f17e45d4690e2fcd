import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { createDatabase, type Db } from "../../src/db/database";

/**
 * A database of its own, for a test that migrates step by step: a new in-memory SQLite, or on
 * PostgreSQL (TEST_DATABASE_URL) a new database beside the test database, so the tables the other
 * suites share stay as they are. `close` destroys it, and drops it on PostgreSQL.
 */
export async function scratchDatabase(label: string): Promise<{ db: Db; close(): Promise<void> }> {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (!postgresUrl) {
    const db = createDatabase({ sqlitePath: ":memory:" });
    return { db, close: () => db.destroy() };
  }
  const url = new URL(postgresUrl);
  const name = `${url.pathname.slice(1)}_${label}_${randomUUID().replaceAll("-", "").slice(0, 10)}`;
  const onAdmin = async (work: (admin: Db) => Promise<unknown>) => {
    const admin = createDatabase({ databaseUrl: postgresUrl });
    await work(admin);
    await admin.destroy();
  };
  await onAdmin((admin) => sql`CREATE DATABASE ${sql.id(name)}`.execute(admin));
  url.pathname = `/${name}`;
  const db = createDatabase({ databaseUrl: url.toString() });
  return {
    db,
    async close() {
      await db.destroy();
      await onAdmin((admin) => sql`DROP DATABASE IF EXISTS ${sql.id(name)}`.execute(admin));
    },
  };
}
