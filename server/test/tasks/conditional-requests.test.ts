import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes, pathFor } from "@contract/routes";
import type { TaskJson } from "@contract/tasks";
import { bearer, createTestApp, signUp, type SignedUp, type TestApp } from "../helpers";

/**
 * GET /api/v1/tasks and /stats carry an ETag of the user's task data and answer 304 with no body
 * to a matching If-None-Match; any change to the tasks — through the API or by inbound mail —
 * gives a new tag. The test clock stands still, so every change here falls in one millisecond.
 */

const TASKS = apiRoutes.listTasks.path;
const STATS = apiRoutes.taskStats.path;
const SECRET = "test-webhook-secret-0123456789";
const DOMAIN = "tasklane.localhost";

let t: TestApp;
let me: SignedUp;

beforeAll(async () => {
  t = await createTestApp({ env: { INBOUND_WEBHOOK_SECRET: SECRET } });
  me = await signUp(t);
});
afterAll(async () => t.close());

async function get(url: string, token = me.token, ifNoneMatch?: string) {
  return t.app.inject({
    method: "GET",
    url,
    headers: { ...bearer(token), ...(ifNoneMatch ? { "if-none-match": ifNoneMatch } : {}) },
  });
}

/** The current tag of a call, checking that it is answered 304 with no body when sent back. */
async function currentTag(url: string): Promise<string> {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  const etag = response.headers.etag;
  expect(typeof etag).toBe("string");
  expect(response.headers["cache-control"]).toBe("private, no-cache");
  const again = await get(url, me.token, etag as string);
  expect(again.statusCode).toBe(304);
  expect(again.body).toBe("");
  expect(again.headers.etag).toBe(etag);
  return etag as string;
}

async function create(title: string, extra: Record<string, unknown> = {}): Promise<TaskJson> {
  const response = await t.app.inject({
    method: "POST",
    url: TASKS,
    headers: bearer(me.token),
    payload: { title, ...extra },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as TaskJson;
}

describe("conditional GET of the task list and stats", () => {
  it("answers 304 with no body to the current tag, 200 with the body to any other", async () => {
    await create("Water the plants");
    const list = await currentTag(TASKS);
    const stats = await currentTag(STATS);
    expect(list).not.toBe(stats);
    const stale = await get(TASKS, me.token, 'W/"not-the-current-tag"');
    expect(stale.statusCode).toBe(200);
    expect((stale.json() as TaskJson[]).map((task) => task.title)).toContain("Water the plants");
    // A list of several tags, strong or weak spelling, matches when one of them does.
    const several = await get(TASKS, me.token, `"other", ${list.replace(/^W\//, "")}`);
    expect(several.statusCode).toBe(304);
    // Another filter is another answer.
    expect(await currentTag(`${TASKS}?status=pending`)).not.toBe(list);
  });

  it("gives a new tag after every create, update and delete, even within one millisecond", async () => {
    const seen = new Set<string>([await currentTag(TASKS)]);
    const statsSeen = new Set<string>([await currentTag(STATS)]);
    const expectNew = async () => {
      const list = await currentTag(TASKS);
      const stats = await currentTag(STATS);
      expect(seen.has(list)).toBe(false);
      expect(statsSeen.has(stats)).toBe(false);
      seen.add(list);
      statsSeen.add(stats);
    };
    const task = await create("Call the plumber");
    await expectNew();
    const taskUrl = pathFor(apiRoutes.updateTask.path, { id: task.id });
    for (const status of ["completed", "pending"]) {
      const response = await t.app.inject({
        method: "PUT",
        url: taskUrl,
        headers: bearer(me.token),
        payload: { status },
      });
      expect(response.statusCode).toBe(200);
      await expectNew();
    }
    const deleted = await t.app.inject({ method: "DELETE", url: taskUrl, headers: bearer(me.token) });
    expect(deleted.statusCode).toBe(204);
    await expectNew();
  });

  it("gives a new tag when inbound mail adds tasks", async () => {
    const before = await currentTag(TASKS);
    const statsBefore = await currentTag(STATS);
    const raw = readFileSync(path.join(import.meta.dirname, "..", "fixtures", "mail", "plain.eml"), "latin1")
      .replaceAll("{{FROM}}", me.user.email)
      .replaceAll("{{TO}}", `${me.user.username}@${DOMAIN}`)
      .replaceAll("{{ID}}", `etag-${randomUUID()}`);
    const mail = await t.app.inject({
      method: "POST",
      url: "/inbound/email",
      headers: { "content-type": "message/rfc822", authorization: `Bearer ${SECRET}` },
      payload: Buffer.from(raw, "latin1"),
    });
    expect(mail.statusCode, mail.body).toBe(201);
    const stale = await get(TASKS, me.token, before);
    expect(stale.statusCode).toBe(200);
    expect((stale.json() as TaskJson[]).map((task) => task.title)).toContain("Buy oat milk");
    expect(await currentTag(TASKS)).not.toBe(before);
    expect(await currentTag(STATS)).not.toBe(statsBefore);
  });

  it("gives stats a new tag when a task falls overdue with no change to the tasks", async () => {
    await create("Renew the passport", {
      due_date: new Date(t.clock.now().getTime() + 60_000).toISOString(),
    });
    const list = await currentTag(TASKS);
    const stats = await currentTag(STATS);
    t.clock.advance(120_000);
    expect(await currentTag(TASKS)).toBe(list);
    expect(await currentTag(STATS)).not.toBe(stats);
  });

  it("never answers 304 to another user's tag", async () => {
    const other = await signUp(t);
    const mine = await currentTag(TASKS);
    const response = await get(TASKS, other.token, mine);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});
