import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expect, test } from "./support/signed-in";

/**
 * Everyday use, round three: the date and time fields are typed in the user's format (order of
 * day and month, 12- or 24-hour clock), and their calendar starts the week on the user's day.
 */

interface Format {
  order: "dmy" | "mdy";
  clock: "12h" | "24h";
  weekStart: "Monday" | "Sunday";
}

// Each journey arranges its data, then opens its first screen by address: the app loads once.
test.use({ openDashboard: false });

async function chooseFormat(page: Page, { order, clock, weekStart }: Format) {
  await page.goto("/settings");
  const card = page.getByRole("form", { name: "Date and time format" });
  await card.getByLabel("Date order").selectOption(order);
  await card.getByLabel("Clock").selectOption(clock);
  await card.getByLabel("Week starts on").selectOption({ label: weekStart });
  await card.getByRole("button", { name: "Save date format" }).click();
  await expect(page.getByText("Date format updated")).toBeVisible();
}

async function openCreateTask(page: Page, title: string) {
  await page.goto("/tasks");
  await page.getByRole("button", { name: "Create Task" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create New Task" });
  await dialog.getByLabel("Title").fill(title);
  return dialog;
}

const picker = (page: Page) => page.getByRole("dialog", { name: "Choose a date" });

/** The weekday the calendar's columns start on: its heading, and the first day of a whole week. */
async function expectWeekToStartOn(page: Page, weekday: "Monday" | "Sunday") {
  await expect(picker(page).locator("thead th").first()).toHaveText(weekday.slice(0, 2));
  const secondWeek = picker(page).getByRole("row").nth(1);
  await expect(secondWeek.getByRole("gridcell").first()).toHaveAccessibleName(new RegExp(`^${weekday}, `));
}

test.describe("date fields for a user who chose day first, 24 hours and Monday", () => {
  test.use({ viewport: { width: 1280, height: 800 }, colorScheme: "light" });

  test("types the due date so, picks a day from a Monday-first calendar by keyboard, refuses a day that does not exist", async ({
    page,
    account,
  }) => {
    test.slow();
    await chooseFormat(page, { order: "dmy", clock: "24h", weekStart: "Monday" });
    const dialog = await openCreateTask(page, "File the tax return");
    const dueDate = dialog.getByLabel("Due Date");
    const dueTime = dialog.getByLabel("Due time (optional)");

    await test.step("the fields ask for the user's format and read it", async () => {
      await expect(dueDate).toHaveAttribute("placeholder", "DD/MM/YYYY");
      await dueDate.pressSequentially("15/03/2030");
      await expect(dueTime).toHaveAttribute("placeholder", "HH:MM");
      await dueTime.pressSequentially("18:30");
    });

    await test.step("the calendar's week starts on Monday, and it is used from the keyboard", async () => {
      await dialog.getByRole("button", { name: "Choose a date" }).first().click();
      await expect(picker(page).getByRole("grid", { name: "March 2030" })).toBeVisible();
      await expectWeekToStartOn(page, "Monday");
      await expect(picker(page).getByRole("gridcell", { selected: true }).getByRole("button")).toBeFocused();
      await expectNoSeriousA11yViolations(page, "the date picker, light", { include: '[role="dialog"]' });
      await page.emulateMedia({ colorScheme: "dark" });
      await expectNoSeriousA11yViolations(page, "the date picker, dark", { include: '[role="dialog"]' });
      await page.emulateMedia({ colorScheme: "light" });
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("Enter");
      await expect(picker(page)).toHaveCount(0);
      await expect(dueDate).toHaveValue("16/03/2030");
      // Escape closes the calendar alone, not the task's dialog.
      await dialog.getByRole("button", { name: "Choose a date" }).first().click();
      await expect(picker(page)).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(picker(page)).toHaveCount(0);
      await expect(dialog).toBeVisible();
    });

    await test.step("a day that does not exist is refused, saying how to write one", async () => {
      await dueDate.fill("31/02/2030");
      await dueDate.press("Tab");
      await expect(dialog.getByText("Not a date: type it as DD/MM/YYYY.")).toBeVisible();
      await dialog.getByRole("button", { name: "Create Task" }).click();
      await expect(dialog).toBeVisible();
      expect(await account.api.tasks()).toEqual([]);
      await dueDate.fill("16/03/2030");
      await expect(dialog.getByText("Not a date: type it as DD/MM/YYYY.")).toHaveCount(0);
    });

    await test.step("the task is saved with the day and time typed", async () => {
      await dialog.getByRole("button", { name: "Create Task" }).click();
      await expect(dialog).toHaveCount(0);
      const [task] = await account.api.tasks();
      // 18:30 in the new profile's zone, UTC.
      expect(task?.due_date).toBe("2030-03-16T18:30:00.000Z");
    });
  });
});

test.describe("date fields on a 375 px phone for a user who chose month first, 12 hours and Sunday", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the calendar's week starts on Sunday and fits the screen; the due date is typed so", async ({
    page,
    account,
  }) => {
    test.slow();
    await chooseFormat(page, { order: "mdy", clock: "12h", weekStart: "Sunday" });
    const dialog = await openCreateTask(page, "Call the plumber");
    await dialog.getByLabel("Due Date").pressSequentially("3/15/2030");
    await dialog.getByLabel("Due time (optional)").pressSequentially("6:30 pm");

    await dialog.getByRole("button", { name: "Choose a date" }).first().click();
    await expectWeekToStartOn(page, "Sunday");
    const box = await picker(page).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    await expectNoSeriousA11yViolations(page, "the date picker at 375 px", { include: '[role="dialog"]' });
    await page.keyboard.press("Escape");

    await dialog.getByRole("button", { name: "Create Task" }).click();
    await expect(dialog).toHaveCount(0);
    const [task] = await account.api.tasks();
    expect(task?.due_date).toBe("2030-03-15T18:30:00.000Z");

    await test.step("the selection bar's calendar opens above it, within the screen, and reschedules", async () => {
      await page.getByRole("checkbox", { name: 'Select "Call the plumber"' }).check();
      const bar = page.getByRole("toolbar", { name: "Selected tasks" });
      await bar.getByRole("button", { name: "Choose a date" }).click();
      const calendar = await picker(page).boundingBox();
      expect(calendar && calendar.x >= 0 && calendar.x + calendar.width <= 375).toBe(true);
      expect(calendar && calendar.y >= 0 && calendar.y + calendar.height <= 812).toBe(true);
      // It opens on this month, the focus on today: the next day, by keyboard.
      await page.keyboard.press("ArrowRight");
      const day = await picker(page).locator("td[data-focused]").getAttribute("data-day");
      await page.keyboard.press("Enter");
      await expect(page.getByText("1 task rescheduled")).toBeVisible();
      const [moved] = await account.api.tasks();
      expect(moved?.due_date?.slice(0, 10)).toBe(day);
    });
  });
});
