import type { Page } from "@playwright/test";
import type { TaskJson } from "@contract/tasks";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expect, openFromSidebar, test } from "./support/signed-in";

/**
 * Reminders end to end: the real server's job runner turns a reminder set a few seconds ahead
 * into an entry in the bell (found by the web app's own polling) and an e-mail that reaches the
 * SMTP sink; the Settings card and the task dialog set reminders as a person would.
 */

const scan = expectNoSeriousA11yViolations;
const OPEN_MENU = "[role=menu][data-state=open]";

/** The bell polls every 30 seconds: a reminder shows within one poll of its time. */
const BELL_POLL_MS = 30_000;

function bell(page: Page) {
  return page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
}

/**
 * Waits for the bell to read `name` as a person would, a poll at a time, without waiting the
 * polls out: the page's clock (installed by `ownThePageClock`) jumps to the next poll until the
 * server's reminder has rung.
 */
async function untilTheBellReads(page: Page, name: string): Promise<void> {
  await expect(async () => {
    await page.clock.fastForward(BELL_POLL_MS);
    await expect(bell(page)).toHaveAccessibleName(name, { timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
}

/** The page's timers on a clock the test moves (time still flows); the app loads onto it. */
async function ownThePageClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.goto("/dashboard");
}

async function saveReminderSettings(
  page: Page,
  settings: { defaultReminder?: string; emailReminders?: boolean },
): Promise<void> {
  await openFromSidebar(page, "Settings");
  const card = page.getByRole("form", { name: "Reminders" });
  if (settings.defaultReminder) {
    await card.getByLabel("Default reminder").selectOption({ label: settings.defaultReminder });
  }
  if (settings.emailReminders !== undefined) {
    const toggle = card.getByRole("switch", { name: "E-mail reminders" });
    if ((await toggle.isChecked()) !== settings.emailReminders) await toggle.click();
  }
  await card.getByRole("button", { name: "Save reminders" }).click();
  await expect(page.getByText("Reminders updated")).toBeVisible();
}

// Each journey arranges its data, then opens its first screen by address: the app loads once.
test.use({ openDashboard: false });

test("a reminder set a few seconds ahead rings in the bell and reaches the mailbox", async ({
  page,
  account,
  mailbox,
}) => {
  await ownThePageClock(page);
  await saveReminderSettings(page, { emailReminders: true });
  await expect(bell(page)).toHaveAccessibleName("Notifications");
  await expect(bell(page).getByTestId("unread-dot")).toHaveCount(0);

  const now = Date.now();
  const task = await account.api.post<TaskJson>("/api/v1/tasks", {
    title: "Pay the electricity bill",
    description: "The account number is on the last letter",
    due_date: new Date(now + 3_600_000).toISOString(),
    remind_at: new Date(now + 2_000).toISOString(),
  });

  await test.step("the bell shows it, with the unread dot", async () => {
    // The server rings it at its time; the bell then reads it at its next poll, not a poll later.
    await expect
      .poll(async () => (await account.api.get<{ unread: number }>("/api/v1/notifications")).unread, {
        message: "the reminder rung on the server",
        intervals: [100],
      })
      .toBe(1);
    await untilTheBellReads(page, "Notifications (1 unread)");
    await expect(bell(page).getByTestId("unread-dot")).toBeVisible();
  });

  await test.step("the e-mail reaches the owner's mailbox, once", async () => {
    await expect
      .poll(
        async () =>
          (await mailbox.messagesTo(account.user.email))
            .filter((mail) => mail.subject.startsWith("Reminder: "))
            .map((mail) => mail.subject),
        { message: "the reminder e-mail in the sink" },
      )
      .toEqual([expect.stringMatching(/^Reminder: Pay the electricity bill \(due .+\)$/)]);
    const [mail] = (await mailbox.messagesTo(account.user.email)).filter((item) =>
      item.subject.startsWith("Reminder: "),
    );
    expect(mail?.text).toContain("The account number is on the last letter");
    expect(mail?.text).toContain(`/tasks?task=${task.id}`);
  });

  await test.step("the menu lists it; following it opens the task and reads it", async () => {
    await bell(page).click();
    const menu = page.getByRole("menu");
    const entry = menu.getByRole("menuitem", { name: /Reminder: Pay the electricity bill/ });
    await expect(entry).toBeVisible();
    await scan(page, "the notification menu", { include: OPEN_MENU });
    await entry.click();
    const dialog = page.getByRole("dialog", { name: "Edit Task" });
    await expect(dialog.getByLabel("Title")).toHaveValue("Pay the electricity bill");
    await expect(dialog.getByLabel("Remind me")).toHaveValue("at");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(bell(page)).toHaveAccessibleName("Notifications");
    await expect(bell(page).getByTestId("unread-dot")).toHaveCount(0);
  });
});

test("the default reminder from Settings is set on a new task, and the dialog changes it", async ({
  page,
  account,
}) => {
  await page.goto("/dashboard");
  await saveReminderSettings(page, { defaultReminder: "15 minutes before" });
  await scan(page, "settings with the reminders card");

  await openFromSidebar(page, "Tasks");
  await page.getByRole("button", { name: "Create Task" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create New Task" });
  await dialog.getByLabel("Title").fill("Call the landlord");
  await dialog.getByLabel("Due Date").fill("05/14/2030");
  await dialog.getByLabel("Due time (optional)").fill("10:00 AM");
  await expect(dialog.getByLabel("Remind me")).toHaveValue("15");
  await scan(page, "Create Task dialog with a reminder", { include: "[role=dialog][data-state=open]" });
  await dialog.getByRole("button", { name: "Create Task" }).click();
  await expect(dialog).toBeHidden();

  let [task] = await account.api.tasks();
  expect(task?.title).toBe("Call the landlord");
  expect(Date.parse(task!.due_date!) - Date.parse(task!.remind_at!)).toBe(15 * 60_000);

  await page.getByRole("button", { name: 'Edit "Call the landlord"' }).click();
  const edit = page.getByRole("dialog", { name: "Edit Task" });
  await edit.getByLabel("Remind me").selectOption({ label: "1 day before" });
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit).toBeHidden();
  [task] = await account.api.tasks();
  expect(Date.parse(task!.due_date!) - Date.parse(task!.remind_at!)).toBe(24 * 3_600_000);
});

test("the bell's menu fits a 375 px phone and is read by keyboard", async ({ page, account }) => {
  await account.api.post("/api/v1/tasks", {
    title: "Water the plants",
    remind_at: new Date(Date.now() - 1_000).toISOString(),
  });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.clock.install();
  await page.goto("/dashboard");
  await untilTheBellReads(page, "Notifications (1 unread)");

  await bell(page).focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: /Reminder: Water the plants/ })).toBeVisible();
  const box = await menu.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  await scan(page, "the notification menu at 375 px", { include: OPEN_MENU });

  await page.keyboard.press("Enter"); // "Mark all as read" has the focus first
  await expect(menu).toBeHidden();
  await expect(bell(page)).toHaveAccessibleName("Notifications");
});
