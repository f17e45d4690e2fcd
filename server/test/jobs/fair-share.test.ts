import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NotificationList } from "@contract/notifications";
import { scheduleJob } from "../../src/jobs/repository";
import { runDueJobs, startJobRunner, type JobKind } from "../../src/jobs/runner";
import { jobKinds } from "../../src/services";
import { bearer, createTestApp, signUp, type SignedUp, type TestApp } from "../helpers";
import { startReceiver } from "../webhooks/receiver";

/**
 * One user's slow jobs cannot hold everyone's: the runner runs several jobs at once, no user more
 * than a share of them, network jobs in slots of their own, each job kind within its deadline.
 * Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const quiet = { warn: () => undefined, error: () => undefined };

/** A webhook receiver that answers each delivery after `delayMs`, counting those it holds at once. */
async function startSlowReceiver(delayMs: number) {
  const state = { open: 0, mostOpen: 0, received: 0 };
  const server = createServer((request, response) => {
    state.open += 1;
    state.received += 1;
    state.mostOpen = Math.max(state.mostOpen, state.open);
    request.resume();
    const timer = setTimeout(() => response.end(), delayMs);
    response.on("close", () => {
      clearTimeout(timer);
      state.open -= 1;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/slow`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe("the job runner's fairness", () => {
  let t: TestApp;
  let slow: Awaited<ReturnType<typeof startSlowReceiver>>;
  let fast: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOKS_PER_USER: "50" } });
    slow = await startSlowReceiver(9_000);
    fast = await startReceiver();
  });
  afterAll(async () => {
    await slow.close();
    await fast.close();
    await t.close();
  });

  const post = (user: SignedUp, url: string, payload: object) =>
    t.app.inject({ method: "POST", url, headers: bearer(user.token), payload });

  it("delivers another user's reminder on time while 50 webhooks wait on a receiver that takes 9 s", async () => {
    const flooder = await signUp(t);
    const other = await signUp(t);
    const third = await signUp(t);
    for (let index = 0; index < 50; index += 1) {
      const registered = await post(flooder, "/api/v1/webhooks", {
        url: `${slow.url}/${index}`,
        events: ["task.created"],
      });
      expect(registered.statusCode, registered.body).toBe(201);
    }
    expect(
      (await post(third, "/api/v1/webhooks", { url: fast.url, events: ["task.created"] })).statusCode,
    ).toBe(201);
    // The reminder falls due a minute from now.
    const remindAt = new Date(t.clock.now().getTime() + 60_000).toISOString();
    const due = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const reminded = await post(other, "/api/v1/tasks", {
      title: "Take the pills",
      due_date: due,
      remind_at: remindAt,
    });
    expect(reminded.statusCode, reminded.body).toBe(201);
    // 50 deliveries queued at once.
    expect((await post(flooder, "/api/v1/tasks", { title: "Flood" })).statusCode).toBe(201);

    // The delivery deadline is cut from 15 s to 2 s, so stopping the runner waits no longer than that.
    const kinds = jobKinds.map((kind) => (kind.network ? { ...kind, deadlineMs: 2_000 } : kind));
    const stop = startJobRunner(t.deps, kinds, quiet, {
      pollIntervalMs: 100,
      slots: 1,
      networkSlots: 3,
      perUser: 2,
    });
    try {
      // The flooder's deliveries hold their share of the network slots…
      await expect.poll(() => slow.state.open, { timeout: 5_000 }).toBe(2);
      // …and another user's webhook still goes out at once.
      expect((await post(third, "/api/v1/tasks", { title: "Ping" })).statusCode).toBe(201);
      await expect.poll(() => fast.received.length, { timeout: 3_000 }).toBe(1);

      t.clock.advance(60_000);
      await expect
        .poll(
          async () => {
            const bell = await t.app.inject({
              method: "GET",
              url: "/api/v1/notifications",
              headers: bearer(other.token),
            });
            return bell.json<NotificationList>().items.map((item) => item.text);
          },
          { timeout: 3_000, interval: 100 },
        )
        .toEqual([expect.stringMatching(/^Reminder: Take the pills/)]);
      // The reminder was on time: the flooder never had more than its share running.
      expect(slow.state.mostOpen).toBe(2);
    } finally {
      await stop();
    }
  });

  it("fails a run that passes its kind's deadline, aborting it, and moves on", async () => {
    const aborted: string[] = [];
    const stuck: JobKind = {
      kind: "test_stuck",
      deadlineMs: 200,
      staleAfterMs: 60_000,
      maxAttempts: 3,
      run: (_deps, job, _log, signal) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener("abort", () => {
            aborted.push(job.subject);
            reject(signal.reason as Error);
          });
        }),
    };
    const nowIso = t.clock.now().toISOString();
    await scheduleJob(t.deps.db, { kind: "test_stuck", subject: "s", runAt: nowIso, nowIso });
    expect(await runDueJobs(t.deps, [stuck], "w", quiet)).toBe(1);
    expect(aborted).toEqual(["s"]);
    const [job] = await t.deps.db.selectFrom("jobs").selectAll().where("kind", "=", "test_stuck").execute();
    expect(job).toMatchObject({ status: "queued", attempts: 1 });
    expect(job?.last_error).toMatch(/deadline of 0.2 s/);
  });

  it("caps webhooks and calendar subscriptions per account (WEBHOOKS_PER_USER, CALENDARS_PER_USER)", async () => {
    const capped = await createTestApp({
      db: t.deps.db,
      env: { WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOKS_PER_USER: "2", CALENDARS_PER_USER: "0" },
    });
    try {
      const user = await signUp(capped);
      const register = (index: number) =>
        capped.app.inject({
          method: "POST",
          url: "/api/v1/webhooks",
          headers: bearer(user.token),
          payload: { url: `${fast.url}/${index}`, events: ["task.created"] },
        });
      expect((await register(1)).statusCode).toBe(201);
      expect((await register(2)).statusCode).toBe(201);
      const refused = await register(3);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: "webhook_limit" });
      const calendar = await capped.app.inject({
        method: "POST",
        url: "/api/v1/calendars",
        headers: bearer(user.token),
        payload: { url: "https://calendar.example/team.ics" },
      });
      expect(calendar.statusCode).toBe(400);
      expect(calendar.json()).toMatchObject({ code: "calendar_limit" });
    } finally {
      await capped.close();
    }
  });
});
