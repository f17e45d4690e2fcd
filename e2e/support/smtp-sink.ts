import http from "node:http";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** One message the server sent, as the recipient would read it. */
export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  receivedAt: string;
}

export interface SmtpSink {
  /** `http://127.0.0.1:<port>`: GET /messages?to=<address> lists what reached that address. */
  mailboxUrl: string;
  /** The port it takes SMTP on (the one asked for, or the one given for 0). */
  smtpPort: number;
  close(): Promise<void>;
}

/**
 * A real SMTP server standing in for the outside world: the Tasklane server sends its
 * verification mail here over SMTP_URL exactly as it would to a provider. What arrives is kept
 * in memory and served as JSON, because the specs run in worker processes and this sink runs in
 * the Playwright runner (global setup).
 */
export async function startSmtpSink(options: { host: string; smtpPort: number }): Promise<SmtpSink> {
  const caught: CaughtMail[] = [];

  const smtp = new SMTPServer({
    // Plain local SMTP: no TLS upgrade, no login, as a test relay would offer.
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          caught.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            receivedAt: new Date().toISOString(),
          });
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });

  const mailbox = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://sink");
    if (request.method !== "GET" || url.pathname !== "/messages") {
      response.writeHead(404).end();
      return;
    }
    const to = url.searchParams.get("to")?.toLowerCase();
    const messages = to ? caught.filter((mail) => mail.to.includes(to)) : caught;
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(messages));
  });

  await new Promise<void>((resolve, reject) => {
    smtp.once("error", reject);
    smtp.listen(options.smtpPort, options.host, () => {
      smtp.off("error", reject);
      // A client dropping its connection must not bring the test run down; say so and go on.
      smtp.on("error", (error) => console.error(`SMTP sink: ${error.message}`));
      resolve();
    });
  });
  await new Promise<void>((resolve, reject) => {
    mailbox.once("error", reject);
    mailbox.listen(0, options.host, () => resolve());
  });
  const { port } = mailbox.address() as AddressInfo;

  return {
    mailboxUrl: `http://${options.host}:${port}`,
    smtpPort: (smtp.server.address() as AddressInfo).port,
    async close() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => mailbox.close(() => resolve()));
    },
  };
}
