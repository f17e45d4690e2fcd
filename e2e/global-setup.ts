import { rmSync } from "node:fs";
import { e2eEnvironment } from "./support/environment";
import { startSmtpSink } from "./support/smtp-sink";

/**
 * Starts the SMTP sink the server mails verification codes to.
 *
 * Playwright starts `webServer` before global setup (plugin setup precedes globalSetup in
 * @playwright/test 1.65's task list). That is fine here: the server only opens an SMTP
 * connection when it sends a message, and no message is sent before the first test runs.
 * The mailbox URL reaches the specs through process.env, which the workers inherit.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const sink = await startSmtpSink({ host: "127.0.0.1", smtpPort: e2eEnvironment.smtpSinkPort });
  process.env.E2E_MAILBOX_URL = sink.mailboxUrl;

  return async () => {
    await sink.close();
    rmSync(e2eEnvironment.dataDir, { recursive: true, force: true });
  };
}
