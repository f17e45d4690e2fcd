import type { TaskJson } from "@contract/tasks";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expect, openFromSidebar, test } from "./support/signed-in";

/** A UTC calendar date moved by whole days. */
function utcDay(date: Date, days = 0): string {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + days))
    .toISOString()
    .slice(0, 10);
}

/** The Wednesday of last week (Monday to Sunday), at noon UTC: a due date that has passed. */
function lastWeeksWednesday(now: Date): string {
  const weekday = now.getUTCDay() || 7;
  return `${utcDay(now, 3 - weekday - 7)}T12:00:00.000Z`;
}

test("the analytics page shows completed tasks, with each chart's table reachable by keyboard", async ({
  page,
  account,
}) => {
  await test.step("arrange three tasks and complete two of them", async () => {
    const created: TaskJson[] = [];
    for (const title of ["Pay the rent", "Book the dentist", "Sort the photos"]) {
      created.push(await account.api.post<TaskJson>("/api/v1/tasks", { title, tags: ["home"] }));
    }
    for (const task of created.slice(0, 2)) {
      await account.api.put(`/api/v1/tasks/${task.id}`, { status: "completed" });
    }
  });

  await openFromSidebar(page, "Analytics");
  await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "30 days", pressed: true })).toBeVisible();
  await expect(page.getByText(/: 2 completed, 3 created\.$/)).toBeVisible();
  await expect(
    page.getByRole("img", { name: /^Bar chart of tasks completed per day: 2 in all\./ }),
  ).toBeVisible();

  await test.step("the table of 'Completed per day', reached and opened with the keyboard", async () => {
    const showTable = page.getByRole("button", { name: "Show table: Completed per day" });
    await page.getByRole("button", { name: "7 days" }).focus();
    let reached = false;
    for (let presses = 0; presses < 20 && !reached; presses += 1) {
      await page.keyboard.press("Tab");
      reached = await showTable.evaluate((button) => button === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.press("Enter");
    const table = page.getByRole("table", { name: "Completed per day" });
    await expect(table).toBeVisible();
    const today = utcDay(new Date());
    await expect(table.getByRole("row", { name: new RegExp(`^${today} 2$`) })).toBeVisible();
    await expect(page.getByRole("button", { name: "Hide table: Completed per day" })).toBeFocused();
  });

  await test.step("another range, and the tag breakdown's numbers", async () => {
    await page.getByRole("button", { name: "7 days" }).click();
    await expect(page).toHaveURL(/\/analytics\?days=7$/);
    await page.getByRole("button", { name: "Show table: By tag" }).click();
    await expect(
      page.getByRole("table", { name: "By tag" }).getByRole("row", { name: "home 2" }),
    ).toBeVisible();
  });

  await expectNoSeriousA11yViolations(page, "/analytics with data and two tables open");

  await test.step("at 375 px the page still fits the screen", async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, "/analytics at 375 px");
  });
});

test("the weekly review reschedules last week's slipped tasks in one go", async ({ page, account }) => {
  const now = new Date();
  const slipped = await account.api.post<TaskJson>("/api/v1/tasks", {
    title: "Renew the car insurance",
    due_date: lastWeeksWednesday(now),
  });
  await account.api.post<TaskJson>("/api/v1/tasks", { title: "Someday, maybe" });

  await openFromSidebar(page, "Analytics");
  await page.getByRole("link", { name: "Weekly review" }).click();
  await expect(page.getByRole("heading", { name: "Weekly review", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Slipped (1)" })).toBeVisible();
  await expect(page.getByText(/1 task slipped past its due date/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, "/review with a slipped task");

  await page.getByLabel("Select all slipped tasks").check();
  const tomorrow = utcDay(now, 1);
  // Typed as the user writes dates: month first, the default.
  const [year, month, day] = tomorrow.split("-");
  await page.getByLabel("Reschedule to").fill(`${month}/${day}/${year}`);
  await page.getByRole("button", { name: "Reschedule selected" }).click();
  await expect(page.getByText(`1 task moved to ${tomorrow}`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Slipped (0)" })).toBeVisible();
  // Nothing was completed that week either: no praise for an empty week.
  await expect(page.getByText("Nothing slipped.", { exact: true })).toBeVisible();

  const stored = (await account.api.tasks()).find((task) => task.id === slipped.id);
  expect(stored?.due_date?.slice(0, 10)).toBe(tomorrow);
  expect(stored?.status).toBe("pending");
});
