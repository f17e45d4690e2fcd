import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EventTicket } from "@contract/integrations";
import type { TaskJson } from "@contract/tasks";
import { isPostgres } from "../../src/db/database";
import { setDisabledAt } from "../../src/modules/auth/sign-in-control-repository";
import { endLiveStreams } from "../../src/modules/live-updates";
import { HEARTBEAT_MS } from "../../src/modules/live-updates/routes";
import { bearer, createTestApp, signUp, type TestApp } from "../helpers";
import { openEventStream, type EventStream } from "./event-stream";

/**
 * What `npm run admin -- disable-user` does from a process of its own, which shares only the
 * database with the server: it marks the account disabled and announces the end of its streams,
 * which reaches this server only through PostgreSQL's NOTIFY. On SQLite the CLI's announcement
 * stays in the CLI's process, so here only the write is made. (Importing a fresh copy of the
 * modules instead would leave a second set of the contract's schemas behind for the test files
 * after this one: the server suite shares its modules between files.)
 */
async function disableFromAnotherProcess(t: TestApp, userId: string): Promise<void> {
  await setDisabledAt(t.deps.db, userId, t.clock.now().toISOString());
  if (isPostgres(t.deps.db)) await endLiveStreams(t.deps.db, userId, { allBut: null });
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

    await disableFromAnotherProcess(t, owner.user.id);
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
