import type { Page } from "@playwright/test";
import { aiInstance } from "./support/ai-instance";
import { expect, openFromSidebar, test, type Account } from "./support/signed-in";

/**
 * Generate against a slow fake AI server, watch the loading state, see the
 * plan, edit a task and see "Not up-to-date"; the same with the built-in engine.
 *
 * The plan is generated asynchronously: the SPA gets a request id, polls every 1.5 s,
 * and a server worker runs the job. A job takes the provider's time plus up to a worker poll (1 s)
 * and a client poll (1.5 s), so waiting for the plan gets more than the default 10 s.
 */
// Each journey arranges its data, then opens its first screen by address: the app loads once.
test.use({ openDashboard: false });

const PLAN_TIMEOUT_MS = aiInstance.planDelayMs + 15_000;
const HOUR_MS = 3_600_000;

async function createTasks(account: Account, tasks: Record<string, unknown>[]): Promise<void> {
  for (const task of tasks) await account.api.post("/api/v1/tasks", task);
}

/** The dashboard's "Today's AI Focus" priorities (at most 3). */
function focusPriorities(page: Page) {
  return page.getByRole("region", { name: "AI priorities" }).getByRole("listitem");
}

/** The dashboard's AI Usage card: "current / limit". */
function usage(page: Page) {
  return page.getByText(/^\d+ \/ \d+$/);
}

/** Both lists of the dashboard's card: the priorities and the other tasks. */
function focusCard(page: Page) {
  return page.getByRole("region", { name: /^(AI priorities|Other tasks)$/ });
}

async function renameTask(page: Page, from: string, to: string): Promise<void> {
  await openFromSidebar(page, "Tasks");
  await page.getByRole("button", { name: `Edit "${from}"` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Task" });
  await dialog.getByLabel("Title").fill(to);
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: to, exact: true })).toBeVisible();
}

/** After a task changed, the report is flagged "Not up-to-date" with its hint. */
async function expectNotUpToDate(page: Page): Promise<void> {
  await expect(page.getByText("Not up-to-date", { exact: true })).toBeVisible();
  await expect(
    page.getByText("Your daily tasks may be outdated. Regenerate to include your latest changes."),
  ).toBeVisible();
}

test.describe("with a slow OpenAI-compatible AI", () => {
  test.use({ baseURL: aiInstance.baseUrl });

  test("the plan is generated while the loading state shows, then goes out of date after an edit", async ({
    page,
    account,
  }) => {
    const titles = ["Draft the budget", "Review the pull requests", "Call the bank", "Water the plants"];
    await createTasks(
      account,
      titles.map((title) => ({ title })),
    );
    await page.goto("/dashboard");

    await test.step("no report yet: the card invites to generate", async () => {
      await expect(
        page.getByText("Click 'Generate AI Tasks' to get your daily AI-prioritized tasks"),
      ).toBeVisible();
      await expect(usage(page)).toHaveText(`0 / ${aiInstance.freeMonthlyLimit}`);
    });

    await test.step("generating shows the loading state until the slow AI answers", async () => {
      const generate = page.getByRole("button", { name: "Generate AI Tasks" });
      await generate.click();
      const loading = page.getByRole("status").filter({ hasText: "AI is analyzing your tasks..." });
      await expect(loading).toBeVisible();
      await expect(loading).toContainText("This may take 30-60 seconds.");
      // The button is disabled while the plan is generated.
      await expect(generate).toBeDisabled();

      await expect(loading).toBeHidden({ timeout: PLAN_TIMEOUT_MS });
      // The fake AI picks the first three open tasks; the fourth is among the other tasks.
      await expect(focusPriorities(page)).toHaveCount(3);
      await expect(page.getByRole("region", { name: "Other tasks" }).getByRole("listitem")).toHaveCount(1);
      await expect(page.getByText("Updated just now")).toBeVisible();
      await expect(page.getByText("Not up-to-date", { exact: true })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Regenerate AI Tasks" })).toBeEnabled();
      // One AI use is charged when the plan completes; the AI Usage card follows.
      await expect(usage(page)).toHaveText(`1 / ${aiInstance.freeMonthlyLimit}`);
    });

    await test.step("the Daily Plan page shows every pick with the AI's reason", async () => {
      await openFromSidebar(page, "Daily Plan");
      await expect(page.getByRole("heading", { name: "Daily Plan", level: 1 })).toBeVisible();
      const picks = page.getByRole("main").locator("ol").getByRole("listitem");
      await expect(picks).toHaveCount(3);
      for (const pick of await picks.all()) await expect(pick).toContainText("Picked by the fake AI");
      for (const title of titles) await expect(page.getByRole("main")).toContainText(title);
    });

    await test.step("editing a task makes the report out of date, and the plan shows the task as it is now", async () => {
      await renameTask(page, "Draft the budget", "Draft the budget (revised)");
      await openFromSidebar(page, "Dashboard");
      await expectNotUpToDate(page);
      await expect(focusCard(page).getByText("Draft the budget (revised)")).toBeVisible();
    });
  });
});

test("the built-in engine plans overdue first, explains why, and goes out of date after an edit", async ({
  page,
  account,
}) => {
  const now = Date.now();
  await createTasks(account, [
    { title: "Water the plants", priority: "low" },
    { title: "Call the plumber", priority: "urgent", due_date: new Date(now + 24 * HOUR_MS).toISOString() },
    { title: "File the tax return", priority: "high", due_date: new Date(now - 48 * HOUR_MS).toISOString() },
  ]);
  await page.goto("/dashboard");

  await test.step("generating shows the plan, ranked by the engine's rules", async () => {
    await page.getByRole("button", { name: "Generate AI Tasks" }).click();
    await expect(focusPriorities(page)).toHaveCount(3, { timeout: PLAN_TIMEOUT_MS });
    await expect(focusPriorities(page)).toContainText([
      "File the tax return",
      "Call the plumber",
      "Water the plants",
    ]);
    await expect(page.getByText("Updated just now")).toBeVisible();
    await expect(page.getByText("Not up-to-date", { exact: true })).toHaveCount(0);
  });

  await test.step("the Daily Plan page gives the reasons from the facts", async () => {
    await openFromSidebar(page, "Daily Plan");
    const picks = page.getByRole("main").locator("ol").getByRole("listitem");
    await expect(picks).toHaveCount(3);
    await expect(picks.nth(0)).toContainText("Overdue by 2 days, high priority");
    await expect(picks.nth(1)).toContainText("Due tomorrow, urgent");
    await expect(picks.nth(2)).toContainText("Low priority");
    await expect(page.getByText("Nothing else is open.")).toBeVisible();
  });

  await test.step("editing a task makes the report out of date", async () => {
    await renameTask(page, "Water the plants", "Water the plants and the lawn");
    await openFromSidebar(page, "Dashboard");
    await expectNotUpToDate(page);
    await expect(focusPriorities(page).filter({ hasText: "Water the plants and the lawn" })).toHaveCount(1);
  });
});
