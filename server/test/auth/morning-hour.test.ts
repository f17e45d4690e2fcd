import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiRoutes } from "@contract/routes";
import type { TaskJson } from "@contract/tasks";
import { bearer, createTestApp, signUp, type SignedUp, type TestApp } from "../helpers";

const SECRET = "test-webhook-secret-0123456789";
const DOMAIN = "tasklane.localhost";

describe("'morning' is the user's setting", () => {
  let t: TestApp;
  let me: SignedUp;

  beforeEach(async () => {
    t = await createTestApp({ env: { INBOUND_WEBHOOK_SECRET: SECRET } });
    // Saturday 21 November 2026, 11:00 in Berlin.
    t.clock.set("2026-11-21T10:00:00.000Z");
    me = await signUp(t);
    const zone = await t.app.inject({
      method: "POST",
      url: apiRoutes.timezone.path,
      headers: bearer(me.token),
      payload: { timezone: "Europe/Berlin" },
    });
    expect(zone.statusCode, zone.body).toBe(200);
  });
  afterEach(async () => t.close());

  const settings = (payload: object) =>
    t.app.inject({ method: "PUT", url: apiRoutes.settings.path, headers: bearer(me.token), payload });

  const parse = async (text: string) => {
    const response = await t.app.inject({
      method: "POST",
      url: apiRoutes.parseTask.path,
      headers: bearer(me.token),
      payload: { text },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { due_date: string | null }).due_date;
  };

  it("is 9 by default, changes with PUT /auth/settings, and null goes back to 9", async () => {
    expect(me.user).toMatchObject({ morning_hour: 9 });
    const changed = await settings({ morning_hour: 8 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ morning_hour: 8 });
    const reset = await settings({ morning_hour: null });
    expect(reset.json()).toMatchObject({ morning_hour: 9 });
  });

  it.each([24, -1, 8.5, "8"])("refuses %j with a 400 and a message", async (value) => {
    const response = await settings({ morning_hour: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: "morning_hour must be a whole hour from 0 to 23 or null",
    });
  });

  it("quick add reads 'tomorrow morning' at the user's morning; a written hour wins", async () => {
    expect(await parse("Call the printer tomorrow morning")).toBe("2026-11-22T08:00:00.000Z");
    await settings({ morning_hour: 8 });
    // 08:00 in Berlin (UTC+1) on Sunday 22 November.
    expect(await parse("Call the printer tomorrow morning")).toBe("2026-11-22T07:00:00.000Z");
    expect(await parse("Call the printer tomorrow morning at 10")).toBe("2026-11-22T09:00:00.000Z");
  });

  it("mail reading reads 'tomorrow morning' at the user's morning", async () => {
    await settings({ morning_hour: 8 });
    const raw = [
      `From: Rita <${me.user.email}>`,
      `To: ${me.user.username}@${DOMAIN}`,
      "Subject: Shortlist",
      `Message-ID: <morning-${randomUUID()}@example.com>`,
      "Content-Type: text/plain; charset=utf-8",
      "",
      "Hi,",
      "",
      "Could you send me the venue shortlist tomorrow morning?",
      "",
      "Thanks,",
      "Rita",
    ].join("\r\n");
    const response = await t.app.inject({
      method: "POST",
      url: "/inbound/email",
      headers: { "content-type": "message/rfc822", authorization: `Bearer ${SECRET}` },
      payload: Buffer.from(raw),
    });
    expect(response.statusCode, response.body).toBe(201);
    const list = await t.app.inject({ method: "GET", url: "/api/v1/tasks", headers: bearer(me.token) });
    expect((list.json() as TaskJson[]).map((task) => [task.title, task.due_date])).toEqual([
      ["Send Rita the venue shortlist", "2026-11-22T07:00:00.000Z"],
    ]);
  });
});
