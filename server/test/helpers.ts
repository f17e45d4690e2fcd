import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import type { User } from "@contract/auth";
import { apiRoutes } from "@contract/routes";
import type { AiProvider } from "../src/ai/provider";
import { createAiProvider } from "../src/ai";
import { buildApp } from "../src/app";
import type { App, AppDeps } from "../src/app-types";
import { testConfig, type Config } from "../src/config";
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
  "trashed_tasks",
  "task_comments",
  "project_members",
  "plan_undos",
  "calendars",
  "review_summaries",
  "ai_use_months",
  "ai_quota_usage",
  "task_data_versions",
  "task_events",
  "task_sync",
  "task_ical",
  "app_passwords",
  "notifications",
  "jobs",
  "inbound_messages",
  "daily_reports",
  "generation_requests",
  "task_deletions",
  "tasks",
  "projects",
  "rate_limits",
  "verification_codes",
  "password_reset_codes",
  "sessions",
  "account_deletion_confirmations",
  "oidc_handoffs",
  "oidc_identities",
  "oidc_logins",
  "registration_invites",
  "two_factor_challenges",
  "recovery_codes",
  "two_factor",
  "users",
] as const;

/** A new in-memory SQLite database, migrated, as bytes (VACUUM INTO writes it to a file). */
async function migratedSqliteImage(): Promise<Buffer> {
  const db = createDatabase({ sqlitePath: ":memory:" });
  const dir = mkdtempSync(path.join(os.tmpdir(), "tasklane-migrated-"));
  try {
    await migrateToLatest(db);
    const file = path.join(dir, "migrated.sqlite");
    await sql`VACUUM INTO ${file}`.execute(db);
    return readFileSync(file);
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Migrated once per worker: each test's SQLite database starts as a copy of it (under a
 * millisecond) rather than running every migration again (40 ms of CPU, hundreds of times a run).
 */
let migratedSqlite: Promise<Buffer> | undefined;

/**
 * The database under test: in-memory SQLite, or the PostgreSQL of TEST_DATABASE_URL (the CI
 * runs the whole server suite once on each).
 */
export async function testDatabase(options: { reset?: boolean } = {}): Promise<Db> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) return createDatabase({ sqliteImage: await (migratedSqlite ??= migratedSqliteImage()) });
  const db = createDatabase({ databaseUrl });
  await migrateToLatest(db);
  if (options.reset !== false) {
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
  /** Settings no environment variable gives (testConfig's password hash cost). */
  config?: Partial<Config>;
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
  const config = {
    ...testConfig({ STATIC_DIR: "./no-spa-in-server-tests", ...options.env }),
    ...options.config,
  };
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

let signUpCounter = 0;

export interface SignedUp {
  token: string;
  user: User;
  password: string;
}

/**
 * Registers a fresh account through the real calls (send-verification, then register with the
 * code read from the captured mail) and returns its token. Each call comes from its own client
 * address so per-IP rate limits of sign-up never trip in suites that create many users.
 */
export async function signUp(
  t: TestApp,
  options: {
    email?: string;
    username?: string;
    password?: string;
    first_name?: string;
    last_name?: string;
  } = {},
): Promise<SignedUp> {
  signUpCounter += 1;
  const unique = `${randomUUID().replaceAll("-", "").slice(0, 10)}${signUpCounter}`;
  const email = options.email ?? `user-${unique}@example.com`;
  const username = options.username ?? `user-${unique}`;
  const password = options.password ?? `Quiet-Harbor-${unique}`;
  const remoteAddress = `10.${(signUpCounter >> 16) & 255}.${(signUpCounter >> 8) & 255}.${signUpCounter & 255}`;

  const sent = await t.app.inject({
    method: "POST",
    url: apiRoutes.sendVerification.path,
    payload: { email },
    remoteAddress,
  });
  if (sent.statusCode !== 200) throw new Error(`send-verification failed (${sent.statusCode}): ${sent.body}`);
  const code = latestVerificationCode(t.mailer, email);

  const registered = await t.app.inject({
    method: "POST",
    url: apiRoutes.register.path,
    payload: {
      email,
      verification_code: code,
      username,
      password,
      ...(options.first_name !== undefined ? { first_name: options.first_name } : {}),
      ...(options.last_name !== undefined ? { last_name: options.last_name } : {}),
    },
    remoteAddress,
  });
  if (registered.statusCode !== 200)
    throw new Error(`register failed (${registered.statusCode}): ${registered.body}`);
  const body = registered.json() as { token: string; user: User };
  return { token: body.token, user: body.user, password };
}

/** The 6-digit code of the last verification mail sent to an address. */
export function latestVerificationCode(mailer: { sent: OutgoingMail[] }, email: string): string {
  const mail = mailer.sent
    .filter((message) => message.to.toLowerCase() === email.trim().toLowerCase())
    .at(-1);
  const code = mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
  if (!code) throw new Error(`No verification code was mailed to ${email}`);
  return code;
}

/** Sets the AI uses the user has spent in `period` ("2026-11"), as if they had made them. */
export async function setAiUsage(db: Db, userId: string, count: number, period: string): Promise<void> {
  await db
    .insertInto("ai_quota_usage")
    .values({ user_id: userId, count, period })
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet({ count, period }))
    .execute();
}

/** `Authorization: Bearer …` headers for app.inject. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** Replaces each `$ref` to a named schema with the schema itself, recursively. */
function inlineRefs(value: unknown, schemas: Record<string, unknown>, seen: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => inlineRefs(item, schemas, seen));
  if (!value || typeof value !== "object") return value;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === "string" && ref.startsWith("#/components/schemas/")) {
    const name = ref.slice("#/components/schemas/".length);
    if (seen.has(name)) return value;
    return inlineRefs(schemas[name], schemas, new Set([...seen, name]));
  }
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [key, inlineRefs(child, schemas, seen)]),
  );
}

/**
 * The served OpenAPI document with its named schemas written out where they are used, for tests
 * that look for what one operation says.
 */
export async function inlinedOpenApi<T>(t: TestApp): Promise<T> {
  const document = (await t.app.inject({ method: "GET", url: "/docs/json" })).json<{
    components?: { schemas?: Record<string, unknown> };
  }>();
  return inlineRefs(document, document.components?.schemas ?? {}, new Set()) as T;
}
