import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { claimNextJob, scheduleJob, type ClaimedJob } from "../../src/jobs/repository";
import { exactlyOnce, runDueJobs, type JobKind } from "../../src/jobs/runner";
import { createDatabase, migrateToLatest } from "../../src/db/database";
import { migrations } from "../../src/db/migrations";
import type { JobRow } from "../../src/db/schema";
import { createTestApp, type TestApp } from "../helpers";

const quiet = { warn: () => undefined, error: () => undefined };

async function jobsOf(t: TestApp, kind: string): Promise<JobRow[]> {
  return t.deps.db.selectFrom("jobs").selectAll().where("kind", "=", kind).orderBy("subject").execute();
}

function schedule(t: TestApp, kind: string, subject: string, runAt = t.clock.now().toISOString()) {
  return scheduleJob(t.deps.db, { kind, subject, runAt, nowIso: t.clock.now().toISOString() });
}

describe("the jobs table", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  it("holds one job per kind and subject: scheduling again, even at once, moves that job", async () => {
    await Promise.all([
      schedule(t, "test_once", "a", "2026-11-21T11:00:00.000Z"),
      schedule(t, "test_once", "a", "2026-11-21T12:00:00.000Z"),
      schedule(t, "test_once", "a", "2026-11-21T13:00:00.000Z"),
      schedule(t, "test_other", "a", "2026-11-21T11:00:00.000Z"),
    ]);
    const jobs = await jobsOf(t, "test_once");
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ status: "queued", attempts: 0 });
    expect(await jobsOf(t, "test_other")).toHaveLength(1);
  });

  it("claims nothing before its time, and a due job for exactly one of many claimers", async () => {
    await schedule(t, "test_claim", "later", "2026-11-21T10:00:01.000Z");
    await schedule(t, "test_claim", "now");
    const nowIso = t.clock.now().toISOString();
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, index) => claimNextJob(t.deps.db, ["test_claim"], `w${index}`, nowIso)),
    );
    const won = claims.filter((claim): claim is ClaimedJob => claim !== undefined);
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({ subject: "now", status: "running", attempts: 1 });
    expect(await claimNextJob(t.deps.db, ["test_claim"], "w9", nowIso)).toBeUndefined();
  });

  it("retries a failing job after a growing pause, then gives it up and tells its owner once", async () => {
    const abandoned: string[] = [];
    const failing: JobKind = {
      kind: "test_failing",
      deadlineMs: 5_000,
      staleAfterMs: 60_000,
      maxAttempts: 3,
      run: async () => {
        throw new Error("The mail server said no");
      },
      abandoned: async (_deps, job) => {
        abandoned.push(job.subject);
      },
    };
    await schedule(t, "test_failing", "x");

    expect(await runDueJobs(t.deps, [failing], "w", quiet)).toBe(1);
    let [job] = await jobsOf(t, "test_failing");
    expect(job).toMatchObject({ status: "queued", attempts: 1, last_error: "The mail server said no" });
    expect(job?.run_at).toBe("2026-11-21T10:00:30.000Z");
    expect(await runDueJobs(t.deps, [failing], "w", quiet)).toBe(0); // not due yet

    t.clock.advance(30_000);
    await runDueJobs(t.deps, [failing], "w", quiet);
    [job] = await jobsOf(t, "test_failing");
    expect(job?.run_at).toBe("2026-11-21T10:01:30.000Z"); // twice the pause

    t.clock.advance(60_000);
    await runDueJobs(t.deps, [failing], "w", quiet);
    [job] = await jobsOf(t, "test_failing");
    expect(job).toMatchObject({ status: "failed", attempts: 3 });
    expect(abandoned).toEqual(["x"]);
  });

  it("gives a claim left by a dead worker back after its stale time, and up once attempts are spent", async () => {
    const ran: string[] = [];
    const abandoned: string[] = [];
    const kind: JobKind = {
      kind: "test_stale",
      deadlineMs: 5_000,
      staleAfterMs: 60_000,
      maxAttempts: 2,
      run: async (_deps, job) => {
        ran.push(job.subject);
      },
      abandoned: async (_deps, job) => {
        abandoned.push(job.subject);
      },
    };
    await schedule(t, "test_stale", "y");
    await claimNextJob(t.deps.db, ["test_stale"], "dead", t.clock.now().toISOString());
    t.clock.advance(59_000);
    await runDueJobs(t.deps, [kind], "w", quiet);
    expect(ran).toEqual([]); // still within its stale time

    t.clock.advance(2_000);
    await runDueJobs(t.deps, [kind], "w", quiet);
    expect(ran).toEqual(["y"]);
    expect((await jobsOf(t, "test_stale"))[0]).toMatchObject({ status: "done", attempts: 2 });

    await schedule(t, "test_stale", "z");
    await claimNextJob(t.deps.db, ["test_stale"], "dead", t.clock.now().toISOString());
    await t.deps.db.updateTable("jobs").set({ attempts: 2 }).where("subject", "=", "z").execute();
    t.clock.advance(61_000);
    await Promise.all([runDueJobs(t.deps, [kind], "w1", quiet), runDueJobs(t.deps, [kind], "w2", quiet)]);
    expect(ran).toEqual(["y"]);
    expect(abandoned).toEqual(["z"]);
    expect((await jobsOf(t, "test_stale")).find((job) => job.subject === "z")?.status).toBe("failed");
  });

  it("rolls back what a job wrote when its claim was lost meanwhile", async () => {
    await schedule(t, "test_lost", "task-1");
    const job = await claimNextJob(t.deps.db, ["test_lost"], "w", t.clock.now().toISOString());
    // Rescheduled while it runs: this claim no longer holds.
    await schedule(t, "test_lost", "task-1", "2026-11-21T12:00:00.000Z");
    await expect(
      exactlyOnce(t.deps.db, job!, t.clock.now().toISOString(), async (trx) => {
        await trx
          .insertInto("rate_limits")
          .values({ key: "written-by-lost-job", hits: 1, window_ends_at: "2026-11-21T12:00:00.000Z" })
          .execute();
      }),
    ).rejects.toThrow("claim was lost");
    const written = await t.deps.db
      .selectFrom("rate_limits")
      .selectAll()
      .where("key", "=", "written-by-lost-job")
      .execute();
    expect(written).toEqual([]);
    expect((await jobsOf(t, "test_lost"))[0]).toMatchObject({
      status: "queued",
      run_at: "2026-11-21T12:00:00.000Z",
    });
  });
});

describe("the upgrade that brings the jobs table", () => {
  it("carries the daily plan's waiting and running generations over as jobs", async () => {
    const db = createDatabase({ sqlitePath: ":memory:" });
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo("0006-task-data-version")).error).toBeUndefined();
      const at = "2026-11-21T09:00:00.000Z";
      await sql`INSERT INTO users (id, email, email_lower, username, username_lower, password_hash, created_at, updated_at)
                VALUES ('u1', 'a@example.com', 'a@example.com', 'ada', 'ada', 'x', ${at}, ${at})`.execute(db);
      await sql`INSERT INTO generation_requests (id, user_id, status, attempts, claimed_by, created_at, started_at)
                VALUES ('waiting', 'u1', 'queued', 0, NULL, ${at}, NULL),
                       ('done', 'u1', 'completed', 1, 'w', ${at}, ${at})`.execute(db);
      await migrateToLatest(db);
      const jobs = await db.selectFrom("jobs").selectAll().execute();
      expect(jobs).toEqual([
        expect.objectContaining({ kind: "daily_plan", subject: "waiting", status: "queued", run_at: at }),
      ]);
    } finally {
      await db.destroy();
    }
  });
});
