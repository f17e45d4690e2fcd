import { generateKeyPairSync } from "node:crypto";
import { dkimSign, type DNSResolver } from "mailauth";
import nodemailer from "nodemailer";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TaskJson } from "@contract/tasks";
import { startInboundSmtp, type InboundSmtpListener } from "../../src/modules/inbound-mail/smtp-listener";
import { bearer, createTestApp, signUp, type SignedUp, type TestApp } from "../helpers";

/**
 * The `owner` sender policy believes a From address only with an aligned SPF, DKIM or DMARC pass
 * for its domain, checked by this server with mailauth or reported by a trusted upstream server in
 * Authentication-Results. The DNS records are this test's own. Runs on SQLite, and on PostgreSQL
 * with TEST_DATABASE_URL.
 */

const SECRET = "sender-verification-secret-0123456789";
const MAIL_DOMAIN = "tasklane.localhost";
const TRUSTED = "mx.tasklane.test";
const silent = pino({ level: "silent" });

function dkimKeys() {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    record: `v=DKIM1; k=rsa; p=${publicKey.export({ type: "spki", format: "der" }).toString("base64")}`,
  };
}

const ownDomain = dkimKeys();
const otherDomain = dkimKeys();

/** DNS as the world would answer it: example.com (the users' domain) and attacker.test. */
const TXT: Record<string, string> = {
  "mail._domainkey.example.com": ownDomain.record,
  "_dmarc.example.com": "v=DMARC1; p=reject",
  "example.com": "v=spf1 ip4:127.0.0.1 -all",
  "mail._domainkey.attacker.test": otherDomain.record,
  "attacker.test": "v=spf1 ip4:127.0.0.1 -all",
};
const resolver: DNSResolver = async (name, rrtype) => {
  const record = rrtype === "TXT" ? TXT[name.toLowerCase().replace(/\.$/, "")] : undefined;
  if (record === undefined)
    throw Object.assign(new Error(`${name} ${rrtype}: no such record`), { code: "ENOTFOUND" });
  return [[record]];
};

let counter = 0;
function message(from: string, to: string, headers: string[] = []): string {
  counter += 1;
  return [
    ...headers,
    `From: Owner <${from}>`,
    `To: ${to}`,
    "Subject: Errands",
    `Message-ID: <verify-${counter}@example.com>`,
    "Date: Sat, 21 Nov 2026 09:00:00 +0000",
    "",
    "TODO: Renew the passport",
    "",
  ].join("\r\n");
}

async function signed(raw: string, signingDomain: string, privateKey: string): Promise<string> {
  const result = await dkimSign(raw, {
    signingDomain,
    selector: "mail",
    privateKey,
    signatureData: [{ signingDomain, selector: "mail", privateKey }],
  });
  expect(result.signatures).toMatch(/^DKIM-Signature: /);
  return `${result.signatures}${raw}`;
}

describe("the owner sender policy", () => {
  let t: TestApp;
  let me: SignedUp;
  let inbound: string;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        INBOUND_SENDER_POLICY: "owner",
        INBOUND_WEBHOOK_SECRET: SECRET,
        INBOUND_TRUSTED_AUTHSERV_IDS: TRUSTED,
      },
    });
    t.deps.mailDnsResolver = resolver;
    me = await signUp(t);
    inbound = `${me.user.username}@${MAIL_DOMAIN}`;
  });
  afterAll(async () => t.close());

  const post = (raw: string) =>
    t.app.inject({
      method: "POST",
      url: "/inbound/email",
      headers: { "content-type": "message/rfc822", authorization: `Bearer ${SECRET}` },
      payload: raw,
    });

  async function taskCount(): Promise<number> {
    const response = await t.app.inject({ method: "GET", url: "/api/v1/tasks", headers: bearer(me.token) });
    return response.json<TaskJson[]>().length;
  }

  it("refuses mail that only says it is from the owner (403), and creates nothing", async () => {
    const before = await taskCount();
    const response = await post(message(me.user.email, inbound));
    expect(response.statusCode).toBe(403);
    expect(response.json<{ message: string }>().message).toMatch(/could not be verified/);
    expect(await taskCount()).toBe(before);
  });

  it("accepts the owner's mail signed by the owner's domain (DKIM, DMARC pass)", async () => {
    const raw = await signed(message(me.user.email, inbound), "example.com", ownDomain.privateKey);
    const response = await post(raw);
    expect(response.statusCode, response.body).toBe(201);
  });

  it("refuses the owner's address signed by another domain: a pass that is not aligned", async () => {
    const raw = await signed(message(me.user.email, inbound), "attacker.test", otherDomain.privateKey);
    expect((await post(raw)).statusCode).toBe(403);
  });

  it("believes an Authentication-Results header of a trusted authserv-id, and no other", async () => {
    const pass = `Authentication-Results: ${TRUSTED}; spf=fail smtp.mailfrom=other.test; dmarc=pass (p=reject) header.from=example.com`;
    expect((await post(message(me.user.email, inbound, [pass]))).statusCode).toBe(201);

    const failed = `Authentication-Results: ${TRUSTED}; dkim=pass header.d=attacker.test; dmarc=fail header.from=example.com`;
    expect((await post(message(me.user.email, inbound, [failed]))).statusCode).toBe(403);

    const forged = "Authentication-Results: mx.attacker.test; dmarc=pass header.from=example.com";
    expect((await post(message(me.user.email, inbound, [forged]))).statusCode).toBe(403);
  });

  describe("over SMTP", () => {
    let smtp: InboundSmtpListener;

    beforeAll(async () => {
      smtp = await startInboundSmtp(t.deps, silent, { port: 0, host: "127.0.0.1" });
    });
    afterAll(async () => smtp.close());

    const send = (from: string, envelopeFrom: string) =>
      nodemailer
        .createTransport({ host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true })
        .sendMail({
          envelope: { from: envelopeFrom, to: inbound },
          raw: message(from, inbound),
        });

    it("accepts the owner's mail from a client the domain's SPF allows, aligned with From", async () => {
      const before = await taskCount();
      await send(me.user.email, me.user.email);
      expect(await taskCount()).toBe(before + 1);
    });

    it("refuses it when the SPF pass is another domain's (550)", async () => {
      await expect(send(me.user.email, "bounces@attacker.test")).rejects.toMatchObject({ responseCode: 550 });
    });
  });
});
