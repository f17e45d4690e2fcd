import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TaskJson } from "@contract/tasks";
import { startInboundSmtp, type InboundSmtpListener } from "../../src/modules/inbound-mail/smtp-listener";
import { bearer, createTestApp, setAiUsage, signUp, type SignedUp, type TestApp } from "../helpers";

const SECRET = "test-webhook-secret-0123456789";
const DOMAIN = "tasklane.localhost";
const silent = pino({ level: "silent" });
let messageCounter = 0;

function fixture(name: string, values: { from: string; to: string; id?: string }): Buffer {
  messageCounter += 1;
  const text = readFileSync(path.join(import.meta.dirname, "..", "fixtures", "mail", name), "latin1")
    .replaceAll("{{FROM}}", values.from)
    .replaceAll("{{TO}}", values.to)
    .replaceAll("{{ID}}", values.id ?? `${randomUUID()}-${messageCounter}`);
  return Buffer.from(text, "latin1");
}

async function tasksOf(t: TestApp, token: string): Promise<TaskJson[]> {
  const response = await t.app.inject({ method: "GET", url: "/api/v1/tasks", headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json() as TaskJson[];
}

async function post(t: TestApp, raw: Buffer, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: "POST",
    url: "/inbound/email",
    headers: { "content-type": "message/rfc822", authorization: `Bearer ${SECRET}`, ...headers },
    payload: raw,
  });
}

describe("the inbound e-mail webhook", () => {
  let t: TestApp;
  let me: SignedUp;
  let address: string;

  beforeEach(async () => {
    t = await createTestApp({ env: { INBOUND_WEBHOOK_SECRET: SECRET, INBOUND_MAX_BYTES: "200000" } });
    me = await signUp(t);
    address = `${me.user.username.toUpperCase()}@${DOMAIN}`; // case does not matter
  });
  afterEach(async () => t.close());

  it("is off (404) without a secret and refuses a wrong secret (401)", async () => {
    const off = await createTestApp({ db: t.deps.db });
    const response = await off.app.inject({
      method: "POST",
      url: "/inbound/email",
      headers: { "content-type": "message/rfc822" },
      payload: "Subject: hi\r\n\r\nbody",
    });
    expect(response.statusCode).toBe(404);
    await off.close();
    const wrong = await post(t, fixture("plain.eml", { from: me.user.email, to: address }), {
      authorization: "Bearer nope",
    });
    expect(wrong.statusCode).toBe(401);
    expect(await tasksOf(t, me.token)).toEqual([]);
  });

  it("turns a plain-text mail from the owner into tasks tagged 'email' with an AI source", async () => {
    const response = await post(t, fixture("plain.eml", { from: me.user.email, to: address }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ status: "created", tasks_created: 2 });
    const tasks = await tasksOf(t, me.token);
    const titles = tasks.map((task) => task.title).sort();
    expect(titles).toEqual(["Buy oat milk", "Pick up the dry cleaning"]);
    for (const task of tasks) {
      expect(task.tags).toContain("email");
      expect(task.source).toEqual({ type: "Llm", origin: "email" });
    }
    expect(tasks.find((task) => task.title === "Buy oat milk")?.priority).toBe("urgent");
    expect(tasks.find((task) => task.title === "Pick up the dry cleaning")?.due_date).not.toBeNull();
    // one AI use per e-mail
    const me2 = await t.app.inject({ method: "GET", url: "/auth/me", headers: bearer(me.token) });
    expect((me2.json() as { llm_usage_count: number }).llm_usage_count).toBe(1);
  });

  it("reads an HTML-only mail as text", async () => {
    const response = await post(t, fixture("html-only.eml", { from: me.user.email, to: address }));
    expect(response.statusCode).toBe(201);
    const titles = (await tasksOf(t, me.token)).map((task) => task.title).sort();
    expect(titles).toEqual(["Email the beta testers", "Update the pricing page"]);
  });

  it("takes the forwarded message of a Gmail-style forward", async () => {
    await post(t, fixture("forwarded-gmail.eml", { from: me.user.email, to: address }));
    const titles = (await tasksOf(t, me.token)).map((task) => task.title).sort();
    expect(titles).toEqual(["Send the purchase order number", "Sign the renewal form"]);
  });

  it("takes the forwarded message of an Outlook-style forward", async () => {
    await post(t, fixture("forwarded-outlook.eml", { from: me.user.email, to: address }));
    const tasks = await tasksOf(t, me.token);
    expect(tasks.map((task) => task.title).sort()).toEqual([
      "Book the meeting room",
      "Prepare the Q3 numbers",
    ]);
    expect(tasks.find((task) => task.title === "Prepare the Q3 numbers")?.priority).toBe("high");
  });

  it("ignores the quoted history of a reply", async () => {
    await post(t, fixture("reply-quoted.eml", { from: me.user.email, to: address }));
    const titles = (await tasksOf(t, me.token)).map((task) => task.title);
    expect(titles).toEqual(["Reserve the train tickets"]);
  });

  it("notes an attachment as a Document source with its filename", async () => {
    await post(t, fixture("attachment.eml", { from: me.user.email, to: address }));
    const [task] = await tasksOf(t, me.token);
    expect(task?.title).toBe("Pay the attached invoice");
    expect(task?.source).toEqual({ type: "Document", origin: "email", filename: "invoice-2026-11.pdf" });
  });

  it("decodes a non-UTF-8 charset", async () => {
    await post(t, fixture("latin1.eml", { from: me.user.email, to: address }));
    const [task] = await tasksOf(t, me.token);
    expect(task?.title).toBe("Réserver le café pour la réunion");
  });

  it("refuses an unknown recipient (404) and a spoofed sender (403), creating nothing", async () => {
    const unknown = await post(t, fixture("plain.eml", { from: me.user.email, to: `nobody-here@${DOMAIN}` }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: "No Tasklane account has this address" });
    const otherDomain = await post(
      t,
      fixture("plain.eml", { from: me.user.email, to: `${me.user.username}@elsewhere.example` }),
    );
    expect(otherDomain.statusCode).toBe(404);
    const spoofed = await post(t, fixture("plain.eml", { from: "mallory@evil.example", to: address }));
    expect(spoofed.statusCode).toBe(403);
    expect(await tasksOf(t, me.token)).toEqual([]);
  });

  it("accepts any sender with INBOUND_SENDER_POLICY=any", async () => {
    const open = await createTestApp({
      env: { INBOUND_WEBHOOK_SECRET: SECRET, INBOUND_SENDER_POLICY: "any" },
    });
    const user = await signUp(open);
    const response = await post(
      open,
      fixture("plain.eml", { from: "friend@example.org", to: `${user.user.username}@${DOMAIN}` }),
    );
    expect(response.statusCode).toBe(201);
    expect(await tasksOf(open, user.token)).toHaveLength(2);
    await open.close();
  });

  it("makes one task of a forward whose note says 'handle this by Friday': the forwarded request, due Friday", async () => {
    const raw = [
      `From: Ada <${me.user.email}>`,
      `To: ${address}`,
      "Subject: Fwd: Parking permit renewal",
      `Message-ID: <forward-note-${randomUUID()}@example.com>`,
      "Content-Type: text/plain; charset=utf-8",
      "",
      "Please handle this one by Friday, it is urgent.",
      "",
      "---------- Forwarded message ---------",
      "From: Parking Office <permits@council.example>",
      "Date: Mon, 16 Nov 2026 at 09:00",
      "Subject: Parking permit renewal",
      `To: Ada <${me.user.email}>`,
      "",
      "Dear resident,",
      "",
      "Please renew your parking permit before it expires.",
      "",
      "Parking Office",
    ].join("\r\n");
    expect((await post(t, Buffer.from(raw))).statusCode).toBe(201);
    const tasks = await tasksOf(t, me.token);
    // The clock's Saturday 21 November: "by Friday" is the end of Friday the 27th.
    expect(tasks.map((task) => [task.title, task.due_date])).toEqual([
      ["Renew your parking permit", "2026-11-27T23:59:59.000Z"],
    ]);
    expect(tasks[0]?.description).toMatch(
      /^Forwarded message from Parking Office <permits@council\.example>/,
    );
  });

  it("creates the tasks of a message delivered twice only once", async () => {
    const raw = fixture("plain.eml", { from: me.user.email, to: address, id: "same-id" });
    expect((await post(t, raw)).statusCode).toBe(201);
    const again = await post(t, raw);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: "duplicate", tasks_created: 0 });
    expect(await tasksOf(t, me.token)).toHaveLength(2);
  });

  it("refuses an oversized message with 413", async () => {
    const big = Buffer.concat([
      fixture("plain.eml", { from: me.user.email, to: address }),
      Buffer.alloc(300_000, "a"),
    ]);
    const response = await post(t, big);
    expect(response.statusCode).toBe(413);
    expect(await tasksOf(t, me.token)).toEqual([]);
  });

  it("makes one task titled by the subject when nothing else is found (no AI quota left)", async () => {
    await setAiUsage(t.deps.db, me.user.id, 20, "2026-11");
    await post(t, fixture("prose.eml", { from: me.user.email, to: address }));
    const [task] = await tasksOf(t, me.token);
    expect(task?.title).toBe("Dentist appointment confirmation");
    expect(task?.description).toBe("Your appointment is confirmed for next Tuesday at 9 am.");
    expect(task?.tags).toEqual(["email"]);
    expect(task?.source.type).toBe("Manual");
  });

  it("survives junk, empty bodies and huge HTML without a 500 or half-written data", async () => {
    const junk = await post(t, Buffer.from([0, 1, 2, 255, 254, 13, 10, 13, 10, 7, 8]), {
      "x-recipient": address,
    });
    expect(junk.statusCode).toBeLessThan(500);
    const empty = await post(
      t,
      Buffer.from(`From: ${me.user.email}\r\nTo: ${address}\r\nSubject: Call mum\r\n\r\n`),
    );
    expect(empty.statusCode).toBe(201);
    const hugeHtml = Buffer.from(
      `From: ${me.user.email}\r\nTo: ${address}\r\nSubject: Newsletter\r\nContent-Type: text/html\r\n\r\n<div>${"<p>TODO: read me</p>".repeat(5_000)}</div>`,
    );
    const huge = await post(t, hugeHtml);
    expect(huge.statusCode).toBeLessThan(500);
    const titles = (await tasksOf(t, me.token)).map((task) => task.title);
    expect(titles).toContain("Call mum");
  });

  it("reads the recipient from the provider's header before To/Cc", async () => {
    const raw = fixture("plain.eml", { from: me.user.email, to: "someone-else@example.org" });
    const response = await post(t, raw, { "x-original-to": address });
    expect(response.statusCode).toBe(201);
  });
});

describe("the inbound SMTP listener", () => {
  let t: TestApp;
  let smtp: InboundSmtpListener;
  let me: SignedUp;

  beforeAll(async () => {
    t = await createTestApp({ env: { INBOUND_MAX_BYTES: "50000" } });
    smtp = await startInboundSmtp(t.deps, silent, { port: 0, host: "127.0.0.1" });
    me = await signUp(t);
  });
  afterAll(async () => {
    await smtp.close();
    await t.close();
  });

  const transport = () =>
    nodemailer.createTransport({ host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true });

  it("turns real mail sent over SMTP into tasks", async () => {
    await transport().sendMail({
      from: me.user.email,
      to: `${me.user.username}@${DOMAIN}`,
      subject: "Weekend",
      text: "TODO: Fix the bike #high\nTODO: Call grandma",
    });
    const titles = (await tasksOf(t, me.token)).map((task) => task.title).sort();
    expect(titles).toEqual(["Call grandma", "Fix the bike"]);
  });

  it("refuses an unknown recipient at RCPT with 550", async () => {
    await expect(
      transport().sendMail({ from: me.user.email, to: `ghost@${DOMAIN}`, subject: "x", text: "TODO: y" }),
    ).rejects.toMatchObject({ responseCode: 550 });
  });

  it("refuses a message over the size limit with 552", async () => {
    await expect(
      transport().sendMail({
        from: me.user.email,
        to: `${me.user.username}@${DOMAIN}`,
        subject: "big",
        text: "x".repeat(80_000),
      }),
    ).rejects.toMatchObject({ responseCode: 552 });
  });

  it("refuses a spoofed sender with 550 and creates nothing", async () => {
    const before = (await tasksOf(t, me.token)).length;
    await expect(
      transport().sendMail({
        from: "mallory@evil.example",
        to: `${me.user.username}@${DOMAIN}`,
        subject: "x",
        text: "TODO: pay mallory",
      }),
    ).rejects.toMatchObject({ responseCode: 550 });
    expect(await tasksOf(t, me.token)).toHaveLength(before);
  });
});

describe("the inbound SMTP listener with a certificate", () => {
  it("offers STARTTLS and accepts mail over it", async () => {
    const tlsDir = path.join(import.meta.dirname, "..", "fixtures", "tls");
    const t = await createTestApp({
      env: {
        INBOUND_TLS_KEY: path.join(tlsDir, "localhost.key"),
        INBOUND_TLS_CERT: path.join(tlsDir, "localhost.crt"),
      },
    });
    const smtp = await startInboundSmtp(t.deps, silent, { port: 0, host: "127.0.0.1" });
    try {
      const me = await signUp(t);
      const transport = nodemailer.createTransport({
        host: "127.0.0.1",
        port: smtp.port,
        secure: false,
        requireTLS: true, // fails unless the server offers STARTTLS
        tls: { rejectUnauthorized: false },
      });
      const info = await transport.sendMail({
        from: me.user.email,
        to: `${me.user.username}@${DOMAIN}`,
        subject: "Secure",
        text: "TODO: Renew the passport",
      });
      expect(info.accepted).toHaveLength(1);
      expect((await tasksOf(t, me.token)).map((task) => task.title)).toEqual(["Renew the passport"]);
    } finally {
      await smtp.close();
      await t.close();
    }
  });
});
