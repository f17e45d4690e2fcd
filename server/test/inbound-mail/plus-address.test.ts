import nodemailer from "nodemailer";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInboundSmtp, type InboundSmtpListener } from "../../src/modules/inbound-mail/smtp-listener";
import { createTestApp, type TestApp } from "../helpers";
import { newApiUser, type ApiUser } from "../projects/api-user";

/** Mail to username+project@MAIL_DOMAIN, over the real SMTP listener, lands in that project. */
const DOMAIN = "tasklane.localhost";

let t: TestApp;
let smtp: InboundSmtpListener;
let ada: ApiUser;
let home: string;
let inbox: string;
let messages = 0;

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startInboundSmtp(t.deps, pino({ level: "silent" }), { port: 0, host: "127.0.0.1" });
  ada = await newApiUser(t);
  home = (await ada.createProject("Home renovation")).id;
  inbox = (await ada.inbox()).id;
});
afterAll(async () => {
  await smtp?.close();
  await t?.close();
});

/** Sends one TODO line to `local@DOMAIN` and answers the task it made. */
async function mailTo(local: string) {
  messages += 1;
  const title = `Order tiles ${messages}`;
  await nodemailer
    .createTransport({ host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true })
    .sendMail({
      from: ada.user.email,
      to: `${local}@${DOMAIN}`,
      subject: "Renovation",
      text: `TODO: ${title}`,
    });
  const task = (await ada.list()).find((candidate) => candidate.title === title);
  if (!task) throw new Error(`No task made from the mail to ${local}`);
  return task;
}

describe("plus-addressed mail", () => {
  it("lands in the project it names, case, spaces and hyphens ignored", async () => {
    const { username } = ada.user;
    expect((await mailTo(`${username}+home-renovation`)).project_id).toBe(home);
    expect((await mailTo(`${username}+HomeRenovation`)).project_id).toBe(home);
    expect((await mailTo(`${username.toUpperCase()}+Home_Renovation`)).project_id).toBe(home);
  });

  it("lands in the Inbox when it names no project of the user, or none at all", async () => {
    const { username } = ada.user;
    expect((await mailTo(`${username}+receipts`)).project_id).toBe(inbox);
    expect((await mailTo(username)).project_id).toBe(inbox);
  });

  it("never lands in another user's project of that name", async () => {
    const bob = await newApiUser(t);
    await bob.createProject("Garden");
    expect((await mailTo(`${ada.user.username}+garden`)).project_id).toBe(inbox);
  });
});
