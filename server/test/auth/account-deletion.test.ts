import { sql } from "kysely";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RecoveryCodes, TwoFactorSetup } from "@contract/account-security";
import type { Db } from "../../src/db/database";
import { hashedKeyPart } from "../../src/lib/rate-limit";
import { bearer, createTestApp, setAiUsage, signUp, type SignedUp, type TestApp } from "../helpers";

/**
 * Deleting an account leaves nothing of it. The tables are read from the database itself, so a
 * table added later is checked too: one keyed by user_id needs nothing here, one keyed otherwise
 * must say below how its rows of a user are found. Runs on SQLite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */

const PUBLIC_ANSWER = [{ address: "93.184.216.34", family: 4 }];
const PUSH_KEYS = {
  p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
  auth: "tBHItJI5svbpez7KI4CCXg",
};
const ICS = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//test//EN",
  "BEGIN:VEVENT",
  "UID:gone@example.com",
  "DTSTART:20261123T090000Z",
  "DTEND:20261123T100000Z",
  "SUMMARY:Stand-up",
  "END:VEVENT",
  "END:VCALENDAR",
  "",
].join("\r\n");

/** What the user owned before: ids that rows of tables without a user_id point at. */
interface Owned {
  userId: string;
  emailLower: string;
  webhookIds: string[];
  jobSubjects: string[];
}

/** Tables not keyed by user_id: how to count a user's rows in each. */
const ROWS_OF_USER: Record<string, (db: Db, owned: Owned) => Promise<number>> = {
  users: (db, { userId }) => count(db, sql`SELECT count(*) AS n FROM users WHERE id = ${userId}`),
  verification_codes: (db, { emailLower }) =>
    count(db, sql`SELECT count(*) AS n FROM verification_codes WHERE email_lower = ${emailLower}`),
  password_reset_codes: (db, { emailLower }) =>
    count(db, sql`SELECT count(*) AS n FROM password_reset_codes WHERE email_lower = ${emailLower}`),
  rate_limits: (db, { userId, emailLower }) =>
    count(
      db,
      sql`SELECT count(*) AS n FROM rate_limits WHERE key LIKE ${`%${userId}%`} OR key LIKE ${`%${hashedKeyPart(emailLower)}%`}`,
    ),
  jobs: (db, { userId, jobSubjects }) =>
    count(
      db,
      sql`SELECT count(*) AS n FROM jobs WHERE user_id = ${userId} OR subject IN (${sql.join([userId, ...jobSubjects])})`,
    ),
  task_comments: (db, { userId }) =>
    count(db, sql`SELECT count(*) AS n FROM task_comments WHERE author_id = ${userId}`),
  webhook_deliveries: (db, { webhookIds }) =>
    count(
      db,
      sql`SELECT count(*) AS n FROM webhook_deliveries WHERE webhook_id IN (${sql.join(webhookIds)})`,
    ),
  // Not a user's: the server's own keys (VAPID), shared by every account; the operator's list of
  // invited addresses.
  server_keys: async () => 0,
  registration_invites: async () => 0,
};

async function count(db: Db, query: ReturnType<typeof sql<{ n: number | string }>>): Promise<number> {
  const { rows } = await query.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Every table of the schema, with its columns; the migrator's own and SQLite's search index left out. */
async function tablesOf(db: Db, engine: string): Promise<Map<string, string[]>> {
  const { rows } =
    engine === "postgres"
      ? await sql<{ table_name: string; column_name: string }>`
          SELECT table_name, column_name FROM information_schema.columns
          WHERE table_schema = current_schema()`.execute(db)
      : await sql<{ table_name: string; column_name: string }>`
          SELECT m.name AS table_name, p.name AS column_name
          FROM sqlite_master m, pragma_table_info(m.name) p
          WHERE m.type = 'table'`.execute(db);
  const tables = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of rows) {
    // The migrator's bookkeeping, and SQLite's full-text index of tasks (kept by triggers on tasks).
    if (/^(kysely_|sqlite_|task_search)/.test(table)) continue;
    tables.set(table, [...(tables.get(table) ?? []), column]);
  }
  return tables;
}

async function rowsOfUser(t: TestApp, owned: Owned): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [table, columns] of await tablesOf(t.deps.db, t.deps.engine)) {
    const rowsOf = ROWS_OF_USER[table];
    if (rowsOf) counts[table] = await rowsOf(t.deps.db, owned);
    else if (columns.includes("user_id"))
      counts[table] = await count(
        t.deps.db,
        sql`SELECT count(*) AS n FROM ${sql.table(table)} WHERE user_id = ${owned.userId}`,
      );
    else throw new Error(`Table ${table} has no user_id: say in ROWS_OF_USER how a user's rows are found`);
  }
  return counts;
}

describe("deleting an account", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: "false" } });
    t.deps.resolveHost = async () => PUBLIC_ANSWER;
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  /** An account with something in every table a user's rows can be in. */
  async function accountWithEverything(): Promise<{ account: SignedUp; owned: Owned; secrets: string[] }> {
    const account = await signUp(t);
    const { token, user } = account;
    const db = t.deps.db;
    const now = t.clock.now().toISOString();
    const ok = async (response: Promise<{ statusCode: number; body: string }>) => {
      const { statusCode, body } = await response;
      expect(statusCode, body).toBeLessThan(300);
      return JSON.parse(body || "null") as { id: string; token?: string; password?: string };
    };

    // Through the API: what the app makes itself.
    const hook = await ok(
      call("POST", "/api/v1/webhooks", token, {
        url: "https://hooks.example.com/x",
        events: ["task.created"],
      }),
    );
    await ok(
      call("POST", "/api/v1/push/subscriptions", token, {
        endpoint: "https://push.example.com/a",
        keys: PUSH_KEYS,
      }),
    );
    await ok(call("POST", "/api/v1/projects", token, { name: "Garden" }));
    const task = await ok(
      call("POST", "/api/v1/tasks", token, {
        title: "Water the plants",
        remind_at: "2026-11-22T09:00:00.000Z",
      }),
    );
    const doomed = await ok(call("POST", "/api/v1/tasks", token, { title: "Gone soon" }));
    await ok(call("DELETE", `/api/v1/tasks/${doomed.id}`, token));
    await ok(call("PUT", "/auth/settings", token, { weekly_review_email: true }));
    const calendar = await t.app.inject({
      method: "POST",
      url: "/api/v1/calendars/import",
      headers: { ...bearer(token), "content-type": "text/calendar" },
      payload: ICS,
    });
    expect(calendar.statusCode, calendar.body).toBe(201);
    await ok(call("GET", "/api/v1/calendar", token));
    await ok(call("POST", "/api/v1/events/ticket", token));
    const apiToken = await ok(call("POST", "/api/v1/tokens", token, { name: "script", scope: "write" }));
    const appPassword = await ok(call("POST", "/api/v1/app-passwords", token, { name: "Phone" }));
    const setup = (await ok(call("POST", "/auth/2fa/setup", token))) as unknown as TwoFactorSetup;
    const code = await generate({ secret: setup.secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    (await ok(call("POST", "/auth/2fa/enable", token, { code }))) as unknown as RecoveryCodes;
    // A challenge waiting for its code, a failed password, a sign-up and a reset code of the address.
    await t.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: user.email, password: account.password },
    });
    await t.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: user.email, password: "wrong-password" },
    });
    await t.app.inject({ method: "POST", url: "/auth/send-verification", payload: { email: user.email } });
    await t.app.inject({ method: "POST", url: "/auth/forgot-password", payload: { email: user.email } });

    // A member of another person's project, with a comment there.
    const host = await signUp(t);
    const shared = await ok(call("POST", "/api/v1/projects", host.token, { name: "Trip" }));
    const hostTask = await ok(
      call("POST", "/api/v1/tasks", host.token, { title: "Book", project_id: shared.id }),
    );
    await ok(
      call("POST", `/api/v1/projects/${shared.id}/members`, host.token, {
        user: user.username,
        role: "editor",
      }),
    );
    const invitations = (await call("GET", "/api/v1/invitations", token)).json<{ id: string }[]>();
    await ok(call("POST", `/api/v1/invitations/${invitations[0]!.id}/accept`, token));
    await ok(call("POST", `/api/v1/tasks/${hostTask.id}/comments`, token, { body: "On it" }));

    // Directly: what only the AI, a mail server, a CalDAV client or an open stream would make.
    await setAiUsage(db, user.id, 1, "2026-11");
    const notificationId = `n-${user.id}`;
    const generationId = `g-${user.id}`;
    await db
      .insertInto("notifications")
      .values({
        id: notificationId,
        user_id: user.id,
        kind: "reminder",
        task_id: task.id,
        text: "Water",
        late: 0,
        created_at: now,
        read_at: null,
      })
      .execute();
    await db
      .insertInto("jobs")
      .values({
        id: `j-${user.id}`,
        kind: "reminder_email",
        subject: notificationId,
        status: "queued",
        run_at: now,
        attempts: 0,
        scheduled_at: now,
      })
      .execute();
    await db
      .insertInto("generation_requests")
      .values({
        id: generationId,
        user_id: user.id,
        status: "pending",
        result: null,
        error: null,
        created_at: now,
        started_at: null,
        finished_at: null,
      })
      .execute();
    await db
      .insertInto("daily_reports")
      .values({
        id: `d-${user.id}`,
        user_id: user.id,
        local_date: "2026-11-21",
        report: "{}",
        generated_at: now,
      })
      .execute();
    await db
      .insertInto("inbound_messages")
      .values({
        id: `i-${user.id}`,
        user_id: user.id,
        message_id: "<m@example.com>",
        subject: "Hi",
        tasks_created: 1,
        received_at: now,
      })
      .execute();
    await db
      .insertInto("task_imports")
      .values({ user_id: user.id, fingerprint: "f", imported_at: now })
      .execute();
    // Left by the release before: no longer written, not in the schema's types.
    await sql`INSERT INTO task_deletions (user_id, version, task_id) VALUES (${user.id}, 1, ${doomed.id})`.execute(
      db,
    );
    await db.insertInto("ai_use_months").values({ user_id: user.id, month: "2026-11", count: 1 }).execute();
    await db
      .insertInto("review_summaries")
      .values({ user_id: user.id, week: "2026-11-16", tasks_version: 1, summary: "Fine", generated_at: now })
      .execute();
    await db
      .insertInto("plan_undos")
      .values({ token: `u-${user.id}`, user_id: user.id, previous: "[]", created_at: now, expires_at: now })
      .execute();
    await db
      .insertInto("task_ical")
      .values({ task_id: task.id, user_id: user.id, uid: "x@example.com", href: "x.ics", extra: null })
      .execute();
    await db
      .insertInto("oidc_identities")
      .values({ issuer: "https://id.example.com", subject: user.id, user_id: user.id, created_at: now })
      .execute();
    await db
      .insertInto("oidc_handoffs")
      .values({ code_hash: `h-${user.id}`, user_id: user.id, expires_at: now })
      .execute();
    await db
      .insertInto("oidc_logins")
      .values({
        id_hash: `l-${user.id}`,
        state: "s",
        nonce: "n",
        code_verifier: "v",
        expires_at: now,
        user_id: user.id,
      })
      .execute();
    await db
      .insertInto("account_deletion_confirmations")
      .values({ token_hash: `c-${user.id}`, user_id: user.id, issuer: "i", subject: "s", expires_at: now })
      .execute();
    await db
      .insertInto("live_streams")
      .values({ id: `s-${user.id}`, user_id: user.id, opened_at: now, seen_at: now })
      .execute();

    const calendars = await db.selectFrom("calendars").select("id").where("user_id", "=", user.id).execute();
    const deliveries = await db
      .selectFrom("webhook_deliveries")
      .select("id")
      .where("webhook_id", "=", hook.id)
      .execute();
    const tasks = await db.selectFrom("tasks").select("id").where("user_id", "=", user.id).execute();
    return {
      account,
      owned: {
        userId: user.id,
        emailLower: user.email.toLowerCase(),
        webhookIds: [hook.id],
        jobSubjects: [
          notificationId,
          generationId,
          ...[...calendars, ...deliveries, ...tasks].map((row) => row.id),
        ],
      },
      secrets: [apiToken.token!, `${user.username}:${appPassword.password!}`],
    };
  }

  it("removes every row of the user from every table, and leaves other users' rows", async () => {
    const bystander = await signUp(t);
    await call("POST", "/api/v1/tasks", bystander.token, { title: "Still here" });
    const { account, owned } = await accountWithEverything();

    const before = await rowsOfUser(t, owned);
    const notUsers = ["server_keys", "registration_invites"];
    const empty = Object.entries(before).filter(([table, rows]) => rows === 0 && !notUsers.includes(table));
    expect(empty, "every table holds something of the user before").toEqual([]);

    const deleted = await call("DELETE", "/auth/account", account.token, { password: account.password });
    expect(deleted.statusCode, deleted.body).toBe(204);

    const after = await rowsOfUser(t, owned);
    expect(Object.entries(after).filter(([, rows]) => rows > 0)).toEqual([]);
    const tasks = await call("GET", "/api/v1/tasks", bystander.token);
    expect(tasks.json<{ title: string }[]>().map((task) => task.title)).toContain("Still here");
  });

  it("ends every credential at once and frees the address and the username", async () => {
    const { account, secrets } = await accountWithEverything();
    const [apiToken, appPassword] = secrets as [string, string];
    expect(
      (await call("DELETE", "/auth/account", account.token, { password: account.password })).statusCode,
    ).toBe(204);

    expect((await call("GET", "/auth/me", account.token)).statusCode).toBe(401);
    expect((await call("GET", "/api/v1/tasks", apiToken)).statusCode).toBe(401);
    const dav = await t.app.inject({
      method: "PROPFIND",
      url: "/dav/",
      headers: { authorization: `Basic ${Buffer.from(appPassword).toString("base64")}`, depth: "0" },
    });
    expect(dav.statusCode).toBe(401);
    const again = await signUp(t, { email: account.user.email, username: account.user.username });
    expect(again.user.id).not.toBe(account.user.id);
  });

  it("needs the right password, and keeps the account when it is wrong or missing", async () => {
    const account = await signUp(t);
    const wrong = await call("DELETE", "/auth/account", account.token, { password: "not-my-password" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: "Password is incorrect" });
    const missing = await call("DELETE", "/auth/account", account.token, {});
    expect(missing.json()).toMatchObject({ message: "Enter your password to delete the account" });
    expect((await call("GET", "/auth/me", account.token)).statusCode).toBe(200);
  });

  it("takes a fresh two-factor code from an account without a password", async () => {
    const account = await signUp(t);
    const setup = (await call("POST", "/auth/2fa/setup", account.token)).json<TwoFactorSetup>();
    const codeNow = () =>
      generate({ secret: setup.secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    expect(
      (await call("POST", "/auth/2fa/enable", account.token, { code: await codeNow() })).statusCode,
    ).toBe(200);
    // An account made by a single sign-on has no password to give.
    await t.deps.db
      .updateTable("users")
      .set({ password_hash: "" })
      .where("id", "=", account.user.id)
      .execute();
    // The web app learns it can ask for a code.
    expect((await call("GET", "/auth/account/deletion-options", account.token)).json()).toEqual({
      password: false,
      oidc: null,
      two_factor: true,
    });

    const missing = await call("DELETE", "/auth/account", account.token, { password: account.password });
    expect(missing.json()).toMatchObject({
      message: "Enter a code from your authenticator app to delete the account",
    });
    // The code that turned two-factor on is taken: a fresh one is needed.
    const replayed = await call("DELETE", "/auth/account", account.token, { code: await codeNow() });
    expect(replayed.statusCode).toBe(400);
    t.clock.advance(30_000);
    expect((await call("DELETE", "/auth/account", account.token, { code: await codeNow() })).statusCode).toBe(
      204,
    );
    expect((await call("GET", "/auth/me", account.token)).statusCode).toBe(401);
  });
});
