import type { Page } from "@playwright/test";
import { expect, openFromSidebar, test } from "./support/signed-in";

/**
 * Deletes reach the server at once and Undo brings them back from its trash; several tasks are
 * selected and changed together. Real browser, real server, real database.
 */

function taskHeading(page: Page, title: string) {
  return page.getByRole("list", { name: "Tasks" }).getByRole("heading", { name: title, exact: true });
}

function deletedToasts(page: Page) {
  return page.locator("[data-sonner-toast]").filter({ hasText: "Task deleted" });
}

test("a delete survives a reload at once, Undo restores it, and the Trash screen brings tasks back", async ({
  page,
  account,
}) => {
  for (const title of ["Gym", "Call the bank", "Water the plants", "Keep me"])
    await account.api.post("/api/v1/tasks", { title });
  await openFromSidebar(page, "Tasks");

  await test.step("deleted, then reloaded at once: still gone", async () => {
    await page.getByRole("button", { name: 'Delete "Gym"' }).click();
    await expect(deletedToasts(page)).toBeVisible();
    await page.reload();
    await expect(taskHeading(page, "Keep me")).toBeVisible();
    await expect(taskHeading(page, "Gym")).toHaveCount(0);
  });

  await test.step("Undo brings the task back", async () => {
    await page.getByRole("button", { name: 'Delete "Call the bank"' }).click();
    await expect(taskHeading(page, "Call the bank")).toHaveCount(0);
    await deletedToasts(page).getByRole("button", { name: "Undo" }).click();
    await expect(taskHeading(page, "Call the bank")).toBeVisible();
    await page.reload();
    await expect(taskHeading(page, "Call the bank")).toBeVisible();
  });

  await test.step("several deletes while the pointer rests on the toasts: all gone after a reload", async () => {
    await page.getByRole("button", { name: 'Delete "Call the bank"' }).click();
    await deletedToasts(page).first().hover();
    await page.getByRole("button", { name: 'Delete "Water the plants"' }).click();
    await deletedToasts(page).first().hover();
    await expect(deletedToasts(page)).toHaveCount(2);
    await page.reload();
    await expect(taskHeading(page, "Keep me")).toBeVisible();
    await expect(taskHeading(page, "Call the bank")).toHaveCount(0);
    await expect(taskHeading(page, "Water the plants")).toHaveCount(0);
    expect((await account.api.tasks()).map((task) => task.title)).toEqual(["Keep me"]);
  });

  await test.step("the Trash screen restores a task", async () => {
    await page.getByRole("link", { name: "Trash" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Trash" })).toBeVisible();
    const deleted = page.getByRole("list", { name: "Deleted tasks" });
    await expect(deleted.getByText("Deleted for good in 30 days")).toHaveCount(3);
    await page.getByRole("button", { name: 'Restore "Gym"' }).click();
    await expect(deleted.getByText("Gym", { exact: true })).toHaveCount(0);
    await openFromSidebar(page, "Tasks");
    await expect(taskHeading(page, "Gym")).toBeVisible();
  });
});
