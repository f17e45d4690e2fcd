import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "@contract/routes";
import { taskJsonSchema, type TaskJson } from "@contract/tasks";
import {
  bearer,
  createTestApp,
  latestVerificationCode,
  signUp,
  type SignedUp,
  type TestApp,
} from "../helpers";

/**
 * The NUL character (U+0000) is refused where text enters, with a 400 naming the field, whatever
 * the database: SQLite would store it, PostgreSQL cannot (text columns refuse it).
 */
const NUL = "\u0000";
const SECRET = "nul-webhook-secret-0123456789";

let t: TestApp;
let me: SignedUp;
let headers: { authorization: string };
let taskId: string;

beforeAll(async () => {
  t = await createTestApp({ env: { INBOUND_WEBHOOK_SECRET: SECRET, INBOUND_SENDER_POLICY: "any" } });
  me = await signUp(t);
  headers = bearer(me.token);
  const created = await t.app.inject({
    method: "POST",
    url: apiRoutes.createTask.path,
    headers,
    payload: { title: "Clean task" },
  });
  taskId = taskJsonSchema.parse(created.json()).id;
});
afterAll(async () => {
  await t?.close();
});

function expectRefused(response: { statusCode: number; body: string; json(): unknown }, field: string) {
  expect(response.statusCode, response.body).toBe(400);
  const { message } = response.json() as { message: string };
  expect(message.toLowerCase()).toContain(field);
  expect(message).toMatch(/NUL/);
}

describe("text holding a NUL character", () => {
  const taskFields: [string, Record<string, unknown>][] = [
    ["title", { title: `Pay${NUL}rent` }],
    ["description", { title: "Pay rent", description: `first${NUL}second` }],
    ["tags", { title: "Pay rent", tags: ["home", `bills${NUL}`] }],
    ["origin", { title: "Pay rent", source: { type: "Llm", origin: `email${NUL}` } }],
    ["filename", { title: "Pay rent", source: { type: "Document", filename: `a${NUL}.pdf` } }],
  ];

  for (const [field, payload] of taskFields) {
    it(`refuses a task whose ${field} holds one, naming ${field}`, async () => {
      const response = await t.app.inject({
        method: "POST",
        url: apiRoutes.createTask.path,
        headers,
        payload,
      });
      expectRefused(response, field);
    });
  }

  for (const [field, payload] of [
    ["title", { title: `x${NUL}` }],
    ["description", { description: NUL }],
    ["tags", { tags: [NUL] }],
  ] as const) {
    it(`refuses a task update whose ${field} holds one`, async () => {
      const response = await t.app.inject({
        method: "PUT",
        url: `/api/v1/tasks/${taskId}`,
        headers,
        payload,
      });
      expectRefused(response, field);
    });
  }

  for (const parameter of ["search", "tags", "status", "priority"]) {
    it(`refuses a task list filtered by ${parameter} holding one`, async () => {
      const response = await t.app.inject({
        method: "GET",
        url: apiRoutes.listTasks.path,
        headers,
        query: { [parameter]: `a${NUL}b` },
      });
      expectRefused(response, parameter);
    });
  }

  for (const field of ["first_name", "last_name"]) {
    it(`refuses a profile ${field} holding one`, async () => {
      const response = await t.app.inject({
        method: "PUT",
        url: apiRoutes.profile.path,
        headers,
        payload: { [field]: `Ada${NUL}` },
      });
      expectRefused(response, field);
    });

    it(`refuses a registration whose ${field} holds one`, async () => {
      const email = `nul-${field}@example.com`;
      await t.app.inject({ method: "POST", url: apiRoutes.sendVerification.path, payload: { email } });
      const response = await t.app.inject({
        method: "POST",
        url: apiRoutes.register.path,
        payload: {
          email,
          verification_code: latestVerificationCode(t.mailer, email),
          username: `nul-${field.replace("_", "-")}`,
          password: "Quiet-Harbor-Lantern",
          [field]: `Ada${NUL}`,
        },
      });
      expectRefused(response, field);
    });
  }

  it("answers 400 to an id holding one, in every call that takes an id", async () => {
    for (const url of [
      "/api/v1/tasks/%00",
      "/api/v1/tasks/a%00b",
      "/api/v1/tasks/daily/generate/status/%00",
    ]) {
      const response = await t.app.inject({ method: "GET", url, headers });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/id must not contain the NUL/);
    }
    for (const method of ["PUT", "DELETE"] as const) {
      const response = await t.app.inject({ method, url: "/api/v1/tasks/%00", headers, payload: {} });
      expect(response.statusCode, method).toBe(400);
    }
  });

  it("refuses extraction content holding one", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: apiRoutes.extractText.path,
      headers,
      payload: { content: `TODO: Call Bob${NUL} tomorrow` },
    });
    expectRefused(response, "content");
  });

  it("turns a mail whose subject and body hold NUL characters into clean tasks", async () => {
    const raw = [
      `From: Someone <someone@example.com>`,
      `To: ${me.user.username}@tasklane.localhost`,
      `Subject: Plans${NUL} for the weekend`,
      `Message-ID: <nul-${randomUUID()}@example.com>`,
      "Content-Type: text/plain; charset=utf-8",
      "",
      `TODO: Fix${NUL} the bike #high`,
      `TODO: Water the plants${NUL}`,
      "",
    ].join("\r\n");
    const response = await t.app.inject({
      method: "POST",
      url: "/inbound/email",
      headers: { "content-type": "message/rfc822", authorization: `Bearer ${SECRET}` },
      payload: Buffer.from(raw, "utf8"),
    });
    expect(response.statusCode, response.body).toBe(201);
    const list = await t.app.inject({
      method: "GET",
      url: apiRoutes.listTasks.path,
      headers,
      query: { tags: "email" },
    });
    const titles = (list.json() as TaskJson[]).map((task) => task.title).sort();
    expect(titles).toEqual(["Fix the bike", "Water the plants"]);
  });
});
