import type { Page } from "@playwright/test";
import { COLOUR_RULES, expectNoSeriousA11yViolations } from "./support/axe";
import { expect, greeting, openFromSidebar, test } from "./support/signed-in";

/**
 * Everyday use, round three: dates read one way everywhere, as chosen in Settings; the calendar
 * fits a phone; a dark theme that follows the system, with a switch.
 */

/** How far the page is wider than the window (0 when nothing scrolls sideways). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test.describe("the date and time format", () => {
  test.use({ viewport: { width: 1280, height: 800 }, openDashboard: false });

  test("day first and a 24-hour clock: quick add reads 12/03/2027 as 12 March and says so", async ({
    page,
    account,
  }) => {
    await test.step("choose it in Settings", async () => {
      await page.goto("/settings");
      const card = page.getByRole("form", { name: "Date and time format" });
      await card.getByLabel("Date order").selectOption("dmy");
      await card.getByLabel("Clock").selectOption("24h");
      await card.getByRole("button", { name: "Save date format" }).click();
      await expect(page.getByText("Date format updated")).toBeVisible();
      await expectNoSeriousA11yViolations(page, "settings with the date format card");
    });

    await test.step("quick add shows the date it read in words, and saves it", async () => {
      await page.goto("/tasks");
      const field = page.getByRole("textbox", { name: "Quick add" });
      await field.fill("Team lunch on 12/03/2027 at 1pm");
      await expect(page.getByText("Due Fri 12 Mar, 13:00")).toBeVisible();
      await field.press("Enter");
      await expect(page.getByText("Task created")).toBeVisible();
      const [task] = await account.api.tasks();
      // 13:00 in the server's zone for a new profile, UTC.
      expect(task?.due_date).toBe("2027-03-12T13:00:00.000Z");
      // The card shows it day first on the 24-hour clock too.
      await expect(page.getByText("12 Mar 2027, 13:00")).toBeVisible();
    });
  });
});

test.describe("the calendar on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 812 }, openDashboard: false });

  test("is no wider than the screen, even with a long title, and its menus are reachable", async ({
    page,
    account,
  }) => {
    const long =
      "Renew-the-Figma-licences-for-the-whole-design-team-before-they-expire-at-the-end-of-the-year";
    const now = new Date();
    await account.api.post("/api/v1/tasks", { title: long, priority: "high" });
    await account.api.post("/api/v1/tasks", {
      title: `${long} (scheduled)`,
      duration_minutes: 60,
      scheduled_start: new Date(now.getTime() + 3_600_000).toISOString(),
    });
    await page.goto("/calendar");
    await expect(page.getByRole("heading", { name: "Calendar", level: 1 })).toBeVisible();
    await expect(page.getByRole("list", { name: "Tasks not scheduled" }).getByText(long)).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    // Every task menu's button lies within the screen.
    const menus = page.getByRole("button", { name: /^Options for "/ });
    await expect(menus.first()).toBeVisible();
    for (const menu of await menus.all()) {
      const box = await menu.boundingBox();
      if (box) expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    await expectNoSeriousA11yViolations(page, "calendar at 375 px");
  });
});

test.describe("the theme", () => {
  test.use({ viewport: { width: 1280, height: 800 }, colorScheme: "light" });

  test("follows the system, switches to Dark from the header and keeps it, axe clean in both", async ({
    page,
    account: _account,
  }) => {
    test.slow();
    const html = page.locator("html");
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(html).toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: "light" });
    await expect(html).not.toHaveClass(/\bdark\b/);

    await page.getByRole("button", { name: "Theme: System" }).click();
    await page.getByRole("menuitemradio", { name: "Dark" }).click();
    await expect(html).toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(greeting(page)).toBeVisible();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(page.getByRole("button", { name: "Theme: Dark" })).toBeVisible();
    // The light theme's screens are scanned whole by the accessibility journeys; the dark theme
    // changes only colours, so its screens are scanned for what colours can break.
    const scanColours = (screen: string) =>
      expectNoSeriousA11yViolations(page, screen, { rules: COLOUR_RULES });
    await scanColours("dashboard, dark");
    await openFromSidebar(page, "Tasks");
    await expect(page.getByRole("heading", { name: "No tasks found" })).toBeVisible();
    await scanColours("tasks, dark");
    await openFromSidebar(page, "Calendar");
    await expect(page.getByRole("heading", { name: "Calendar", level: 1 })).toBeVisible();
    await scanColours("calendar, dark");
    await openFromSidebar(page, "Settings");
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    await scanColours("settings, dark");
  });
});
