import { randomUUID } from "node:crypto";
import { connect } from "node:net";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiRoutes } from "@contract/routes";
import type { TaskJson } from "@contract/tasks";
import { startInboundSmtp } from "../../src/modules/inbound-mail/smtp-listener";
import { bearer, createTestApp, signUp, type SignedUp, type TestApp } from "../helpers";

const SECRET = "flood-webhook-secret-0123456789";
let sequence = 0;

function mail(to: string, lines: string[], subject = "Digest"): Buffer {
  sequence += 1;
  return Buffer.from(
    [
      "From: Someone <someone@example.com>",
      `To: ${to}`,
      `Subject: ${subject}`,
      `Message-ID: <flood-${randomUUID()}-${sequence}@example.com>`,
      "Content-Type: text/plain; charset=utf-8",
      "",
      ...lines,
      "",
    ].join("\r\n"),
  );
}

const todoLines = (count: number, label: string) =>
  Array.from({ length: count }, (_, i) => `TODO: ${label} item ${i + 1}`);

describe("a flood of tasks from e-mail", () => {
  let t: TestApp;
  let me: SignedUp;
  let address: string;
  beforeEach(async () => {
    t = await createTestApp({
      env: {
        INBOUND_WEBHOOK_SECRET: SECRET,
        INBOUND_SENDER_POLICY: "any",
        INBOUND_MAX_TASKS_PER_DAY: "70",
        AI_FREE_MONTHLY_LIMIT: "0",
      },
    });
    me = await signUp(t);
    address = `${me.user.username}@tasklane.localhost`;
  });
  afterEach(async () => t.close());

  const deliver = (raw: Buffer) =>
    t.app.inject({
      method: "POST",
      url: "/inbound/email",
      headers: { "content-type": "message/rfc822", authorization: `Bearer ${SECRET}` },
      payload: raw,
    });
  const tasks = async () =>
    (
      await t.app.inject({ method: "GET", url: apiRoutes.listTasks.path, headers: bearer(me.token) })
    ).json() as TaskJson[];

  it("makes at most 50 tasks from a 5,000-line message and lists the rest in one task with a note", async () => {
    const response = await deliver(mail(address, todoLines(5_000, "Log")));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ status: "created", tasks_created: 50 });
    const list = await tasks();
    expect(list).toHaveLength(50);
    // Only the first 50,000 characters of a body are read (the extraction limit).
    const overflow = list.find((task) => /^\d+ more tasks from "Digest"$/.test(task.title));
    const held = Number(
      /^This e-mail held (\d+) tasks; at most 50 could be made from it/.exec(
        overflow?.description ?? "",
      )?.[1],
    );
    expect(held).toBeGreaterThan(2_000);
    expect(overflow?.title).toBe(`${held - 49} more tasks from "Digest"`);
    expect(overflow?.description).toContain("- Log item 50\n- Log item 51");
    expect(overflow?.tags).toEqual(["email"]);
  });

  it("makes at most INBOUND_MAX_TASKS_PER_DAY tasks a day from a user's mail, then refuses until the day has passed", async () => {
    expect((await deliver(mail(address, todoLines(60, "First")))).json()).toEqual({
      status: "created",
      tasks_created: 50,
    });
    // 20 left for today: 19 tasks and one gathering the rest.
    expect((await deliver(mail(address, todoLines(30, "Second")))).json()).toEqual({
      status: "created",
      tasks_created: 20,
    });
    const refused = await deliver(mail(address, todoLines(3, "Third")));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe("At most 70 tasks a day are made from e-mail; try again tomorrow");

    t.clock.advance(24 * 60 * 60_000 + 1_000);
    expect((await deliver(mail(address, todoLines(3, "Fourth")))).statusCode).toBe(201);
  });
});

/** A bare SMTP conversation: each command's reply code. */
async function smtpReplies(port: number, commands: string[]): Promise<number[]> {
  const socket = connect(port, "127.0.0.1");
  socket.setEncoding("utf8");
  let buffer = "";
  const waiting: ((line: string) => void)[] = [];
  const lines: string[] = [];
  socket.on("data", (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf("\r\n")) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (/^\d{3}-/.test(line)) continue; // a multi-line reply continues
      const next = waiting.shift();
      if (next) next(line);
      else lines.push(line);
    }
  });
  const reply = () =>
    new Promise<string>((resolve) => {
      const line = lines.shift();
      if (line !== undefined) resolve(line);
      else waiting.push(resolve);
    });
  await reply(); // greeting
  const codes: number[] = [];
  for (const command of commands) {
    socket.write(`${command}\r\n`);
    codes.push(Number((await reply()).slice(0, 3)));
  }
  socket.end();
  return codes;
}

describe("RCPT TO probing on the inbound SMTP listener", () => {
  let t: TestApp;
  afterEach(async () => t.close());

  it("answers 550 for the first 10 unknown names from a client, then 450 for every name, known or not", async () => {
    t = await createTestApp();
    const me = await signUp(t);
    const listener = await startInboundSmtp(t.deps, pino({ level: "silent" }), {
      port: 0,
      host: "127.0.0.1",
    });
    try {
      const guesses = Array.from({ length: 12 }, (_, i) => `RCPT TO:<guess-${i}@tasklane.localhost>`);
      const codes = await smtpReplies(listener.port, [
        "EHLO prober.example",
        "MAIL FROM:<p@example.com>",
        `RCPT TO:<${me.user.username}@tasklane.localhost>`,
        ...guesses,
        `RCPT TO:<${me.user.username}@tasklane.localhost>`,
      ]);
      expect(codes.slice(0, 3)).toEqual([250, 250, 250]);
      expect(codes.slice(3, 13)).toEqual(Array(10).fill(550));
      expect(codes.slice(13)).toEqual([450, 450, 450]);

      // A new connection from the same client is still held back.
      const later = await smtpReplies(listener.port, [
        "EHLO prober.example",
        "MAIL FROM:<p@example.com>",
        `RCPT TO:<${me.user.username}@tasklane.localhost>`,
      ]);
      expect(later).toEqual([250, 250, 450]);

      t.clock.advance(15 * 60_000);
      const afterWindow = await smtpReplies(listener.port, [
        "EHLO prober.example",
        "MAIL FROM:<p@example.com>",
        `RCPT TO:<${me.user.username}@tasklane.localhost>`,
      ]);
      expect(afterWindow).toEqual([250, 250, 250]);
    } finally {
      await listener.close();
    }
  });
});
