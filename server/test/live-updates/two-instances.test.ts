import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventTicket, WebhookCreated } from "@contract/integrations";
import type { TaskJson } from "@contract/tasks";
import { createDatabase, migrateToLatest, type Db } from "../../src/db/database";
import { runDueJobs } from "../../src/jobs/runner";
import { jobKinds } from "../../src/services";
import { bearer, createTestApp, signUp, testClock, testDatabase, type TestApp } from "../helpers";
import { startReceiver } from "../webhooks/receiver";
import { openEventStream } from "./event-stream";

const quiet = { warn: () => undefined, error: () => undefined };

/**
 * Two server instances on one database, each with its own connections (on PostgreSQL, each its
 * own pool and its own LISTEN connection): a change made through either reaches the live-update
 * streams open on both, and each webhook delivery is sent once, whichever runners race for it.
 */
describe("live updates and webhooks with two server instances on one database", () => {
  let dir: string | undefined;
  let databases: Db[];
  let first: TestApp;
  let second: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    if (process.env.TEST_DATABASE_URL) {
      databases = [await testDatabase(), await testDatabase({ reset: false })];
    } else {
      dir = mkdtempSync(path.join(os.tmpdir(), "tasklane-live-"));
      const file = path.join(dir, "shared.sqlite");
      databases = [createDatabase({ sqlitePath: file }), createDatabase({ sqlitePath: file })];
      await migrateToLatest(databases[0]!);
    }
    const clock = testClock();
    const env = { WEBHOOK_ALLOW_PRIVATE: "true" };
    first = await createTestApp({ db: databases[0], clock, env });
    second = await createTestApp({ db: databases[1], clock, env });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    for (const db of databases ?? []) await db.destroy();
    await receiver?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it(
    "streams each change to both instances and delivers each webhook once",
    { timeout: 30_000 },
    async () => {
      const user = await signUp(first);
      const hook = await first.app.inject({
        method: "POST",
        url: "/api/v1/webhooks",
        headers: bearer(user.token),
        payload: { url: receiver.url, events: ["task.created", "task.updated", "task.deleted"] },
      });
      expect(hook.json<WebhookCreated>().events).toHaveLength(3);

      const urls = [
        await first.app.listen({ port: 0, host: "127.0.0.1" }),
        await second.app.listen({ port: 0, host: "127.0.0.1" }),
      ];
      // A ticket issued by one instance opens the stream on the other: tickets live in the database.
      const ticket = async (app: TestApp) =>
        (
          await app.app.inject({ method: "POST", url: "/api/v1/events/ticket", headers: bearer(user.token) })
        ).json<EventTicket>().ticket;
      const onFirst = await openEventStream(urls[0]!, await ticket(second));
      const onSecond = await openEventStream(urls[1]!, await ticket(first));
      expect([onFirst.response.statusCode, onSecond.response.statusCode]).toEqual([200, 200]);

      const viaSecond = (
        await second.app.inject({
          method: "POST",
          url: "/api/v1/tasks",
          headers: bearer(user.token),
          payload: { title: "Both see it" },
        })
      ).json<TaskJson>();
      await Promise.all(
        [onFirst, onSecond].map((stream) => stream.waitFor((event) => event.id === viaSecond.id)),
      );
      await first.app.inject({
        method: "PUT",
        url: `/api/v1/tasks/${viaSecond.id}`,
        headers: bearer(user.token),
        payload: { title: "Both see this too" },
      });
      await second.app.inject({
        method: "DELETE",
        url: `/api/v1/tasks/${viaSecond.id}`,
        headers: bearer(user.token),
      });
      for (const stream of [onFirst, onSecond]) {
        await stream.waitFor((event) => event.type === "deleted");
        expect(stream.events).toEqual([
          { type: "created", id: viaSecond.id },
          { type: "updated", id: viaSecond.id },
          { type: "deleted", id: viaSecond.id },
        ]);
      }

      // Both instances' runners race for the three deliveries, several passes each.
      for (let pass = 0; pass < 3; pass += 1) {
        await Promise.all([
          runDueJobs(first.deps, jobKinds, "first", quiet),
          runDueJobs(second.deps, jobKinds, "second", quiet),
          runDueJobs(first.deps, jobKinds, "first-again", quiet),
        ]);
      }
      const ids = receiver.received.map((delivery) => String(delivery.headers["webhook-id"]));
      expect(ids).toHaveLength(3);
      expect(new Set(ids).size).toBe(3);
      expect(
        receiver.received.map((delivery) => (JSON.parse(delivery.body) as { type: string }).type).sort(),
      ).toEqual(["task.created", "task.deleted", "task.updated"]);

      // Closing an instance ends its streams rather than waiting for them.
      await first.app.close();
      await onFirst.ended;
      onSecond.close();
    },
  );
});
