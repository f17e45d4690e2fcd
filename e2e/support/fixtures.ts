import { randomBytes } from "node:crypto";
import { test as base, expect } from "@playwright/test";
import type { CaughtMail } from "./smtp-sink";

/** The mail the server sent, as caught by the SMTP sink of global setup. */
export interface Mailbox {
  messagesTo(address: string): Promise<CaughtMail[]>;
  /** Waits for the newest mail to `address` that carries a 6-digit code and returns it. */
  verificationCodeFor(address: string): Promise<string>;
}

/** A person who has never used Tasklane: unique e-mail and username for every test. */
export interface NewUser {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
}

function createMailbox(mailboxUrl: string): Mailbox {
  const messagesTo = async (address: string): Promise<CaughtMail[]> => {
    const response = await fetch(`${mailboxUrl}/messages?to=${encodeURIComponent(address)}`);
    if (!response.ok) throw new Error(`SMTP sink answered ${response.status}`);
    return (await response.json()) as CaughtMail[];
  };
  return {
    messagesTo,
    async verificationCodeFor(address) {
      let code: string | undefined;
      await expect
        .poll(
          async () => {
            const newest = (await messagesTo(address)).at(-1);
            code = newest?.text.match(/\b(\d{6})\b/)?.[1];
            return code;
          },
          { message: `a verification code mailed to ${address}`, timeout: 15_000 },
        )
        .toMatch(/^\d{6}$/);
      return code as string;
    },
  };
}

export const test = base.extend<{ mailbox: Mailbox; newUser: NewUser }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies.
  mailbox: async ({}, use) => {
    const mailboxUrl = process.env.E2E_MAILBOX_URL;
    if (!mailboxUrl) throw new Error("E2E_MAILBOX_URL is unset: run the specs through playwright.config.ts");
    await use(createMailbox(mailboxUrl));
  },
  // eslint-disable-next-line no-empty-pattern -- as above
  newUser: async ({}, use) => {
    const suffix = randomBytes(4).toString("hex");
    await use({
      firstName: "Ada",
      lastName: "Lovelace",
      username: `ada_${suffix}`,
      email: `ada.${suffix}@example.com`,
      password: `analytical-${suffix}`,
    });
  },
});

export { expect };
