import type { Page } from "@playwright/test";
import type { TaskJson } from "@contract/tasks";
import { expect, openFromSidebar, test } from "./support/signed-in";

/**
 * A long-time user: 300 open tasks and a history of 5,000 completed ones, imported through the
 * API. The dashboard counts them all without downloading them, the Tasks screen shows the open
 * ones and the newest completed, and the rest of the history comes a page at a time.
 */

const OPEN = 300;
const COMPLETED = 5_000;
const HOUR_MS = 3_600_000;

/** A Tasklane JSON export of the account: "Done 1" completed an hour ago, "Done 5000" long before. */
function historyExport(now: number): string {
  const task = (title: string, completedAt: string | null): TaskJson & { events: [] } => ({
    id: title,
    title,
    description: null,
    status: completedAt ? "completed" : "pending",
    priority: "medium",
    due_date: null,
    tags: [],
    source: { type: "Manual" },
    created_at: new Date(now - (COMPLETED + 10) * HOUR_MS).toISOString(),
    updated_at: new Date(now - HOUR_MS).toISOString(),
    completed_at: completedAt,
    completed_at_approximate: false,
    recurrence: null,
    remind_at: null,
    project_id: "",
    parent_id: null,
    duration_minutes: null,
    scheduled_start: null,
    assignee_id: null,
    position: null,
    events: [],
  });
  const tasks = [
    ...Array.from({ length: OPEN }, (_, index) => task(`Open ${index + 1}`, null)),
    ...Array.from({ length: COMPLETED }, (_, index) =>
      task(`Done ${index + 1}`, new Date(now - (index + 1) * HOUR_MS).toISOString()),
    ),
  ];
  return JSON.stringify({ format: "tasklane", version: 1, exported_at: new Date(now).toISOString(), tasks });
}

function shownCount(page: Page) {
  return page.getByRole("main").getByText(/^\d+ tasks?$/);
}

function taskHeading(page: Page, title: string) {
  return page.getByRole("heading", { name: title, exact: true });
}

// Each journey arranges its data, then opens its first screen by address: the app loads once.
test.use({ openDashboard: false });

test("a user with 5,000 completed tasks sees the dashboard, the open tasks and the history page by page", async ({
  page,
  request,
  account,
}) => {
  test.setTimeout(120_000);
  const imported = await request.post("/api/v1/import", {
    headers: { authorization: `Bearer ${account.token}` },
    multipart: {
      file: {
        name: "history.json",
        mimeType: "application/json",
        buffer: Buffer.from(historyExport(Date.now())),
      },
    },
  });
  expect(imported.ok(), await imported.text()).toBe(true);
  expect(await imported.json()).toMatchObject({ created: OPEN + COMPLETED, errors: [] });

  // The dashboard counts every task, asking for none of them.
  const listCalls: string[] = [];
  page.on("request", (sent) => {
    if (new URL(sent.url()).pathname === "/api/v1/tasks") listCalls.push(new URL(sent.url()).search);
  });
  await page.goto("/dashboard");
  const totalCard = page.getByRole("group", { name: "Total Tasks" });
  await expect(totalCard).toContainText(String(OPEN + COMPLETED));
  await expect(page.getByRole("group", { name: "Completed" })).toContainText(String(COMPLETED));
  expect(listCalls).toEqual([]);

  // The Tasks screen: the open tasks and the newest 50 completed, never the whole history.
  await openFromSidebar(page, "Tasks");
  await expect(shownCount(page)).toHaveText(`${OPEN + 50} tasks`);
  await expect(page.getByRole("list", { name: "Tasks" }).getByRole("heading").first()).toHaveText(
    /^Open \d+$/,
  );
  expect(listCalls.length).toBeGreaterThan(0);
  expect(listCalls.every((query) => query.includes("status="))).toBe(true);

  // The next pages of the history, 50 at a time.
  await page.getByRole("button", { name: "Load more completed tasks" }).click();
  await expect(shownCount(page)).toHaveText(`${OPEN + 100} tasks`);
  await page.getByRole("button", { name: "Load more completed tasks" }).click();
  await expect(shownCount(page)).toHaveText(`${OPEN + 150} tasks`);

  // An old one, far beyond the pages loaded, is found by a search the server runs on the history.
  await page.getByRole("main").getByPlaceholder("Search tasks...").fill("Done 4321");
  await expect(taskHeading(page, "Done 4321")).toBeVisible();

  // Today shows open work only: no completed task is asked for there.
  await page.getByRole("main").getByPlaceholder("Search tasks...").fill("");
  const before = listCalls.length;
  await page.goto("/tasks?view=today");
  await expect(page.getByRole("heading", { name: "Tasks", level: 1 })).toBeVisible();
  await expect.poll(() => listCalls.length).toBeGreaterThan(before);
  expect(listCalls.slice(before).some((query) => query.includes("order=completed_at"))).toBe(false);
});
