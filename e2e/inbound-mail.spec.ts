import nodemailer from "nodemailer";
import { e2eEnvironment } from "./support/environment";
import { expect, openFromSidebar, test } from "./support/signed-in";

/**
 * With the app running, a test sends an e-mail over SMTP to the user's
 * address and the tasks appear on the Tasks screen. Also the dashboard's "Email Auto Parser" card
 * shows the address, and copying it shows "Email copied!".
 *
 * The mail goes to the server's own inbound SMTP listener (INBOUND_SMTP_PORT), From the account's
 * own address (the default sender policy, `owner`). The default instance has no AI_BASE_URL, so the
 * built-in engine reads the mail and finds the requests written in prose.
 */
test.use({ permissions: ["clipboard-read", "clipboard-write"] });

interface BrowserGlobals {
  navigator: { clipboard: { readText(): Promise<string> } };
}

/** MAIL_DOMAIN's default, which the server and the built SPA both use in the e2e run. */
const MAIL_DOMAIN = "tasklane.localhost";

test("the dashboard shows the inbound address, and mail sent to it becomes tasks", async ({
  page,
  account,
}) => {
  const address = `${account.user.username}@${MAIL_DOMAIN}`;

  await test.step("the Email Auto Parser card shows the address and copies it", async () => {
    await expect(page.getByRole("heading", { name: "Email Auto Parser" })).toBeVisible();
    await expect(page.getByText(address, { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Copy email address" }).click();
    await expect(page.getByText("Email copied!", { exact: true })).toBeVisible();
    await expect(page.getByText("Your personal email address has been copied to clipboard.")).toBeVisible();
    const clipboard = await page.evaluate(() =>
      // Runs in the page; the e2e TypeScript project has no DOM types.
      (globalThis as unknown as BrowserGlobals).navigator.clipboard.readText(),
    );
    expect(clipboard).toBe(address);
  });

  await test.step("an e-mail sent over SMTP to that address becomes tasks on the Tasks screen", async () => {
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
        subject: "Offsite preparation",
        text: [
          "Hi,",
          "",
          "Please send the quarterly report to Maria.",
          "Can you book the meeting room for the offsite?",
          "",
          "Thanks,",
          account.user.firstName,
        ].join("\n"),
      });
      expect(sent.accepted).toEqual([address]);
    } finally {
      smtp.close();
    }

    await openFromSidebar(page, "Tasks");
    const tasks = page.getByRole("list", { name: "Tasks" });
    // The listener turns the mail into tasks as it arrives; the list shows them once reloaded.
    await expect(async () => {
      await page.reload();
      await expect(tasks.getByRole("heading", { name: "Send the quarterly report to Maria" })).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 20_000 });
    await expect(tasks.getByRole("heading", { name: "Book the meeting room for the offsite" })).toBeVisible();
    // Every task made from a mail is tagged "email".
    await expect(tasks.getByText("email", { exact: true })).toHaveCount(2);

    const stored = await account.api.tasks();
    expect(stored.map((task) => task.source)).toEqual([
      { type: "Llm", origin: "email" },
      { type: "Llm", origin: "email" },
    ]);
  });
});

test("a forwarded e-mail becomes tasks from the forwarded body, with the forwarder's instruction", async ({
  page,
  account,
}) => {
  const address = `${account.user.username}@${MAIL_DOMAIN}`;
  const smtp = nodemailer.createTransport({
    host: "127.0.0.1",
    port: e2eEnvironment.inboundSmtpPort,
    secure: false,
    ignoreTLS: true,
  });
  try {
    // A Gmail-style forward: the forwarder's note on top, then the forwarded message.
    const sent = await smtp.sendMail({
      from: `${account.user.firstName} ${account.user.lastName} <${account.user.email}>`,
      to: address,
      subject: "Fwd: Parking permit renewal",
      text: [
        "Please handle this one by Friday, it is urgent.",
        "",
        "---------- Forwarded message ---------",
        "From: Parking Office <permits@council.example>",
        "Date: Mon, 16 Nov 2026 at 09:00",
        "Subject: Parking permit renewal",
        `To: ${account.user.firstName} <${account.user.email}>`,
        "",
        "Dear resident,",
        "",
        "Please renew your parking permit before it expires.",
        "",
        "Parking Office",
      ].join("\n"),
    });
    expect(sent.accepted).toEqual([address]);
  } finally {
    smtp.close();
  }

  await openFromSidebar(page, "Tasks");
  const tasks = page.getByRole("list", { name: "Tasks" });
  const fromBody = tasks.getByRole("listitem").filter({
    has: page.getByRole("heading", { name: "Renew your parking permit before it expires" }),
  });
  await expect(async () => {
    await page.reload();
    await expect(fromBody).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  // The task made from the forwarded body says whose message it was.
  await expect(
    fromBody.getByText(
      'Forwarded message from Parking Office <permits@council.example>: "Parking permit renewal"',
      {
        exact: false,
      },
    ),
  ).toBeVisible();
  // The forwarder's note is read too: its instruction is on the Tasks screen, from the same mail.
  const instruction = tasks
    .getByRole("listitem")
    .filter({ hasText: "Please handle this one by Friday, it is urgent." });
  await expect(instruction).toBeVisible();
  await expect(
    instruction.getByText("Forwarded message from Parking Office", { exact: false }),
  ).toBeVisible();
});
