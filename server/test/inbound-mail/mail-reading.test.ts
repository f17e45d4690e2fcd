import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TaskJson } from "@contract/tasks";
import { bearer, createTestApp, signUp, type SignedUp, type TestApp } from "../helpers";

const SECRET = "test-webhook-secret-0123456789";
const DOMAIN = "tasklane.localhost";

/** A mail written for this test, as a colleague sends it after a meeting. */
const BODY = [
  "Hi,",
  "",
  "A short summary of this morning's planning call.",
  "",
  "The design tool licences expire on December 15th and must be renewed. Jonas will tidy up the supplier list, so no action needed from you.",
  "Marco: get quotes from two printers.",
  "Could you send me the venue shortlist tomorrow morning?",
  "Please go through the onboarding checklist for the two new designers and make sure every account, licence and laptop they need on their first day has been requested from IT.",
  "You don't need to book the room, Priya already did.",
  "",
  "Thanks,",
  "Rita",
];

describe("a realistic mail read by the built-in engine", () => {
  let t: TestApp;
  let me: SignedUp;

  beforeEach(async () => {
    t = await createTestApp({ env: { INBOUND_WEBHOOK_SECRET: SECRET } });
    me = await signUp(t);
  });
  afterEach(async () => t.close());

  it("makes the renewal, Marco's named item, 'tomorrow morning' at 09:00 and whole titles; nothing of negations", async () => {
    const raw = [
      `From: Rita <${me.user.email}>`,
      `To: ${me.user.username}@${DOMAIN}`,
      "Subject: Planning call",
      `Message-ID: <planning-${randomUUID()}@example.com>`,
      "Content-Type: text/plain; charset=utf-8",
      "",
      ...BODY,
    ].join("\r\n");
    const response = await t.app.inject({
      method: "POST",
      url: "/inbound/email",
      headers: { "content-type": "message/rfc822", authorization: `Bearer ${SECRET}` },
      payload: Buffer.from(raw),
    });
    expect(response.statusCode, response.body).toBe(201);
    const list = await t.app.inject({ method: "GET", url: "/api/v1/tasks", headers: bearer(me.token) });
    const tasks = (list.json() as TaskJson[]).map((task) => [task.title, task.due_date]);
    // The test clock's Saturday 21 November 2026, the user in UTC.
    expect(tasks.sort()).toEqual(
      [
        ["Renew the design tool licences", "2026-12-15T23:59:59.000Z"],
        ["Marco: get quotes from two printers", null],
        ["Send Rita the venue shortlist", "2026-11-22T09:00:00.000Z"],
        [
          "Go through the onboarding checklist for the two new designers and make sure every account, licence and laptop they need on their first day has been requested from IT",
          null,
        ],
      ].sort(),
    );
    for (const [title] of tasks) expect(title).not.toContain("…");
  });
});
