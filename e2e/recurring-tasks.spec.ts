import type { Locator, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expect, openFromSidebar, test } from "./support/signed-in";

/**
 * A weekly task: made in the dialog's Repeat control, completed with its round toggle, and
 * followed by the next one, due a week later at the same local time although Berlin moves to
 * summer time in between (Sunday 31 March 2030). Real browser, real server, real database.
 */
test.use({ timezoneId: "Europe/Berlin", profileTimeZone: "Europe/Berlin" });

const TITLE = "Water the plants";

function cards(page: Page): Locator {
  return page
    .getByRole("list", { name: "Tasks" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: TITLE, exact: true }) });
}

function dueBadge(card: Locator): Locator {
  return card.locator("[title]").filter({ hasText: /^Due/ });
}

test("a weekly task, once completed, is followed by the next one a week later at the same local time", async ({
  page,
  account,
}) => {
  await openFromSidebar(page, "Tasks");

  await test.step("create it: Monday 25 March 2030, 09:00, repeating weekly on Monday", async () => {
    await page.getByRole("button", { name: "Create Task" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create New Task" });
    await dialog.getByLabel("Title").fill(TITLE);
    await dialog.getByLabel("Due Date").fill("03/25/2030");
    await dialog.getByLabel("Due time (optional)").fill("9:00 AM");
    const repeat = dialog.getByLabel("Repeat", { exact: true });
    await expect(repeat).toHaveValue("never");
    await repeat.selectOption("Weekly on Monday");
    await expect(dialog.getByText("Completing it creates the next one.")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "Create Task dialog with Repeat", {
      include: '[role="dialog"]',
    });
    await dialog.getByRole("button", { name: "Create Task" }).click();
    await expect(dialog).toBeHidden();

    const card = cards(page);
    await expect(card).toHaveCount(1);
    await expect(card.getByText("every week on Monday")).toBeVisible();
    await expect(dueBadge(card)).toHaveText(/^Due\s*Mar 25, 2030, 9:00 AM$/);
    const [stored] = await account.api.tasks();
    expect(stored?.recurrence).toBe("FREQ=WEEKLY;BYDAY=MO");
  });

  await test.step("complete it: the next one appears, pending, due Monday 1 April at 09:00", async () => {
    await page.getByRole("checkbox", { name: `Mark "${TITLE}" as completed`, checked: false }).click();
    await expect(cards(page)).toHaveCount(2);
    const next = cards(page).filter({
      has: page.getByRole("checkbox", { name: `Mark "${TITLE}" as completed`, checked: false }),
    });
    await expect(next).toHaveCount(1);
    await expect(dueBadge(next)).toHaveText(/^Due\s*Apr 1, 2030, 9:00 AM$/);
    await expect(next.getByText("every week on Monday")).toBeVisible();
    await expect(next.getByRole("combobox", { name: `Status of "${TITLE}"` })).toHaveValue("pending");

    const tasks = await account.api.tasks();
    expect(tasks.map((task) => [task.status, task.due_date]).sort()).toEqual([
      ["completed", "2030-03-25T08:00:00.000Z"],
      // 09:00 in summer time (UTC+2)
      ["pending", "2030-04-01T07:00:00.000Z"],
    ]);
  });

  await test.step("on a phone, the Edit dialog shows the rule and the custom interval, all reachable", async () => {
    await page.setViewportSize({ width: 375, height: 667 });
    await cards(page)
      .filter({ has: page.getByRole("checkbox", { name: `Mark "${TITLE}" as completed`, checked: false }) })
      .getByRole("button", { name: `Edit "${TITLE}"` })
      .click();
    const dialog = page.getByRole("dialog", { name: "Edit Task" });
    const repeat = dialog.getByLabel("Repeat", { exact: true });
    await expect(repeat).toHaveValue("weekly");
    await repeat.focus();
    await repeat.selectOption("custom");
    await expect(dialog.getByLabel("Repeat every")).toHaveValue("1");
    await dialog.getByLabel("Repeat every").fill("2");
    await dialog.getByLabel("Unit").selectOption("weeks");
    await expectNoSeriousA11yViolations(page, "Edit Task dialog with a custom repeat on a phone", {
      include: '[role="dialog"]',
    });
    await dialog.getByRole("button", { name: "Save Changes" }).scrollIntoViewIfNeeded();
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("every 2 weeks")).toBeVisible();
  });
});
