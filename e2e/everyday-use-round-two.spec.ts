import type { Page } from "@playwright/test";
import { expect, greeting, openFromSidebar, signInThroughLoginPage, test } from "./support/signed-in";

/**
 * What a new user still tripped over in the first hour, second round, each as that user meets it:
 * real browser, real server, real database, mail caught by the SMTP sink.
 */

interface BrowserGlobals {
  navigator: { clipboard: { readText(): Promise<string> } };
}

test.describe("calendar feed address", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("Copy puts the address on the clipboard, and the address answers with the calendar", async ({
    page,
    account,
  }) => {
    await account.api.post("/api/v1/tasks", { title: "Dentist", due_date: "2030-03-15T09:00:00.000Z" });
    await openFromSidebar(page, "Settings");
    const address = page.getByLabel("Calendar address");
    await expect(address).toHaveValue(/\/api\/v1\/calendar\/[A-Za-z0-9_-]+\.ics$/);
    await page.getByRole("button", { name: "Copy", exact: true }).click();
    await expect(page.getByText("Address copied", { exact: true })).toBeVisible();
    const copied = await page.evaluate(() =>
      (globalThis as unknown as BrowserGlobals).navigator.clipboard.readText(),
    );
    expect(copied).toBe(await address.inputValue());

    const feed = await page.request.get(copied);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toMatch(/^text\/calendar/);
    expect(await feed.text()).toContain("SUMMARY:Dentist");
  });
});

test.describe("forgot password", () => {
  test("coming back with the code that arrived: Send again says wait, and the code still resets", async ({
    page,
    account,
    mailbox,
  }) => {
    await page.getByRole("button", { name: /^Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await page.getByRole("link", { name: "Forgot password?" }).click();
    const mailsBefore = (await mailbox.messagesTo(account.user.email)).length;
    await page.getByLabel("Email").fill(account.user.email);
    await page.getByRole("button", { name: "Send Reset Code" }).click();
    // The toast's sentences each end with a full stop.
    await expect(page.getByText(/reset the password\. It expires in 10 minutes\.$/)).toBeVisible();
    await expect
      .poll(async () => (await mailbox.messagesTo(account.user.email)).length)
      .toBe(mailsBefore + 1);
    const code = await mailbox.verificationCodeFor(account.user.email);

    // The person leaves to read their mail and comes back to a fresh page.
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(account.user.email);
    await page.getByRole("button", { name: "Send Reset Code" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      /Please wait \d+ (seconds?|minutes?) before requesting another/,
    );
    const newPassword = `${account.user.password}-again`;
    await page.getByLabel("Reset code").fill(code);
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signInThroughLoginPage(page, { ...account.user, password: newPassword });
  });

  test("'I already have a code' asks for the code without sending another", async ({
    page,
    account,
    mailbox,
  }) => {
    await page.request.post("/auth/forgot-password", { data: { email: account.user.email } });
    const code = await mailbox.verificationCodeFor(account.user.email);
    await page.getByRole("button", { name: /^Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await page.getByRole("link", { name: "Forgot password?" }).click();
    const mailsBefore = (await mailbox.messagesTo(account.user.email)).length;

    await page.getByRole("button", { name: "I already have a code" }).click();
    await expect(page.getByLabel("Reset code")).toBeFocused();
    await page.getByLabel("Email").fill(account.user.email);
    await page.getByLabel("Reset code").fill(code);
    const newPassword = `${account.user.password}-kept`;
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Password reset", { exact: true })).toBeVisible();
    expect((await mailbox.messagesTo(account.user.email)).length).toBe(mailsBefore);
    await signInThroughLoginPage(page, { ...account.user, password: newPassword });
  });
});

/**
 * The tab comes back into view, as when the person switches back to it from another app (every
 * page of a headless browser counts as visible, so the browser fires no event of its own).
 */
async function returnToTab(page: Page): Promise<void> {
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange", { bubbles: true })));
}

test.describe("two devices on one account", () => {
  test("the second device reads the account at start and on return, and offers nothing stale", async ({
    page,
    account,
    browser,
  }) => {
    // The phone: signed in while the account is still in UTC, in a browser whose zone is Tokyo.
    const phoneContext = await browser.newContext({ timezoneId: "Asia/Tokyo" });
    const phone = await phoneContext.newPage();
    await signInThroughLoginPage(phone, account.user);
    await expect(phone.getByRole("region", { name: "Use Asia/Tokyo as your timezone?" })).toBeVisible();

    // The desktop moves the account to Tokyo in Settings.
    await openFromSidebar(page, "Settings");
    await page.getByRole("combobox", { name: "Timezone" }).selectOption("Asia/Tokyo");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("Dates now follow Asia/Tokyo.")).toBeVisible();
    // All day on 15 March in Tokyo: the last millisecond of that day there.
    await account.api.post("/api/v1/tasks", {
      title: "Renew the visa",
      due_date: "2030-03-15T14:59:59.999Z",
    });

    // The phone, reloaded, shows the day without a time (in UTC it would read 2:59 PM)…
    await phone.goto("/tasks");
    const visa = phone
      .getByRole("listitem")
      .filter({ has: phone.getByRole("heading", { name: "Renew the visa" }) });
    await expect(visa.getByText(/Mar 15, 2030$/)).toBeVisible();
    // …Settings shows the zone the desktop chose, with nothing to apply…
    await openFromSidebar(phone, "Settings");
    await expect(phone.getByRole("combobox", { name: "Timezone" })).toHaveValue("Asia/Tokyo");
    await expect(phone.getByRole("button", { name: "Apply" })).toBeDisabled();
    // …and the dashboard no longer offers Tokyo.
    await openFromSidebar(phone, "Dashboard");
    await expect(greeting(phone)).toBeVisible();
    await expect(phone.getByRole("region", { name: /as your timezone\?$/ })).toHaveCount(0);

    // With Settings open on both, the desktop changes the zone again; the phone's Settings follows
    // when its tab comes back into view, so Apply there cannot put the old zone back.
    await openFromSidebar(phone, "Settings");
    await expect(phone.getByRole("combobox", { name: "Timezone" })).toHaveValue("Asia/Tokyo");
    await page.getByRole("combobox", { name: "Timezone" }).selectOption("Europe/Berlin");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("Dates now follow Europe/Berlin.")).toBeVisible();
    await returnToTab(phone);
    await expect(phone.getByRole("combobox", { name: "Timezone" })).toHaveValue("Europe/Berlin");
    await expect(phone.getByRole("button", { name: "Apply" })).toBeDisabled();
    await phoneContext.close();
  });
});

test.describe("extraction results", () => {
  test("are held across leaving the screen and reloading until added, and the editor sets the due date and tags", async ({
    page,
    account,
  }) => {
    const panel = page.getByRole("region", { name: /^Extracted Tasks/ });
    const item = (title: string) =>
      panel.getByRole("listitem").filter({ has: page.getByText(title, { exact: true }) });

    await openFromSidebar(page, "AI Extract");
    await page
      .getByLabel("Text to extract tasks from")
      .fill("- [ ] Renew the passport on March 15, 2030\n- [ ] Water the plants #home");
    await page.getByRole("button", { name: "Extract Tasks" }).click();
    await expect(panel.getByRole("listitem")).toHaveCount(2);
    // A date with no time is due all day: no "11:59 PM".
    await expect(item("Renew the passport").getByText(/^Due:\s*Mar 15, 2030$/)).toBeVisible();

    await page.reload();
    await expect(panel.getByRole("listitem")).toHaveCount(2);
    await openFromSidebar(page, "Tasks");
    await openFromSidebar(page, "AI Extract");
    await expect(panel.getByRole("listitem")).toHaveCount(2);

    const plants = item("Water the plants");
    await plants.getByRole("button", { name: 'Edit "Water the plants"' }).click();
    await plants.getByLabel("Due date").fill("04/01/2030");
    await plants.getByLabel("Due time (optional)").fill("9:30 AM");
    await plants.getByLabel("Tags").fill("garden, #weekly");
    await plants.getByRole("button", { name: "Done" }).click();
    await expect(plants.getByText(/^Due:\s*Apr 1, 2030, 9:30 AM$/)).toBeVisible();
    await expect(plants.getByText("#garden")).toBeVisible();
    await expect(plants.getByText("#weekly")).toBeVisible();
    await expect(plants.getByText("#home")).toHaveCount(0);

    await page.reload();
    await expect(item("Water the plants").getByText(/^Due:\s*Apr 1, 2030, 9:30 AM$/)).toBeVisible();
    await page.getByRole("button", { name: "Add All Tasks to My List" }).click();
    await expect(panel).toHaveCount(0);
    const tasks = await account.api.tasks();
    expect(tasks.find((task) => task.title === "Water the plants")).toMatchObject({
      due_date: "2030-04-01T09:30:00.000Z",
      tags: ["garden", "weekly"],
    });
    expect(tasks.find((task) => task.title === "Renew the passport")?.due_date).toMatch(
      /^2030-03-15T23:59:59/,
    );
    await page.reload();
    await expect(page.getByRole("heading", { name: "AI Text Extraction" })).toBeVisible();
    await expect(panel).toHaveCount(0);
  });
});

test.describe("reminders beyond the bell", () => {
  // With the service worker, as a person has it: turning notifications on tries Web Push first.
  test.use({ permissions: ["notifications"], serviceWorkers: "allow" });

  test("a reminder shows as a browser notification and a toast while the app is open, and snoozes from the bell", async ({
    page,
    account,
  }) => {
    // Records every notification the page makes, as the browser would show it.
    await page.addInitScript(() => {
      const shown: { title: string; body?: string; tag?: string }[] = [];
      const Original = window.Notification;
      class Recorded extends Original {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          shown.push({ title, body: options?.body, tag: options?.tag });
        }
      }
      Object.defineProperty(window, "Notification", { value: Recorded, configurable: true, writable: true });
      Object.defineProperty(window, "shownNotifications", { value: shown });
    });
    const shownNotifications = () =>
      page.evaluate(
        () => (window as unknown as { shownNotifications: { body?: string }[] }).shownNotifications,
      );

    await openFromSidebar(page, "Settings");
    const notify = page.getByRole("switch", { name: "Notify me in this browser" });
    await expect(notify).not.toBeChecked();
    await notify.click();
    await expect(page.getByText("Browser notifications on", { exact: true })).toBeVisible();
    await expect(notify).toBeChecked();

    // The Tasks screen, with the bell's first answer in (what it holds then is not announced) and
    // its live-update stream open: the task made below arrives without a reload, whose own first
    // answer could already hold the reminder on a slow machine.
    const bellLoaded = page.waitForResponse((response) => response.url().endsWith("/api/v1/notifications"));
    const streamOpen = page.waitForResponse(
      (response) => response.url().includes("/api/v1/events?ticket=") && response.status() === 200,
    );
    await page.goto("/tasks");
    await Promise.all([bellLoaded, streamOpen]);
    const remindAt = new Date(Date.now() + 1_000);
    remindAt.setUTCMilliseconds(0);
    await account.api.post("/api/v1/tasks", {
      title: "Call the plumber",
      due_date: "2030-03-15T15:00:00.000Z",
      remind_at: remindAt.toISOString(),
    });
    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Call the plumber" }) });
    // The card carries the reminder's mark.
    await expect(card.getByText(/^Reminder\s*\d{1,2}:\d{2}\s[AP]M$/)).toBeVisible();

    await expect
      .poll(async () => (await account.api.get<{ unread: number }>("/api/v1/notifications")).unread, {
        timeout: 15_000,
        intervals: [100],
      })
      .toBe(1);
    await returnToTab(page);
    const text = "Reminder: Call the plumber (due Fri 15 Mar, 15:00)";
    await expect.poll(shownNotifications).toEqual([expect.objectContaining({ body: text })]);
    await expect(page.getByText(text, { exact: true }).first()).toBeVisible();

    await page.getByRole("button", { name: /^Notifications/ }).click();
    const snoozedAt = Date.now();
    await page
      .getByRole("group", { name: `Snooze "${text}"` })
      .getByRole("menuitem", { name: "Snooze 10 min" })
      .click();
    await expect(page.getByText("Reminder snoozed", { exact: true })).toBeVisible();
    const [task] = await account.api.tasks();
    const delay = Date.parse(task!.remind_at!) - snoozedAt;
    expect(delay).toBeGreaterThan(9 * 60_000);
    expect(delay).toBeLessThan(11 * 60_000);
  });
});

test.describe("the default reminder", () => {
  test("the dialog says a date without a time cannot take the default reminder, instead of dropping it silently", async ({
    page,
    account,
  }) => {
    await account.api.put("/auth/settings", { default_reminder_minutes: 15 });
    // The app reads the account again at start: the new default is there after a reload.
    await page.reload();
    await openFromSidebar(page, "Tasks");
    await page.getByRole("button", { name: "Create Task" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create New Task" });
    const remindMe = dialog.getByLabel("Remind me");
    await expect(remindMe).toHaveValue("15");
    await dialog.getByLabel("Title").fill("Renew the lease");
    await dialog.getByLabel("Due Date").fill("03/15/2030");
    await expect(remindMe).toHaveAccessibleDescription("A reminder before the due date needs a due time.");
    await dialog.getByLabel("Due time (optional)").fill("9:00 AM");
    await expect(remindMe).not.toHaveAccessibleDescription(/needs a due time/);
  });
});

test.describe("smaller things", () => {
  test("'/' focuses the header's task search on every screen, Settings' timezone search included", async ({
    page,
    account: _account,
  }) => {
    const headerSearch = page.getByRole("banner").getByRole("searchbox", { name: "Search tasks" });
    for (const screen of ["Dashboard", "Settings", "AI Extract", "Tasks"]) {
      await openFromSidebar(page, screen);
      await page.getByRole("heading", { level: 1 }).first().click();
      await page.keyboard.press("/");
      await expect(headerSearch).toBeFocused();
    }
  });

  test("right-to-left titles and descriptions follow their own direction on the card", async ({
    page,
    account,
  }) => {
    await account.api.post("/api/v1/tasks", { title: "לקנות חלב", description: "מהמכולת בפינה" });
    await openFromSidebar(page, "Tasks");
    const title = page.getByRole("heading", { name: "לקנות חלב" });
    await expect(title).toHaveAttribute("dir", "auto");
    await expect(page.getByText("מהמכולת בפינה")).toHaveAttribute("dir", "auto");
  });

  test("offers 'Install Tasklane' when the browser offers installing, and installs on a click", async ({
    page,
    account: _account,
  }) => {
    const install = page.getByRole("button", { name: "Install Tasklane" });
    await expect(page.getByRole("button", { name: /^Notifications/ })).toBeVisible();
    await expect(install).toHaveCount(0);
    // What Chromium fires once it deems the app installable: the app keeps it for its own button.
    await page.evaluate(() => {
      const offer = new Event("beforeinstallprompt", { cancelable: true });
      const prompted = { value: false };
      Object.assign(offer, {
        prompt: async () => {
          prompted.value = true;
        },
        userChoice: Promise.resolve({ outcome: "accepted" }),
      });
      Object.defineProperty(window, "installPrompted", { get: () => prompted.value });
      window.dispatchEvent(offer);
    });
    await install.click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { installPrompted: boolean }).installPrompted))
      .toBe(true);
    await expect(install).toHaveCount(0);
  });
});
