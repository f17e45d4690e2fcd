import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, expectNoSeriousToastViolations } from "./support/axe";
import { expect, greeting, openFromSidebar, test } from "./support/signed-in";

/**
 * Axe on every screen and dialog — landing, login, register, 404, dashboard, tasks with
 * its Create and Edit dialogs, extract, daily plan, settings, the coming-soon pages, the user menu
 * and the mobile menu at 375 px — with no serious or critical violation. Screens are scanned in
 * the states a user meets: empty, with data, with errors shown, with a stale daily plan.
 */

const scan = expectNoSeriousA11yViolations;

/** A dialog or menu: scanned on its own, since Radix makes the page behind it inert. */
const OPEN_DIALOG = "[role=dialog][data-state=open]";
const OPEN_MENU = "[role=menu][data-state=open]";

test("public screens: landing, login, register and 404", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Transform Your Tasks Automatically" })).toBeVisible();
  await scan(page, "landing");

  // By the links a visitor follows: the app loaded once, not once a screen.
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await scan(page, "login");
  // The validation messages and the auth error above the form.
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await scan(page, "login with validation errors");
  await page.getByLabel("Email").fill("nobody@example.com");
  await page.getByLabel("Password", { exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await scan(page, "login with the auth error");

  await page.getByRole("link", { name: "Sign up" }).click();
  await expect(page.getByRole("heading", { name: "Create an account" })).toBeVisible();
  await scan(page, "register");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Verification code is required")).toBeVisible();
  await scan(page, "register with validation errors");

  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await scan(page, "404");
});

async function openTaskDialog(page: Page, trigger: string, title: string) {
  await page.getByRole("button", { name: trigger }).first().click();
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("signed-in screens, dialogs and menus, empty and with data", async ({ page, account }) => {
  // One journey through every signed-in screen, dialog and menu, with an axe scan of each: it takes
  // longer than a single flow.
  test.slow();
  await test.step("empty: dashboard, tasks, the Create dialog with its validation error", async () => {
    await expect(
      page.getByText("Click 'Generate AI Tasks' to get your daily AI-prioritized tasks"),
    ).toBeVisible();
    await expect(page.getByRole("group", { name: "Total Tasks" })).toContainText("0");
    await scan(page, "dashboard, no tasks");

    await openFromSidebar(page, "Tasks");
    await expect(page.getByRole("heading", { name: "No tasks found" })).toBeVisible();
    await scan(page, "tasks, empty");

    const dialog = await openTaskDialog(page, "Create Task", "Create New Task");
    await dialog.getByLabel("Tags", { exact: true }).fill("home");
    await dialog.getByLabel("Tags", { exact: true }).press("Enter");
    await dialog.getByRole("button", { name: "Create Task" }).click();
    await expect(dialog.getByText("Title is required")).toBeVisible();
    await scan(page, "Create Task dialog with an error", { include: OPEN_DIALOG });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step("arrange: tasks in every state and a daily plan that is out of date", async () => {
    const tomorrow = new Date(Date.now() + 24 * 3_600_000).toISOString();
    const yesterday = new Date(Date.now() - 24 * 3_600_000).toISOString();
    const created: { id: string }[] = [];
    for (const task of [
      { title: "Renew the passport", priority: "urgent", due_date: yesterday, tags: ["admin"] },
      {
        title: "Plan the garden",
        description: "Seeds, soil and a sunny corner",
        priority: "low",
        tags: ["home"],
      },
      { title: "Write the newsletter", priority: "high", due_date: tomorrow, status: "in_progress" },
      { title: "Book the dentist", priority: "medium", status: "completed" },
      { title: "Sell the old bike", status: "cancelled" },
    ]) {
      created.push(await account.api.post<{ id: string }>("/api/v1/tasks", task));
    }
    const { request_id } = await account.api.post<{ request_id: string }>(
      "/api/v1/tasks/daily/generate/async",
      {},
    );
    await expect
      .poll(
        async () =>
          (await account.api.get<{ status: string }>(`/api/v1/tasks/daily/generate/status/${request_id}`))
            .status,
      )
      .toBe("completed");
    // A change after the plan: the dashboard shows "Not up-to-date" with its hint.
    await account.api.put(`/api/v1/tasks/${created[1]!.id}`, { priority: "medium" });
  });

  await test.step("with data: dashboard, tasks, the Edit dialog", async () => {
    // A fresh load: the data was arranged behind the SPA's back.
    await page.goto("/dashboard");
    await expect(page.getByText("Not up-to-date", { exact: true })).toBeVisible();
    await expect(page.getByRole("group", { name: "Total Tasks" })).toContainText("5");
    await scan(page, "dashboard with tasks and a stale plan");

    await openFromSidebar(page, "Tasks");
    await expect(page.getByRole("heading", { name: "Renew the passport" })).toBeVisible();
    await scan(page, "tasks with every status");

    const dialog = await openTaskDialog(page, 'Edit "Plan the garden"', "Edit Task");
    await expect(dialog.getByLabel("Title")).toHaveValue("Plan the garden");
    await scan(page, "Edit Task dialog", { include: OPEN_DIALOG });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step("extract, with results", async () => {
    await openFromSidebar(page, "AI Extract");
    await expect(page.getByRole("heading", { name: "AI Text Extraction" })).toBeVisible();
    // Scanned once the usage figures have loaded, not their skeleton.
    await expect(
      page.getByRole("complementary", { name: "AI usage and examples" }).getByText(/^\d+ \/ \d+/),
    ).toBeVisible();
    await scan(page, "extract");
    await page
      .getByLabel("Text to extract tasks from")
      .fill("- [ ] Fix the gate #urgent #home\n- [x] Oil the hinges");
    await page.getByRole("switch", { name: /Override timezone/ }).click();
    await page.getByRole("button", { name: "Extract Tasks" }).click();
    // The success toast first, while it shows (the scan pauses its timer).
    await expectNoSeriousToastViolations(page, "the success toast", "Tasks extracted");
    await expect(page.getByRole("region", { name: /^Extracted Tasks/ })).toBeVisible();
    await scan(page, "extract with results and the timezone override");
  });

  await test.step("daily plan and settings", async () => {
    await openFromSidebar(page, "Daily Plan");
    await expect(page.getByRole("heading", { name: "Daily Plan", level: 1 })).toBeVisible();
    await expect(page.getByText("Not up-to-date", { exact: true })).toBeVisible();
    await scan(page, "daily plan");

    await openFromSidebar(page, "Settings");
    await expect(page.getByRole("combobox", { name: "Timezone" })).toBeVisible();
    await scan(page, "settings");
  });

  await test.step("the user menu and the coming-soon pages it and the sidebar lead to", async () => {
    const openUserMenu = async () => {
      await page.getByRole("button", { name: /^Account menu for / }).click();
      await expect(page.getByRole("menuitem", { name: "Log out" })).toBeVisible();
    };
    await openUserMenu();
    await scan(page, "user menu", { include: OPEN_MENU });
    await page.getByRole("menuitem", { name: "Profile" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("heading", { name: "Coming Soon" })).toBeVisible();
    await scan(page, "/profile (coming soon)");

    await openUserMenu();
    await page.getByRole("menuitem", { name: "Upgrade to Premium" }).click();
    await expect(page).toHaveURL(/\/premium$/);
    await expect(page.getByRole("heading", { name: "Coming Soon" })).toBeVisible();
    await scan(page, "/premium (coming soon)");

    await openFromSidebar(page, "Analytics");
    await expect(page).toHaveURL(/\/analytics$/);
    await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Completed per day" })).toBeVisible();
    await scan(page, "/analytics");
  });

  await test.step("at 375 px: the dashboard and the mobile menu", async () => {
    await openFromSidebar(page, "Dashboard");
    // The screen as it lays itself out again on a narrower window: no reload needed.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(greeting(page)).toBeVisible();
    await expect(page.getByRole("button", { name: "Open navigation menu" })).toBeVisible();
    await scan(page, "dashboard at 375 px");

    await page.getByRole("button", { name: "Open navigation menu" }).click();
    const menu = page.getByRole("dialog", { name: "Navigation menu" });
    await expect(menu.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await scan(page, "mobile menu at 375 px", { include: OPEN_DIALOG });
    await menu.getByRole("button", { name: "Close navigation menu" }).click();
    await expect(menu).toBeHidden();
  });
});
