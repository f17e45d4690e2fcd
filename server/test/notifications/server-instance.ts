import { setTimeout as sleep } from "node:timers/promises";
import { createAiProvider } from "../../src/ai";
import { buildApp } from "../../src/app";
import { testConfig } from "../../src/config";
import { createDatabase, engineOf } from "../../src/db/database";
import { systemClock } from "../../src/lib/clock";
import { createMailer } from "../../src/mail/mailer";
import { startBackgroundServices } from "../../src/services";
import { waitForGo } from "../processes";

/**
 * One server instance, as main.ts starts it but without the HTTP listener: the app and its
 * background services (the job runner, polling every 100 ms) on the database of argv[2] (a SQLite
 * file or a postgres:// URL), mailing over SMTP to the port of argv[3]. Loaded, it starts its
 * services when told to (runTogether), so that instances loading at their own pace start
 * together; it stops once no job is due any more.
 */
const [database = "", smtpPort = "0"] = process.argv.slice(2);
const postgres = database.startsWith("postgres");
const config = testConfig({
  ...(postgres ? { DATABASE_URL: database } : {}),
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  PUBLIC_URL: "https://tasks.example.com",
  JOBS_POLL_INTERVAL_MS: "100",
});
const db = createDatabase({ databaseUrl: config.databaseUrl, sqlitePath: database });
const deps = {
  config,
  db,
  engine: engineOf(config),
  clock: systemClock,
  mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }, { info: () => undefined }),
  ai: createAiProvider(config.ai),
};
const app = await buildApp(deps);
await app.ready();
await waitForGo();
const stopServices = await startBackgroundServices(app, deps);

// A server of its own, on the real clock like any server (the test moves its tasks in time instead).
// eslint-disable-next-line no-restricted-syntax -- see above
const deadline = Date.now() + 60_000;
// eslint-disable-next-line no-restricted-syntax -- see above
while (Date.now() < deadline) {
  const due = await db
    .selectFrom("jobs")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("status", "in", ["queued", "running"])
    // eslint-disable-next-line no-restricted-syntax -- see above
    .where("run_at", "<=", new Date().toISOString())
    .executeTakeFirstOrThrow();
  if (Number(due.count) === 0) break;
  await sleep(100);
}
await stopServices();
await app.close();
await db.destroy();
