import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DailyStatusJson, GenerationStatusJson } from "@contract/daily";
import type { TaskJson } from "@contract/tasks";
import { createAiProvider } from "../../src/ai";
import { testConfig } from "../../src/config";
import { createDatabase, migrateToLatest, type Db } from "../../src/db/database";
import { claimNextJob } from "../../src/jobs/repository";
import { runDueJobs } from "../../src/jobs/runner";
import { markGenerationRunning } from "../../src/modules/daily/repository";
import { DAILY_PLAN_JOB, GENERATION_STALE_AFTER_MS } from "../../src/modules/daily/service";
import { dailyPlanJob } from "../../src/modules/daily/worker";
import { startFakeOpenAiServer, type FakeOpenAiServer } from "../fake-openai-server";
import {
  bearer,
  createTestApp,
  setAiUsage,
  signUp,
  testClock,
  testDatabase,
  type SignedUp,
  type TestApp,
} from "../helpers";

const STATUS = "/api/v1/tasks/daily/status";
const GENERATE = "/api/v1/tasks/daily/generate/async";
const statusOf = (id: string) => `/api/v1/tasks/daily/generate/status/${id}`;

async function createTask(t: TestApp, token: string, body: Record<string, unknown>): Promise<TaskJson> {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/v1/tasks",
    headers: bearer(token),
    payload: body,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as TaskJson;
}

async function getStatus(t: TestApp, token: string): Promise<DailyStatusJson> {
  const response = await t.app.inject({ method: "GET", url: STATUS, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json() as DailyStatusJson;
}

async function generate(t: TestApp, token: string): Promise<string> {
  const response = await t.app.inject({ method: "POST", url: GENERATE, headers: bearer(token) });
  expect(response.statusCode).toBe(202);
  return (response.json() as { request_id: string }).request_id;
}

async function poll(t: TestApp, token: string, id: string): Promise<GenerationStatusJson> {
  const response = await t.app.inject({ method: "GET", url: statusOf(id), headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json() as GenerationStatusJson;
}

const quiet = { warn: () => undefined, error: () => undefined };

/** Runs every queued generation, as the job runner of some instance would. */
async function runWorker(t: TestApp): Promise<void> {
  await runDueJobs(t.deps, [dailyPlanJob], "test-worker", quiet);
}

/** A worker claims the request's job and starts it, then its process dies. */
async function claimAndDie(t: TestApp, requestId: string): Promise<void> {
  const nowIso = t.clock.now().toISOString();
  const job = await claimNextJob(t.deps.db, [DAILY_PLAN_JOB], "dead-worker", nowIso);
  expect(job?.subject).toBe(requestId);
  await markGenerationRunning(t.deps.db, requestId, nowIso);
}

async function setTimezone(t: TestApp, token: string, timezone: string): Promise<void> {
  const response = await t.app.inject({
    method: "POST",
    url: "/auth/timezone",
    headers: bearer(token),
    payload: { timezone },
  });
  expect(response.statusCode).toBe(200);
}

describe("daily plan with the built-in engine", () => {
  let t: TestApp;
  let me: SignedUp;

  beforeEach(async () => {
    t = await createTestApp({ clock: testClock("2026-11-21T10:00:00.000Z") });
    me = await signUp(t);
  });
  afterEach(async () => t.close());

  it("reports no plan, no cache and AI available before anything was generated", async () => {
    const status = await getStatus(t, me.token);
    expect(status).toEqual({
      can_use_llm: true,
      cached_report: null,
      cache_age_hours: null,
      cache_is_valid: false,
      llm_usage_info: { current_usage: 0, usage_limit: 20, usage_percentage: 0 },
    });
  });

  it("queues a generation, runs it, and serves the plan with reasons; one AI use is charged", async () => {
    const overdue = await createTask(t, me.token, {
      title: "Send the invoice",
      priority: "high",
      due_date: "2026-11-19T09:00:00.000Z",
    });
    const today = await createTask(t, me.token, {
      title: "Call the plumber",
      priority: "urgent",
      due_date: "2026-11-21T17:00:00.000Z",
    });
    const someday = await createTask(t, me.token, { title: "Read a book", priority: "low" });
    await createTask(t, me.token, { title: "Already done", status: "completed" });

    const id = await generate(t, me.token);
    expect(await poll(t, me.token, id)).toEqual({ status: "queued", result: null, error: null });

    await runWorker(t);
    const done = await poll(t, me.token, id);
    expect(done.status).toBe("completed");
    expect(done.error).toBeNull();
    const picked = done.result!.llm_prioritized_tasks;
    expect(picked[0]).toMatchObject({ id: overdue.id, title: "Send the invoice" });
    expect(picked[0]!.reason).toMatch(/overdue by 2 days/i);
    expect(picked[1]).toMatchObject({ id: today.id });
    expect(picked[1]!.reason).toMatch(/due today/i);
    const everyId = [...picked, ...done.result!.remaining_tasks].map((task) => task.id);
    expect(everyId).toContain(someday.id);
    expect(everyId).toHaveLength(3); // the completed task is not planned

    const status = await getStatus(t, me.token);
    expect(status.cache_is_valid).toBe(true);
    expect(status.cache_age_hours).toBe(0);
    expect(status.cached_report?.llm_prioritized_tasks.map((task) => task.id)).toEqual(
      picked.map((task) => task.id),
    );
    expect(status.llm_usage_info.current_usage).toBe(1);
  });

  it("gives one job for two generate calls at once, and a new one after it finished", async () => {
    const [first, second] = await Promise.all([generate(t, me.token), generate(t, me.token)]);
    expect(second).toBe(first);
    expect(await generate(t, me.token)).toBe(first);
    await runWorker(t);
    const next = await generate(t, me.token);
    expect(next).not.toBe(first);
  });

  it("reports the cache age in hours and marks it outdated after a task edit", async () => {
    const task = await createTask(t, me.token, { title: "Plan the offsite" });
    await generate(t, me.token);
    await runWorker(t);
    t.clock.advance(2.5 * 3_600_000);
    let status = await getStatus(t, me.token);
    expect(status.cache_age_hours).toBe(2.5);
    expect(status.cache_is_valid).toBe(true);

    t.clock.advance(1_000);
    const edit = await t.app.inject({
      method: "PUT",
      url: `/api/v1/tasks/${task.id}`,
      headers: bearer(me.token),
      payload: { title: "Plan the offsite in Lisbon" },
    });
    expect(edit.statusCode).toBe(200);
    status = await getStatus(t, me.token);
    expect(status.cache_is_valid).toBe(false);
    // The report reads current task objects.
    expect(status.cached_report?.llm_prioritized_tasks[0]?.title).toBe("Plan the offsite in Lisbon");
  });

  it("leaves a task deleted since the report out of it and marks the report outdated", async () => {
    const keep = await createTask(t, me.token, { title: "Keep me" });
    const gone = await createTask(t, me.token, { title: "Delete me" });
    await generate(t, me.token);
    await runWorker(t);
    t.clock.advance(1_000);
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/v1/tasks/${gone.id}`,
      headers: bearer(me.token),
    });
    expect(removed.statusCode).toBe(204);
    const status = await getStatus(t, me.token);
    const ids = [
      ...status.cached_report!.llm_prioritized_tasks,
      ...status.cached_report!.remaining_tasks,
    ].map((task) => task.id);
    expect(ids).toEqual([keep.id]);
    expect(status.cache_is_valid).toBe(false);
  });

  it("treats a report from before local midnight as outdated, in the user's timezone", async () => {
    await setTimezone(t, me.token, "Asia/Tokyo");
    await createTask(t, me.token, { title: "Water the plants" });
    // 23:30 in Tokyo on 21 November
    t.clock.set("2026-11-21T14:30:00.000Z");
    await generate(t, me.token);
    await runWorker(t);
    t.clock.set("2026-11-21T14:59:00.000Z"); // 23:59 in Tokyo
    expect((await getStatus(t, me.token)).cache_is_valid).toBe(true);
    t.clock.set("2026-11-21T15:01:00.000Z"); // 00:01 on the 22nd in Tokyo, still the 21st in UTC
    expect((await getStatus(t, me.token)).cache_is_valid).toBe(false);
  });

  it("refuses to generate with 403 when the monthly quota is used up", async () => {
    await setAiUsage(t.deps.db, me.user.id, 20, "2026-11");
    const response = await t.app.inject({ method: "POST", url: GENERATE, headers: bearer(me.token) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "quota_exceeded" });
    expect((response.json() as { message: string }).message).toMatch(/monthly AI usage limit/);
    const status = await getStatus(t, me.token);
    expect(status.can_use_llm).toBe(false);
    expect(status.llm_usage_info).toEqual({ current_usage: 20, usage_limit: 20, usage_percentage: 100 });
  });

  it("fails a job whose quota ran out while it waited, without charging", async () => {
    await createTask(t, me.token, { title: "Anything" });
    const id = await generate(t, me.token);
    await setAiUsage(t.deps.db, me.user.id, 20, "2026-11");
    await runWorker(t);
    const failed = await poll(t, me.token, id);
    expect(failed.status).toBe("failed");
    expect(failed.error).toMatch(/monthly AI usage limit/);
    expect((await getStatus(t, me.token)).cached_report).toBeNull();
  });

  it("answers another user's request id with 404", async () => {
    const id = await generate(t, me.token);
    const other = await signUp(t);
    const response = await t.app.inject({ method: "GET", url: statusOf(id), headers: bearer(other.token) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "Generation request not found" });
    const unknown = await t.app.inject({
      method: "GET",
      url: statusOf("not-an-id"),
      headers: bearer(me.token),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("needs a token for every daily call", async () => {
    for (const [method, url] of [
      ["GET", STATUS],
      ["POST", GENERATE],
      ["GET", statusOf("x")],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(401);
    }
  });

  it("retries a job left running by a dead process once, then fails it — never running forever", async () => {
    await createTask(t, me.token, { title: "Survive a crash" });
    const first = await generate(t, me.token);
    await claimAndDie(t, first);
    expect((await poll(t, me.token, first)).status).toBe("running");

    t.clock.advance(GENERATION_STALE_AFTER_MS + 1_000);
    await runWorker(t); // recovered: queued again and run to completion
    expect((await poll(t, me.token, first)).status).toBe("completed");

    const second = await generate(t, me.token);
    await claimAndDie(t, second);
    t.clock.advance(GENERATION_STALE_AFTER_MS + 1_000);
    await t.deps.db
      .updateTable("jobs")
      .set({ attempts: 2 })
      .where("kind", "=", DAILY_PLAN_JOB)
      .where("subject", "=", second)
      .execute();
    await runWorker(t);
    const failed = await poll(t, me.token, second);
    expect(failed.status).toBe("failed");
    expect(failed.error).toMatch(/did not finish in time/);
  });
});

describe("daily plan across two server instances on one database", () => {
  let dir: string | undefined;
  let dbA: Db;
  let dbB: Db;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) {
      dbA = await testDatabase();
      dbB = await testDatabase({ reset: false });
    } else {
      dir = mkdtempSync(path.join(tmpdir(), "tasklane-daily-"));
      const file = path.join(dir, "shared.sqlite");
      dbA = createDatabase({ sqlitePath: file });
      await migrateToLatest(dbA);
      dbB = createDatabase({ sqlitePath: file });
    }
    const clock = testClock();
    a = await createTestApp({ db: dbA, clock });
    b = await createTestApp({ db: dbB, clock, mailer: a.mailer });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await dbA.destroy();
    await dbB.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("answers the status poll from the instance that did not take the request", async () => {
    const me = await signUp(a);
    await createTask(a, me.token, { title: "Shared work" });
    const id = await generate(a, me.token);
    expect((await poll(b, me.token, id)).status).toBe("queued");
    await runWorker(b); // instance B's worker claims it
    const done = await poll(a, me.token, id);
    expect(done.status).toBe("completed");
    expect(done.result?.llm_prioritized_tasks[0]?.title).toBe("Shared work");
  });
});

describe("daily plan with an OpenAI-compatible provider", () => {
  let fake: FakeOpenAiServer;
  let t: TestApp;
  let me: SignedUp;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
  });
  afterAll(async () => fake.close());
  beforeEach(async () => {
    fake.reset();
    const env = { AI_BASE_URL: fake.url, AI_TIMEOUT_MS: "2000" };
    t = await createTestApp({ env, ai: createAiProvider(testConfig(env).ai) });
    me = await signUp(t);
  });
  afterEach(async () => t.close());

  it("uses the provider's order and reasons, even when it answers slowly", async () => {
    const first = await createTask(t, me.token, { title: "First" });
    const second = await createTask(t, me.token, { title: "Second" });
    fake.enqueue({
      json: {
        picks: [
          { task_id: second.id, reason: "Blocks the team" },
          { task_id: "no-such-task", reason: "Invented" },
        ],
      },
      delayMs: 300,
    });
    const id = await generate(t, me.token);
    await runWorker(t);
    const done = await poll(t, me.token, id);
    expect(done.status).toBe("completed");
    expect(done.result?.llm_prioritized_tasks).toEqual([
      expect.objectContaining({ id: second.id, reason: "Blocks the team" }),
    ]);
    expect(done.result?.remaining_tasks.map((task) => task.id)).toEqual([first.id]);
    expect((await getStatus(t, me.token)).llm_usage_info.current_usage).toBe(1);
  });

  it("fails the job with a message and charges nothing when the provider fails", async () => {
    await createTask(t, me.token, { title: "Anything" });
    fake.enqueue({ status: 500 }, { status: 500 });
    const id = await generate(t, me.token);
    await runWorker(t);
    const failed = await poll(t, me.token, id);
    expect(failed.status).toBe("failed");
    expect(failed.error).toBeTruthy();
    expect((await getStatus(t, me.token)).llm_usage_info.current_usage).toBe(0);
  });
});
