import type { Page } from "@playwright/test";
import { expect, openFromSidebar, test } from "./support/signed-in";

/**
 * Deletes reach the server at once and Undo brings them back from its trash; several tasks are
 * selected and changed together, on a desktop screen and on a 375 px phone. Real browser, real
 * server, real database.
 */

function taskHeading(page: Page, title: string) {
  return page.getByRole("list", { name: "Tasks" }).getByRole("heading", { name: title, exact: true });
}

function deletedToasts(page: Page) {
  return page.locator("[data-sonner-toast]").filter({ hasText: "Task deleted" });
}

test("a delete survives a reload at once, and Undo restores the task", async ({ page, account }) => {
  for (const title of ["Gym", "Call the bank", "Keep me"]) await account.api.post("/api/v1/tasks", { title });
  await openFromSidebar(page, "Tasks");

  await page.getByRole("button", { name: 'Delete "Gym"' }).click();
  await expect(deletedToasts(page)).toBeVisible();
  await page.reload();
  await expect(taskHeading(page, "Keep me")).toBeVisible();
  await expect(taskHeading(page, "Gym")).toHaveCount(0);

  await page.getByRole("button", { name: 'Delete "Call the bank"' }).click();
  await expect(taskHeading(page, "Call the bank")).toHaveCount(0);
  await deletedToasts(page).getByRole("button", { name: "Undo" }).click();
  await expect(taskHeading(page, "Call the bank")).toBeVisible();
  await page.reload();
  await expect(taskHeading(page, "Call the bank")).toBeVisible();
});

test("several deletes while the pointer rests on the toasts are all gone after a reload; Trash restores", async ({
  page,
  account,
}) => {
  for (const title of ["Call the bank", "Water the plants", "Keep me"])
    await account.api.post("/api/v1/tasks", { title });
  await openFromSidebar(page, "Tasks");

  // Each toast comes once the server has answered its DELETE: the pointer goes to the one just
  // shown, in front of the others (an older toast, hovered before it came, ends up behind it).
  await page.getByRole("button", { name: 'Delete "Call the bank"' }).click();
  await deletedToasts(page).filter({ hasText: "Call the bank" }).hover();
  await page.getByRole("button", { name: 'Delete "Water the plants"' }).click();
  await deletedToasts(page).filter({ hasText: "Water the plants" }).hover();
  await expect(deletedToasts(page)).toHaveCount(2);
  await page.reload();
  await expect(taskHeading(page, "Keep me")).toBeVisible();
  await expect(taskHeading(page, "Call the bank")).toHaveCount(0);
  await expect(taskHeading(page, "Water the plants")).toHaveCount(0);

  await page.getByRole("link", { name: "Trash" }).click();
  const deleted = page.getByRole("list", { name: "Deleted tasks" });
  await expect(deleted.getByText("Deleted for good in 30 days")).toHaveCount(2);
  await page.getByRole("button", { name: 'Restore "Water the plants"' }).click();
  await expect(deleted.getByText("Water the plants", { exact: true })).toHaveCount(0);
  await openFromSidebar(page, "Tasks");
  await expect(taskHeading(page, "Water the plants")).toBeVisible();
});

for (const { device, viewport } of [
  { device: "desktop", viewport: { width: 1280, height: 800 } },
  { device: "a 375 px phone", viewport: { width: 375, height: 812 } },
]) {
  test.describe(`on ${device}`, () => {
    test.use({ viewport, openDashboard: false });

    test("several tasks are selected, completed with one Undo, and deleted together", async ({
      page,
      account,
    }) => {
      for (const title of ["Alpha", "Bravo", "Charlie", "Delta"])
        await account.api.post("/api/v1/tasks", { title });
      await page.goto("/tasks");
      const select = (title: string) => page.getByRole("checkbox", { name: `Select "${title}"` });
      const bar = page.getByRole("toolbar", { name: "Selected tasks" });

      await expect(taskHeading(page, "Delta")).toBeVisible();
      const titles = await page.getByRole("list", { name: "Tasks" }).getByRole("heading").allTextContents();
      await select(titles[0]!).click();
      await select(titles[2]!).click({ modifiers: ["Shift"] });
      await expect(bar.getByText("3 selected")).toBeVisible();
      // The bar fits the screen.
      const box = await bar.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);

      await bar.getByRole("button", { name: "Complete" }).click();
      const toast = page.locator("[data-sonner-toast]").filter({ hasText: "3 tasks completed" });
      await expect
        .poll(async () => (await account.api.tasks()).filter((t) => t.status === "completed").length)
        .toBe(3);
      await toast.getByRole("button", { name: "Undo" }).click();
      await expect
        .poll(async () => (await account.api.tasks()).filter((t) => t.status === "completed").length)
        .toBe(0);

      await select("Alpha").click();
      await select("Delta").click();
      await bar.getByRole("button", { name: "Delete" }).click();
      await expect(taskHeading(page, "Alpha")).toHaveCount(0);
      await page.reload();
      await expect(taskHeading(page, "Bravo")).toBeVisible();
      await expect(taskHeading(page, "Delta")).toHaveCount(0);
      expect((await account.api.tasks()).map((task) => task.title).sort()).toEqual(["Bravo", "Charlie"]);
    });
  });
}
