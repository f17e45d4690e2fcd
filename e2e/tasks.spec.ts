import type { Locator, Page } from "@playwright/test";
import { expect, openFromSidebar, test } from "./support/signed-in";

/**
 * Create a task with tags and a due date while the profile timezone differs
 * from the browser's and see the right local date; edit; toggle; change status; search; delete;
 * the dashboard's counts follow each change. Real browser, real server, real database.
 *
 * The browser runs in New York and the profile says Tokyo (13 or 14 hours ahead), so a due date
 * typed as a morning in Tokyo is the previous evening in New York: the date on the card tells
 * which zone the app used (dates are shown, and typed due dates read, in the user's timezone).
 */
test.use({ timezoneId: "America/New_York", profileTimeZone: "Asia/Tokyo" });

interface Counts {
  total: number;
  completed: number;
  inProgress: number;
  pending: number;
}

/** The four stat cards. */
async function expectDashboardCounts(page: Page, counts: Counts): Promise<void> {
  await openFromSidebar(page, "Dashboard");
  const cards: [string, number][] = [
    ["Total Tasks", counts.total],
    ["Completed", counts.completed],
    ["In Progress", counts.inProgress],
    ["Pending", counts.pending],
  ];
  for (const [title, count] of cards) {
    await expect(page.getByRole("group", { name: title }).getByText(/^\d+$/), title).toHaveText(
      String(count),
    );
  }
}

function taskCard(page: Page, title: string): Locator {
  return page
    .getByRole("list", { name: "Tasks" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

/** The badge beside the search box with the count of tasks. */
function taskCount(page: Page): Locator {
  return page.getByRole("main").getByText(/^\d+ tasks?$/);
}

/** The card's due-date badge: the calendar icon's badge, read as "Due <date>". */
function dueBadge(card: Locator): Locator {
  return card.locator("[title]").filter({ hasText: /^Due/ });
}

test("a task is created, edited, toggled, moved, searched for and deleted, and the dashboard follows", async ({
  page,
  account,
}) => {
  const first = "Plan the spring launch";
  const renamed = "Plan the summer launch";
  const second = "Renew the passport";

  await test.step("the browser's zone and the profile's differ", async () => {
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
      "America/New_York",
    );
    await expectDashboardCounts(page, { total: 0, completed: 0, inProgress: 0, pending: 0 });
    // The empty dashboard offers "Go to Tasks".
    await page.getByRole("link", { name: "Go to Tasks" }).click();
    await expect(page).toHaveURL(/\/tasks$/);
    await expect(page.getByRole("heading", { name: "No tasks found" })).toBeVisible();
    await expect(page.getByText("Get started by creating your first task")).toBeVisible();
  });

  await test.step("create: tags and a due date typed in the profile's zone", async () => {
    await page.getByRole("button", { name: "Create Task" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create New Task" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Time zone: Asia/Tokyo")).toBeVisible();

    await dialog.getByLabel("Title").fill(first);
    await dialog.getByLabel("Description").fill("Agree on the dates with the team");
    await dialog.getByLabel("Priority").selectOption("High");
    await dialog.getByLabel("Due Date").fill("03/15/2030");
    await dialog.getByLabel("Due time (optional)").fill("8:00 AM");
    const tags = dialog.getByLabel("Tags", { exact: true });
    for (const tag of ["launch", "marketing", "launch"]) {
      await tags.fill(tag);
      await tags.press("Enter");
    }
    // Duplicates are ignored.
    await expect(dialog.getByRole("list", { name: "Added tags" }).getByRole("listitem")).toHaveText([
      "launch",
      "marketing",
    ]);
    await dialog.getByRole("button", { name: "Create Task" }).click();
    await expect(dialog).toBeHidden();

    const card = taskCard(page, first);
    await expect(card).toBeVisible();
    await expect(card.getByText("Agree on the dates with the team")).toBeVisible();
    await expect(card.getByText("Priority: High", { exact: true })).toBeVisible();
    await expect(card.getByText("launch", { exact: true })).toBeVisible();
    await expect(card.getByText("marketing", { exact: true })).toBeVisible();
    // 08:00 in Tokyo is 19:00 the day before in New York: the card shows Tokyo's date.
    await expect(dueBadge(card)).toHaveText(/^Due\s*Mar 15, 2030, 8:00 AM$/);
    await expect(dueBadge(card)).toHaveAttribute("title", "Mar 15, 2030, 8:00 AM");
    await expect(taskCount(page)).toHaveText("1 task");

    const [stored] = await account.api.tasks();
    expect(stored?.due_date && new Date(stored.due_date).toISOString()).toBe("2030-03-14T23:00:00.000Z");
    expect(stored?.tags).toEqual(["launch", "marketing"]);
  });

  await test.step("the dashboard counts the new task as pending", async () => {
    await expectDashboardCounts(page, { total: 1, completed: 0, inProgress: 0, pending: 1 });
  });

  await test.step("edit: the form shows the due date in the profile's zone and saves the changes", async () => {
    await openFromSidebar(page, "Tasks");
    await taskCard(page, first)
      .getByRole("button", { name: `Edit "${first}"` })
      .click();
    const dialog = page.getByRole("dialog", { name: "Edit Task" });
    await expect(dialog.getByLabel("Due Date")).toHaveValue("03/15/2030");
    await expect(dialog.getByLabel("Due time (optional)")).toHaveValue("8:00 AM");
    await expect(dialog.getByLabel("Status")).toHaveValue("pending");

    await dialog.getByLabel("Title").fill(renamed);
    await dialog.getByLabel("Due Date").fill("07/01/2030");
    await dialog.getByLabel("Due time (optional)").fill("6:00 AM");
    // Click a tag to remove it.
    await dialog.getByRole("button", { name: "Remove tag marketing" }).click();
    await dialog.getByLabel("Tags", { exact: true }).fill("q3");
    await dialog.getByLabel("Tags", { exact: true }).press("Enter");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog).toBeHidden();

    const card = taskCard(page, renamed);
    await expect(card).toBeVisible();
    await expect(taskCard(page, first)).toHaveCount(0);
    await expect(card.getByText("q3", { exact: true })).toBeVisible();
    await expect(card.getByText("marketing", { exact: true })).toHaveCount(0);
    // 06:00 on 1 July in Tokyo is 17:00 on 30 June in New York.
    await expect(dueBadge(card)).toHaveText(/^Due\s*Jul 1, 2030, \d{1,2}:\d{2} [AP]M$/);

    const [stored] = await account.api.tasks();
    expect(stored?.due_date && new Date(stored.due_date).toISOString()).toBe("2030-06-30T21:00:00.000Z");
  });

  await test.step("toggle: the round toggle completes the task", async () => {
    const card = taskCard(page, renamed);
    const toggle = card.getByRole("checkbox", { name: `Mark "${renamed}" as completed` });
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(toggle).toBeChecked();
    // The title is struck through when completed.
    await expect(card.getByRole("heading", { name: renamed })).toHaveCSS(
      "text-decoration-line",
      "line-through",
    );
    await expect(card.getByRole("combobox", { name: `Status of "${renamed}"` })).toHaveValue("completed");
    await expectDashboardCounts(page, { total: 1, completed: 1, inProgress: 0, pending: 0 });
  });

  await test.step("status: the dropdown moves the task to In Progress", async () => {
    await openFromSidebar(page, "Tasks");
    const card = taskCard(page, renamed);
    await card.getByRole("combobox", { name: `Status of "${renamed}"` }).selectOption("In Progress");
    await expect(card.getByRole("checkbox", { name: `Mark "${renamed}" as completed` })).not.toBeChecked();
    await expect(card.getByRole("heading", { name: renamed })).toHaveCSS("text-decoration-line", "none");
    await expectDashboardCounts(page, { total: 1, completed: 0, inProgress: 1, pending: 0 });
    expect((await account.api.tasks())[0]?.status).toBe("in_progress");
  });

  await test.step("a second task, without a due date", async () => {
    await openFromSidebar(page, "Tasks");
    await page.getByRole("button", { name: "Create Task" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Task" });
    await dialog.getByLabel("Title").fill(second);
    await dialog.getByRole("button", { name: "Create Task" }).click();
    await expect(taskCard(page, second)).toBeVisible();
    await expect(dueBadge(taskCard(page, second))).toHaveCount(0);
    await expectDashboardCounts(page, { total: 2, completed: 0, inProgress: 1, pending: 1 });
  });

  await test.step("search: by title, by tag, and a search that finds nothing", async () => {
    await openFromSidebar(page, "Tasks");
    const search = page.getByRole("main").getByRole("searchbox", { name: "Search tasks" });
    const count = taskCount(page);
    await expect(count).toHaveText("2 tasks");

    await search.fill("SUMMER");
    await expect(count).toHaveText("1 task");
    await expect(taskCard(page, renamed)).toBeVisible();
    await expect(taskCard(page, second)).toHaveCount(0);

    await search.fill("q3");
    await expect(count).toHaveText("1 task");
    await expect(taskCard(page, renamed)).toBeVisible();

    await search.fill("no such thing");
    await expect(page.getByRole("heading", { name: "No tasks found" })).toBeVisible();
    await expect(page.getByText("Try adjusting your search query")).toBeVisible();

    await search.fill("");
    await expect(count).toHaveText("2 tasks");
  });

  await test.step("delete: Undo in the toast brings the task back", async () => {
    await taskCard(page, second)
      .getByRole("button", { name: `Delete "${second}"` })
      .click();
    await expect(taskCard(page, second)).toHaveCount(0);
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Task deleted" });
    await expect(toast).toContainText(second);
    await toast.getByRole("button", { name: "Undo" }).click();
    await expect(toast).toBeHidden();
    await expect(taskCard(page, second)).toBeVisible();
    expect(await account.api.tasks()).toHaveLength(2);
  });

  await test.step("delete: the task is deleted at once, a reload does not bring it back", async () => {
    await taskCard(page, second)
      .getByRole("button", { name: `Delete "${second}"` })
      .click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Task deleted" });
    await expect(toast).toBeVisible();
    await expect(taskCard(page, second)).toHaveCount(0);
    await expect.poll(async () => (await account.api.tasks()).map((task) => task.title)).toEqual([renamed]);

    await page.reload();
    await expect(taskCard(page, renamed)).toBeVisible();
    await expect(taskCard(page, second)).toHaveCount(0);
    await expectDashboardCounts(page, { total: 1, completed: 0, inProgress: 1, pending: 0 });
  });
});
