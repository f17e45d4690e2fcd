import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EventTicket } from "@contract/integrations";
import type { TaskJson } from "@contract/tasks";
import { isPostgres } from "../../src/db/database";
import { HEARTBEAT_MS } from "../../src/modules/live-updates/routes";
import { bearer, createTestApp, signUp, type TestApp } from "../helpers";
import { openEventStream, type EventStream } from "./event-stream";

/**
 * `npm run admin -- disable-user` as the CLI runs it: a process of its own, which shares only the
 * database with the server. A fresh copy of the modules has none of the server's memory, so on
 * SQLite its in-process announcement reaches no stream, as from the real CLI.
 */
async function disableFromAnotherProcess(t: TestApp, email: string): Promise<void> {
  vi.resetModules();
  const { runAdminCommand } = await import("../../src/modules/auth/admin-commands");
  const quiet = { info: () => undefined, error: () => undefined };
  const code = await runAdminCommand(
    { db: t.deps.db, config: t.deps.config, now: t.clock.now() },
    ["disable-user", email],
    quiet,
  );
  expect(code).toBe(0);
}

describe("a disabled account's open live-update streams", () => {
  let t: TestApp;
  let baseUrl: string;
  beforeEach(async () => {
    // Only the heartbeat's interval is faked: sockets and the database keep their real timers.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    t = await createTestApp();
    baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await t.close();
  });

  async function streamOf(headers: { authorization: string }) {
    const response = await t.app.inject({ method: "POST", url: "/api/v1/events/ticket", headers });
    return openEventStream(baseUrl, response.json<EventTicket>().ticket);
  }

  /** Creates a task as `token`'s user and waits for its event on `stream`. */
  async function expectStreamed(stream: EventStream, token: string, title: string) {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/v1/tasks",
      headers: bearer(token),
      payload: { title },
    });
    const { id } = created.json<TaskJson>();
    await stream.waitFor((event) => event.type === "created" && event.id === id);
  }

  it("end by the next heartbeat when the admin CLI disables the account, sessions' and tokens' alike", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const token = (
      await t.app.inject({
        method: "POST",
        url: "/api/v1/tokens",
        headers: bearer(owner.token),
        payload: { name: "dashboard", scope: "read" },
      })
    ).json<{ token: string }>().token;
    const bySession = await streamOf(bearer(owner.token));
    const byToken = await streamOf(bearer(token));
    const othersStream = await streamOf(bearer(other.token));
    let ended = 0;
    for (const stream of [bySession, byToken]) void stream.ended.then(() => (ended += 1));

    await disableFromAnotherProcess(t, owner.user.email);
    // PostgreSQL's NOTIFY reaches this process at once; SQLite's announcement stayed in the CLI's.
    if (!isPostgres(t.deps.db)) expect(ended).toBe(0);

    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    await Promise.all([bySession.ended, byToken.ended]);
    await expectStreamed(othersStream, other.token, "Still live");
    othersStream.close();
  });

  it("go on through their heartbeats while the account is in use", async () => {
    const owner = await signUp(t);
    const stream = await streamOf(bearer(owner.token));
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    await expectStreamed(stream, owner.token, "After one heartbeat");
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    await expectStreamed(stream, owner.token, "After two heartbeats");
    stream.close();
  });
});
