import { sql } from "kysely";
import type { AiProvider } from "../src/ai/provider";
import { createAiProvider } from "../src/ai";
import { buildApp } from "../src/app";
import type { App, AppDeps } from "../src/app-types";
import { testConfig } from "../src/config";
import { createDatabase, engineOf, migrateToLatest, type Db } from "../src/db/database";
import type { Clock } from "../src/lib/clock";
import type { Mailer, OutgoingMail } from "../src/mail/mailer";

/** A clock tests can set and move. */
export interface TestClock extends Clock {
  set(date: Date | string): void;
  advance(ms: number): void;
}

export function testClock(start: Date | string = "2026-11-21T10:00:00.000Z"): TestClock {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (date) => {
      current = new Date(date);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

/** A mailer that keeps what it was asked to send. */
export function captureMailer(): Mailer & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    sent,
    async send(mail) {
      sent.push(mail);
    },
  };
}

const TABLES = [
  "inbound_messages",
  "daily_reports",
  "generation_requests",
  "tasks",
  "rate_limits",
  "verification_codes",
  "sessions",
  "users",
] as const;

/**
 * The database under test: in-memory SQLite, or the PostgreSQL of TEST_DATABASE_URL (the CI
 * runs the whole server suite once on each).
 */
export async function testDatabase(options: { reset?: boolean } = {}): Promise<Db> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const db = createDatabase({ databaseUrl, sqlitePath: ":memory:" });
  await migrateToLatest(db);
  if (databaseUrl && options.reset !== false) {
    for (const table of TABLES) await sql`DELETE FROM ${sql.table(table)}`.execute(db);
  }
  return db;
}

export interface TestAppOptions {
  db?: Db;
  clock?: TestClock;
  mailer?: Mailer;
  ai?: AiProvider;
  env?: Record<string, string>;
}

export interface TestApp {
  app: App;
  deps: AppDeps;
  clock: TestClock;
  mailer: ReturnType<typeof captureMailer>;
  close(): Promise<void>;
}

/** buildApp with test doubles only for what cannot run here (the LLM, outbound mail). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig({ STATIC_DIR: "./no-spa-in-server-tests", ...options.env });
  const ownsDb = !options.db;
  const db = options.db ?? (await testDatabase());
  const clock = options.clock ?? testClock();
  const mailer = captureMailer();
  const deps: AppDeps = {
    config,
    db,
    engine: engineOf({ databaseUrl: process.env.TEST_DATABASE_URL }),
    clock,
    mailer: options.mailer ?? mailer,
    ai: options.ai ?? createAiProvider(config.ai),
  };
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    clock,
    mailer,
    async close() {
      await app.close();
      if (ownsDb) await db.destroy();
    },
  };
}
