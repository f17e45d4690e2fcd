import { inboundAddress, reloadUntilVisible, sendToInbound } from "./support/inbound-mail";
import { expect, openFromSidebar, test } from "./support/signed-in";

/**
 * With the app running, a test sends an e-mail over SMTP to the user's
 * address and the tasks appear on the Tasks screen. Also the dashboard's "Email Auto Parser" card
 * shows the address, and copying it shows "Email copied!".
 *
 * The mail goes to the server's own inbound SMTP listener (support/inbound-mail.ts). The default
 * instance has no AI_BASE_URL, so the built-in engine reads the mail and finds the requests written
 * in prose.
 */
test.use({ permissions: ["clipboard-read", "clipboard-write"] });

interface BrowserGlobals {
  navigator: { clipboard: { readText(): Promise<string> } };
}

test("the dashboard shows the inbound address, and mail sent to it becomes tasks", async ({
  page,
  account,
}) => {
  const address = inboundAddress(account);

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
    await sendToInbound(account, {
      subject: "Offsite preparation",
      text: [
        "Hi,",
        "",
        "Please send the quarterly report to Maria.",
        "Can you book the meeting room for the offsite?",
        "",
        "Thanks,",
        account.user.firstName,
      ],
    });

    await openFromSidebar(page, "Tasks");
    const tasks = page.getByRole("list", { name: "Tasks" });
    await reloadUntilVisible(
      page,
      tasks.getByRole("heading", { name: "Send the quarterly report to Maria" }),
    );
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

test("a forwarded e-mail becomes one task from the forwarded body, due when the forwarder's note says", async ({
  page,
  account,
}) => {
  // A Gmail-style forward: the forwarder's note on top, then the forwarded message.
  await sendToInbound(account, {
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
    ],
  });

  await openFromSidebar(page, "Tasks");
  const tasks = page.getByRole("list", { name: "Tasks" });
  const fromBody = tasks.getByRole("listitem").filter({
    has: page.getByRole("heading", { name: "Renew your parking permit", exact: true }),
  });
  await reloadUntilVisible(page, fromBody);
  // The task made from the forwarded body says whose message it was.
  await expect(
    fromBody.getByText(
      'Forwarded message from Parking Office <permits@council.example>: "Parking permit renewal"',
      {
        exact: false,
      },
    ),
  ).toBeVisible();
  // The forwarder's note gives that request its deadline ("by Friday") and is no task of its own.
  await expect(fromBody.getByText(/^(Overdue, due|Due)$/)).toBeAttached();
  await expect(
    tasks.getByRole("listitem").filter({ hasText: "Please handle this one by Friday" }),
  ).toHaveCount(0);
});
