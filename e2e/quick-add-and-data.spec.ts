import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, openFromSidebar, test } from "./support/signed-in";

test.use({ profileTimeZone: "Europe/Berlin" });

function taskHeading(page: Page, title: string) {
  return page.getByRole("list", { name: "Tasks" }).getByRole("heading", { name: title, exact: true });
}

test("quick add highlights what it recognised, keeps a clicked date as words and creates on Enter", async ({
  page,
  account,
}) => {
  await openFromSidebar(page, "Tasks");
  const field = page.getByRole("textbox", { name: "Quick add" });
  await field.fill("Read The 5th Wave tomorrow #books !high");
  await expect(page.getByRole("button", { name: "tomorrow: due date. Keep as text" })).toBeVisible();
  await expect(page.getByRole("button", { name: "#books: tag. Keep as text" })).toBeVisible();
  await expect(page.getByRole("button", { name: "!high: priority. Keep as text" })).toBeVisible();

  await page.getByRole("button", { name: "tomorrow: due date. Keep as text" }).click();
  await expect(field).toHaveValue('Read The 5th Wave "tomorrow" #books !high');
  await expect(page.getByRole("button", { name: /tomorrow: due date/ })).toHaveCount(0);
  await field.press("Enter");

  await expect(taskHeading(page, "Read The 5th Wave tomorrow")).toBeVisible();
  const [task] = await account.api.tasks();
  expect(task).toMatchObject({
    title: "Read The 5th Wave tomorrow",
    due_date: null,
    tags: ["books"],
    priority: "high",
  });
});

test("the ? dialog lists the shortcuts; j/k move through the list and x marks a task done", async ({
  page,
  account,
}) => {
  await account.api.post("/api/v1/tasks", { title: "First task", due_date: "2030-01-01T10:00:00.000Z" });
  await account.api.post("/api/v1/tasks", { title: "Second task", due_date: "2030-01-02T10:00:00.000Z" });
  await openFromSidebar(page, "Tasks");
  await expect(taskHeading(page, "Second task")).toBeVisible();

  await page.getByRole("main").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("?");
  const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(dialog).toContainText("Go to Daily Plan");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // j / k focus a task's card (where Tab and Shift-Tab indent and outdent it).
  await page.keyboard.press("j");
  await expect(page.getByRole("group", { name: "First task", exact: true })).toBeFocused();
  await page.keyboard.press("j");
  await expect(page.getByRole("group", { name: "Second task", exact: true })).toBeFocused();
  await page.keyboard.press("k");
  await expect(page.getByRole("group", { name: "First task", exact: true })).toBeFocused();
  await page.keyboard.press("x");
  await expect
    .poll(async () => (await account.api.tasks()).find((task) => task.title === "First task")?.status)
    .toBe("completed");
});

test("a Todoist CSV imports its tasks, and the export downloads", async ({ page, account }) => {
  await openFromSidebar(page, "Settings");
  const csv = [
    "TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE",
    "section,Home,,,,,,,,",
    "task,Fix the leaking tap @home,,1,1,,,tomorrow,en,",
    "task,Book the vet,,3,1,,,,en,",
  ].join("\n");
  await page.getByLabel("File to import").setInputFiles({
    name: "todoist.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText("2 tasks imported, 0 already there")).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^tasklane-tasks-\d{4}-\d{2}-\d{2}\.csv$/);
  const content = await readFile(await download.path(), "utf8");
  expect(content).toContain("Fix the leaking tap");

  await openFromSidebar(page, "Tasks");
  await expect(taskHeading(page, "Fix the leaking tap")).toBeVisible();
  await expect(taskHeading(page, "Book the vet")).toBeVisible();
  expect((await account.api.tasks()).map((task) => task.title).sort()).toEqual([
    "Book the vet",
    "Fix the leaking tap",
  ]);
});
