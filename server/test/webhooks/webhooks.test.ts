import { Webhook as StandardWebhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Webhook, WebhookCreated } from "@contract/integrations";
import type { NotificationList } from "@contract/notifications";
import type { TaskJson } from "@contract/tasks";
import { runDueJobs } from "../../src/jobs/runner";
import { WEBHOOK_RETRY_DELAYS_MS } from "../../src/modules/webhooks/service";
import { jobKinds } from "../../src/services";
import { bearer, createTestApp, signUp, testClock, type SignedUp, type TestApp } from "../helpers";
import { startReceiver } from "./receiver";

const quiet = { warn: () => undefined, error: () => undefined };
const ALLOW_PRIVATE = { WEBHOOK_ALLOW_PRIVATE: "true" };

function runJobs(t: TestApp): Promise<number> {
  return runDueJobs(t.deps, jobKinds, "test-worker", quiet);
}

async function register(t: TestApp, user: SignedUp, url: string, events: string[]) {
  return t.app.inject({
    method: "POST",
    url: "/api/v1/webhooks",
    headers: bearer(user.token),
    payload: { url, events },
  });
}

async function createTask(t: TestApp, user: SignedUp, title: string): Promise<TaskJson> {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/v1/tasks",
    headers: bearer(user.token),
    payload: { title },
  });
  return response.json<TaskJson>();
}

async function webhooksOf(t: TestApp, user: SignedUp): Promise<Webhook[]> {
  return (await t.app.inject({ method: "GET", url: "/api/v1/webhooks", headers: bearer(user.token) })).json<
    Webhook[]
  >();
}

describe("webhooks", () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => receiver.close());
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.answer(200);
  });

  describe("signed deliveries", () => {
    let t: TestApp;
    let user: SignedUp;

    beforeAll(async () => {
      // The reference library checks the timestamp against the real time.
      // eslint-disable-next-line no-restricted-syntax -- see above
      t = await createTestApp({ env: ALLOW_PRIVATE, clock: testClock(new Date()) });
      user = await signUp(t);
    });
    afterAll(async () => t.close());

    it("registers a hook with a Standard Webhooks secret shown once", async () => {
      const response = await register(t, user, receiver.url, ["task.created"]);
      expect(response.statusCode).toBe(201);
      const created = response.json<WebhookCreated>();
      expect(created).toMatchObject({ url: receiver.url, events: ["task.created"] });
      expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const listed = await webhooksOf(t, user);
      expect(listed.find((hook) => hook.id === created.id)).toMatchObject({
        url: receiver.url,
        disabled_at: null,
        deliveries: [],
      });
      expect(JSON.stringify(listed)).not.toContain(created.secret);
      await t.app.inject({
        method: "DELETE",
        url: `/api/v1/webhooks/${created.id}`,
        headers: bearer(user.token),
      });
    });

    it("answers 400 for a bad URL or event, and 404 deleting another user's hook", async () => {
      expect((await register(t, user, "ftp://example.com/x", ["task.created"])).statusCode).toBe(400);
      const badEvent = await register(t, user, receiver.url, ["task.exploded"]);
      expect(badEvent.statusCode).toBe(400);
      expect(badEvent.json<{ message: string }>().message).toContain("events");
      expect((await register(t, user, receiver.url, [])).statusCode).toBe(400);
      const mine = (await register(t, user, receiver.url, ["task.deleted"])).json<WebhookCreated>();
      const stranger = await signUp(t);
      const foreign = await t.app.inject({
        method: "DELETE",
        url: `/api/v1/webhooks/${mine.id}`,
        headers: bearer(stranger.token),
      });
      expect(foreign.statusCode).toBe(404);
      expect((await webhooksOf(t, stranger)).length).toBe(0);
      await t.app.inject({
        method: "DELETE",
        url: `/api/v1/webhooks/${mine.id}`,
        headers: bearer(user.token),
      });
    });

    it("sends each subscribed event, signed so the reference library verifies it", async () => {
      const hook = (
        await register(t, user, receiver.url, ["task.created", "task.completed", "task.deleted"])
      ).json<WebhookCreated>();
      const task = await createTask(t, user, "Water the plants");
      await t.app.inject({
        method: "PUT",
        url: `/api/v1/tasks/${task.id}`,
        headers: bearer(user.token),
        payload: { title: "Water all plants" },
      });
      await t.app.inject({
        method: "PUT",
        url: `/api/v1/tasks/${task.id}`,
        headers: bearer(user.token),
        payload: { status: "completed" },
      });
      await t.app.inject({ method: "DELETE", url: `/api/v1/tasks/${task.id}`, headers: bearer(user.token) });
      expect(await runJobs(t)).toBe(3);

      const verifier = new StandardWebhook(hook.secret);
      const payloads = receiver.received.map((delivery) => {
        const headers = {
          "webhook-id": String(delivery.headers["webhook-id"]),
          "webhook-timestamp": String(delivery.headers["webhook-timestamp"]),
          "webhook-signature": String(delivery.headers["webhook-signature"]),
        };
        return verifier.verify(delivery.body, headers) as {
          type: string;
          data: { id: string; status?: string };
        };
      });
      expect(payloads.map((payload) => payload.type).sort()).toEqual([
        "task.completed",
        "task.created",
        "task.deleted",
      ]);
      expect(payloads.find((payload) => payload.type === "task.completed")?.data).toMatchObject({
        id: task.id,
        title: "Water all plants",
        status: "completed",
      });
      expect(payloads.find((payload) => payload.type === "task.deleted")?.data).toEqual({ id: task.id });

      // A signature made with another secret, or over another body, is refused.
      const [first] = receiver.received;
      const forged = new StandardWebhook(`whsec_${Buffer.alloc(32, 7).toString("base64")}`);
      const headers = Object.fromEntries(
        ["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => [
          name,
          String(first!.headers[name]),
        ]),
      );
      expect(() => forged.verify(first!.body, headers)).toThrow();
      expect(() => verifier.verify(`${first!.body} `, headers)).toThrow();

      const log = (await webhooksOf(t, user)).find((entry) => entry.id === hook.id)!;
      expect(log.deliveries).toHaveLength(3);
      expect(
        log.deliveries.every(
          (delivery) => delivery.status === "delivered" && delivery.response_status === 200,
        ),
      ).toBe(true);
      await t.app.inject({
        method: "DELETE",
        url: `/api/v1/webhooks/${hook.id}`,
        headers: bearer(user.token),
      });
    });

    it("delivers the tasks of an import too, and nothing for another user's changes", async () => {
      const hook = (await register(t, user, receiver.url, ["task.created"])).json<WebhookCreated>();
      const stranger = await signUp(t);
      await createTask(t, stranger, "Not for this hook");
      const form = new FormData();
      form.append("file", new Blob(["Buy milk\nCall the bank\n"], { type: "text/plain" }), "todo.txt");
      const upload = new Request("http://localhost/", { method: "POST", body: form });
      const imported = await t.app.inject({
        method: "POST",
        url: "/api/v1/import",
        headers: { ...bearer(user.token), "content-type": upload.headers.get("content-type")! },
        payload: Buffer.from(await upload.arrayBuffer()),
      });
      expect(imported.statusCode).toBe(200);
      await runJobs(t);
      const titles = receiver.received.map(
        (delivery) => (JSON.parse(delivery.body) as { data: TaskJson }).data.title,
      );
      expect(titles.sort()).toEqual(["Buy milk", "Call the bank"]);
      await t.app.inject({
        method: "DELETE",
        url: `/api/v1/webhooks/${hook.id}`,
        headers: bearer(user.token),
      });
    });
  });

  describe("retries and disabling", () => {
    let t: TestApp;
    let user: SignedUp;

    beforeAll(async () => {
      t = await createTestApp({ env: ALLOW_PRIVATE });
      user = await signUp(t);
    });
    afterAll(async () => t.close());

    it("retries a failing delivery with growing pauses for about a day, then gives it up", async () => {
      const hook = (await register(t, user, receiver.url, ["task.created"])).json<WebhookCreated>();
      receiver.answer(500);
      await createTask(t, user, "Retried");
      expect(await runJobs(t)).toBe(1);
      for (const delay of WEBHOOK_RETRY_DELAYS_MS) {
        t.clock.advance(delay - 1_000);
        expect(await runJobs(t), `nothing before the ${delay} ms pause is over`).toBe(0);
        t.clock.advance(1_000);
        expect(await runJobs(t)).toBe(1);
      }
      t.clock.advance(48 * 3_600_000);
      expect(await runJobs(t)).toBe(0);

      expect(receiver.received).toHaveLength(WEBHOOK_RETRY_DELAYS_MS.length + 1);
      // Every retry sends the same message: same id, same body.
      expect(new Set(receiver.received.map((delivery) => delivery.headers["webhook-id"])).size).toBe(1);
      expect(new Set(receiver.received.map((delivery) => delivery.body)).size).toBe(1);
      const [delivery] = (await webhooksOf(t, user)).find((entry) => entry.id === hook.id)!.deliveries;
      expect(delivery).toMatchObject({
        status: "failed",
        attempts: 8,
        response_status: 500,
        last_error: "Answered HTTP 500",
      });
      await t.app.inject({
        method: "DELETE",
        url: `/api/v1/webhooks/${hook.id}`,
        headers: bearer(user.token),
      });
    });

    it("disables a hook failing for 3 days, tells its owner once, and sends it nothing more", async () => {
      const hook = (await register(t, user, receiver.url, ["task.created"])).json<WebhookCreated>();
      receiver.answer(503);
      await createTask(t, user, "First failure");
      await runJobs(t);
      t.clock.advance(2 * 24 * 3_600_000);
      await createTask(t, user, "Still failing");
      await runJobs(t);
      expect((await webhooksOf(t, user)).find((entry) => entry.id === hook.id)?.disabled_at).toBeNull();

      t.clock.advance(24 * 3_600_000);
      await createTask(t, user, "Three days on");
      await runJobs(t);
      const disabled = (await webhooksOf(t, user)).find((entry) => entry.id === hook.id)!;
      expect(disabled.disabled_at).toBe(t.clock.now().toISOString());
      const bell = (
        await t.app.inject({ method: "GET", url: "/api/v1/notifications", headers: bearer(user.token) })
      ).json<NotificationList>();
      const notices = bell.items.filter((item) => item.kind === "webhook_disabled");
      expect(notices).toHaveLength(1);
      expect(notices[0]!.text).toContain(receiver.url);

      const before = receiver.received.length;
      receiver.answer(200);
      await createTask(t, user, "After disabling");
      t.clock.advance(24 * 3_600_000);
      await runJobs(t);
      expect(receiver.received.length).toBe(before);
      await t.app.inject({
        method: "DELETE",
        url: `/api/v1/webhooks/${hook.id}`,
        headers: bearer(user.token),
      });
    });

    it("keeps a hook that recovers: a success ends its run of failures", async () => {
      const hook = (await register(t, user, receiver.url, ["task.created"])).json<WebhookCreated>();
      receiver.answer(500);
      await createTask(t, user, "Fails first");
      await runJobs(t);
      receiver.answer(204);
      t.clock.advance(WEBHOOK_RETRY_DELAYS_MS[0]);
      await runJobs(t);
      receiver.answer(500);
      t.clock.advance(3 * 24 * 3_600_000);
      await createTask(t, user, "Fails once after recovering");
      await runJobs(t);
      const entry = (await webhooksOf(t, user)).find((webhook) => webhook.id === hook.id)!;
      expect(entry.disabled_at).toBeNull();
      expect(entry.deliveries.map((delivery) => delivery.status)).toEqual(["pending", "delivered"]);
      await t.app.inject({
        method: "DELETE",
        url: `/api/v1/webhooks/${hook.id}`,
        headers: bearer(user.token),
      });
    });
  });

  describe("the delivery log", () => {
    it("keeps a month of finished deliveries", async () => {
      const t = await createTestApp({ env: ALLOW_PRIVATE });
      try {
        const user = await signUp(t);
        const hook = (await register(t, user, receiver.url, ["task.created"])).json<WebhookCreated>();
        await createTask(t, user, "Old news");
        await runJobs(t);
        t.clock.advance(29 * 24 * 3_600_000);
        await createTask(t, user, "Recent");
        await runJobs(t);
        expect((await webhooksOf(t, user))[0]!.deliveries).toHaveLength(2);
        t.clock.advance(2 * 24 * 3_600_000);
        // The session made a month ago has run out: sign in again.
        const login = await t.app.inject({
          method: "POST",
          url: "/auth/login",
          payload: { email: user.user.email, password: user.password },
        });
        const again = { ...user, token: login.json<{ token: string }>().token };
        await createTask(t, again, "Today");
        await runJobs(t);
        const log = (await webhooksOf(t, again)).find((entry) => entry.id === hook.id)!.deliveries;
        expect(log.map((delivery) => delivery.created_at)).toEqual([
          t.clock.now().toISOString(),
          new Date(t.clock.now().getTime() - 2 * 24 * 3_600_000).toISOString(),
        ]);
      } finally {
        await t.close();
      }
    });
  });

  describe("the private-address guard", () => {
    it("refuses loopback and private addresses at registration unless WEBHOOK_ALLOW_PRIVATE is on", async () => {
      const t = await createTestApp();
      try {
        const user = await signUp(t);
        for (const url of [
          receiver.url,
          "http://localhost:9/hook",
          "http://10.1.2.3/hook",
          "http://[::1]/hook",
          "http://169.254.169.254/latest",
        ]) {
          const response = await register(t, user, url, ["task.created"]);
          expect(response.statusCode, url).toBe(400);
          expect(response.json()).toMatchObject({ code: "private_address" });
        }
      } finally {
        await t.close();
      }
    });

    it("checks again at delivery: a hook whose address is not allowed any more gets nothing", async () => {
      const allowing = await createTestApp({ env: ALLOW_PRIVATE });
      const guarded = await createTestApp({ db: allowing.deps.db, clock: allowing.clock });
      try {
        const user = await signUp(allowing);
        const hook = (await register(allowing, user, receiver.url, ["task.created"])).json<WebhookCreated>();
        await createTask(allowing, user, "Guarded");
        expect(await runJobs(guarded)).toBe(1);
        expect(receiver.received).toHaveLength(0);
        const [delivery] = (await webhooksOf(allowing, user)).find(
          (entry) => entry.id === hook.id,
        )!.deliveries;
        expect(delivery).toMatchObject({ status: "pending", attempts: 1, response_status: null });
        expect(delivery!.last_error).toMatch(/^Refused: 127\.0\.0\.1 is a private or local address/);
      } finally {
        await guarded.close();
        await allowing.close();
      }
    });
  });
});
