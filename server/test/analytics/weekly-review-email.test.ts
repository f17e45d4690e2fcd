import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "@contract/routes";
import { createDatabase, migrateToLatest, type Db } from "../../src/db/database";
import { runDueJobs } from "../../src/jobs/runner";
import { jobKinds } from "../../src/services";
import { bearer, createTestApp, signUp, testClock, testDatabase, type TestApp } from "../helpers";

const quiet = { warn: () => undefined, error: () => undefined };

/**
 * Two server instances, each with its own connection to one database (a SQLite file, or the
 * PostgreSQL of TEST_DATABASE_URL), run their job runners at the same moment on Monday morning.
 */
describe("the weekly review e-mail", () => {
  let dir: string | undefined;
  const handles: Db[] = [];
  const instances: TestApp[] = [];
  const clock = testClock("2026-11-21T10:00:00.000Z"); // a Saturday

  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) {
      handles.push(await testDatabase(), await testDatabase({ reset: false }));
    } else {
      dir = mkdtempSync(path.join(os.tmpdir(), "tasklane-weekly-review-"));
      const file = path.join(dir, "shared.sqlite");
      handles.push(createDatabase({ sqlitePath: file }));
      await migrateToLatest(handles[0] as Db);
      handles.push(createDatabase({ sqlitePath: file }));
    }
    for (const db of handles) instances.push(await createTestApp({ db, clock }));
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    for (const db of handles) await db.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("is sent once, Monday 08:00 in the user's zone, by one of two instances, then queued a week on", async () => {
    const [first, second] = instances as [TestApp, TestApp];
    const me = await signUp(first);
    const headers = bearer(me.token);
    await first.app.inject({
      method: "POST",
      url: apiRoutes.timezone.path,
      headers,
      payload: { timezone: "Asia/Tokyo" },
    });
    const slipped = await first.app.inject({
      method: "POST",
      url: apiRoutes.createTask.path,
      headers,
      payload: { title: "Send the invoices", due_date: "2026-11-20T03:00:00.000Z" },
    });
    expect(slipped.statusCode).toBe(201);
    const settings = await first.app.inject({
      method: "PUT",
      url: apiRoutes.settings.path,
      headers,
      payload: { weekly_review_email: true },
    });
    expect(settings.json()).toMatchObject({ weekly_review_email: true });
    const reviewMails = () =>
      [...first.mailer.sent, ...second.mailer.sent].filter((mail) =>
        mail.subject.startsWith("Your weekly review"),
      );

    // Monday 07:59 in Tokyo (Sunday 22:59 UTC): not yet.
    clock.set("2026-11-22T22:59:00.000Z");
    await Promise.all(instances.map((t, index) => runDueJobs(t.deps, jobKinds, `instance-${index}`, quiet)));
    expect(reviewMails()).toHaveLength(0);

    clock.set("2026-11-22T23:00:00.000Z");
    await Promise.all(instances.map((t, index) => runDueJobs(t.deps, jobKinds, `instance-${index}`, quiet)));
    const mails = reviewMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: me.user.email, subject: "Your weekly review (2026-W47)" });
    expect(mails[0]?.text).toContain("1 task slipped past its due date");
    expect(mails[0]?.text).toContain("- Send the invoices");
    expect(mails[0]?.text).toContain("/review?week=2026-W47");

    const job = await first.deps.db
      .selectFrom("jobs")
      .select(["status", "run_at"])
      .where("kind", "=", "weekly_review_email")
      .where("subject", "=", me.user.id)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: "queued", run_at: "2026-11-29T23:00:00.000Z" });

    clock.set("2026-11-23T09:00:00.000Z");
    await Promise.all(instances.map((t, index) => runDueJobs(t.deps, jobKinds, `instance-${index}`, quiet)));
    expect(reviewMails()).toHaveLength(1);

    // Turned off, the next Monday sends nothing.
    await first.app.inject({
      method: "PUT",
      url: apiRoutes.settings.path,
      headers,
      payload: { weekly_review_email: false },
    });
    clock.set("2026-11-29T23:30:00.000Z");
    await Promise.all(instances.map((t, index) => runDueJobs(t.deps, jobKinds, `instance-${index}`, quiet)));
    expect(reviewMails()).toHaveLength(1);
  });
});
