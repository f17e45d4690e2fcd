import type { Locator, Page } from "@playwright/test";
import nodemailer from "nodemailer";
import { E2E_MTA, e2eEnvironment } from "./environment";
import { expect } from "./fixtures";
import type { Account } from "./signed-in";

/** MAIL_DOMAIN's default, which the server and the built SPA both use in the e2e run. */
const MAIL_DOMAIN = "tasklane.localhost";

/** The account's personal inbound address: mail sent there becomes its tasks. */
export function inboundAddress(account: Account): string {
  return `${account.user.username}@${MAIL_DOMAIN}`;
}

/**
 * Sends a plain-text e-mail over SMTP to the server's own inbound listener (INBOUND_SMTP_PORT),
 * from the account's own address (the default sender policy, `owner`), and checks it was accepted.
 * It carries what the operator's MTA adds to mail it verified: an Authentication-Results header
 * of the authserv-id the server trusts (INBOUND_TRUSTED_AUTHSERV_IDS), saying DMARC passed.
 */
export async function sendToInbound(
  account: Account,
  mail: { subject: string; text: string[] },
): Promise<void> {
  const address = inboundAddress(account);
  const smtp = nodemailer.createTransport({
    host: "127.0.0.1",
    port: e2eEnvironment.inboundSmtpPort,
    secure: false,
    // The e2e listener has no certificate, so it offers no STARTTLS.
    ignoreTLS: true,
  });
  try {
    const sent = await smtp.sendMail({
      from: `${account.user.firstName} ${account.user.lastName} <${account.user.email}>`,
      to: address,
      subject: mail.subject,
      text: mail.text.join("\n"),
      headers: {
        "Authentication-Results": `${E2E_MTA}; dmarc=pass header.from=${account.user.email.split("@")[1]}`,
      },
    });
    expect(sent.accepted).toEqual([address]);
  } finally {
    smtp.close();
  }
}

/** The listener turns a mail into tasks as it arrives; a screen shows them once reloaded. */
export async function reloadUntilVisible(page: Page, target: Locator): Promise<void> {
  await expect(async () => {
    await page.reload();
    await expect(target).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}
