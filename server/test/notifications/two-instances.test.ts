import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink, type CaughtMail, type SmtpSink } from "../../../e2e/support/smtp-sink";
import { createDatabase, migrateToLatest, type Db } from "../../src/db/database";
import { bearer, createTestApp, signUp, testClock, testDatabase } from "../helpers";
import { runTogether } from "../processes";

const instanceProcess = path.join(import.meta.dirname, "server-instance.ts");
const REMINDERS_MISSED = 20;
const REMINDERS_ON_TIME = 20;

async function mailTo(sink: SmtpSink, address: string): Promise<CaughtMail[]> {
  const response = await fetch(`${sink.mailboxUrl}/messages?to=${encodeURIComponent(address)}`);
  return (await response.json()) as CaughtMail[];
}

const reminderMails = async (sink: SmtpSink, address: string) =>
  (await mailTo(sink, address)).filter((mail) => /reminder/i.test(mail.subject));

/**
 * Two server instances, each its own process with its own connection, start at the same moment
 * on one database (a SQLite file, or the PostgreSQL of TEST_DATABASE_URL) that holds reminders
 * missed while no server ran and reminders falling due just then: every reminder becomes exactly
 * one notification and one e-mail, the missed ones marked late; a third start delivers nothing.
 */
describe("reminders with two server instances on one database", () => {
  let dir: string | undefined;
  let db: Db;
  let database: string;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink({ host: "127.0.0.1", smtpPort: 0 });
    if (process.env.TEST_DATABASE_URL) {
      database = process.env.TEST_DATABASE_URL;
      db = await testDatabase();
    } else {
      dir = mkdtempSync(path.join(os.tmpdir(), "tasklane-reminders-"));
      database = path.join(dir, "shared.sqlite");
      db = createDatabase({ sqlitePath: database });
      await migrateToLatest(db);
    }
  });
  afterAll(async () => {
    await db?.destroy();
    await sink?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Starts `count` instances together, once each has loaded, and waits until every one stopped. */
  const startInstances = (count: number) =>
    runTogether(
      instanceProcess,
      Array.from({ length: count }, () => [database, String(sink.smtpPort)]),
    );

  it(
    "delivers each reminder once, the missed ones marked late, and never again",
    { timeout: 180_000 },
    async () => {
      // The server instances run in processes of their own, on the real clock.
      // eslint-disable-next-line no-restricted-syntax -- see above
      const realNow = Date.now();
      // The tasks were written two hours ago; then no server ran.
      const t = await createTestApp({ db, clock: testClock(new Date(realNow - 2 * 3_600_000)) });
      const me = await signUp(t);
      const headers = bearer(me.token);
      const settings = await t.app.inject({
        method: "PUT",
        url: "/auth/settings",
        headers,
        payload: { email_reminders: true },
      });
      expect(settings.statusCode).toBe(200);
      const titles: string[] = [];
      for (let index = 0; index < REMINDERS_MISSED + REMINDERS_ON_TIME; index += 1) {
        const missed = index < REMINDERS_MISSED;
        const title = missed ? `Missed ${index}` : `On time ${index}`;
        const remindAt = new Date(missed ? realNow - 110 * 60_000 : realNow + 1_000).toISOString();
        const response = await t.app.inject({
          method: "POST",
          url: "/api/v1/tasks",
          headers,
          payload: { title, remind_at: remindAt },
        });
        expect(response.statusCode).toBe(201);
        titles.push(title);
      }
      await t.close();

      await startInstances(2);

      const notifications = await db
        .selectFrom("notifications")
        .innerJoin("tasks", "tasks.id", "notifications.task_id")
        .select(["tasks.title", "notifications.late", "notifications.text"])
        .where("notifications.user_id", "=", me.user.id)
        .execute();
      expect(notifications.map((row) => row.title).sort()).toEqual([...titles].sort());
      for (const row of notifications) {
        const missed = row.title.startsWith("Missed");
        expect(row.late, row.text).toBe(missed ? 1 : 0);
        expect(row.text).toMatch(missed ? /^Late reminder, set for / : /^Reminder: /);
      }
      const mails = await reminderMails(sink, me.user.email);
      expect(mails.map((mail) => mail.subject.replace(/^.*: /, "")).sort()).toEqual([...titles].sort());

      // Each reminder and each of its e-mails was one job, done once. Which instance won each
      // claim is up to the machine's scheduling (a busy one may let the first take them all), so
      // the test does not ask for both.
      const done = await db.selectFrom("jobs").select("claimed_by").where("status", "=", "done").execute();
      expect(done).toHaveLength(2 * titles.length);

      await startInstances(1);
      const after = await db
        .selectFrom("notifications")
        .select((eb) => eb.fn.countAll().as("count"))
        .where("user_id", "=", me.user.id)
        .executeTakeFirstOrThrow();
      expect(Number(after.count)).toBe(titles.length);
      expect(await reminderMails(sink, me.user.email)).toHaveLength(titles.length);
    },
  );
});
