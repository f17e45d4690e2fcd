import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import type { ProjectJson } from "@contract/projects";
import type { TaskJson } from "@contract/tasks";
import { expect, openFromSidebar, test } from "./support/signed-in";

/**
 * What a new user tripped over in the first hour, third round, each as that user meets it: real
 * browser, real server, real database; on a desktop screen and on a 375 px phone where the screen
 * differs.
 */

test.use({ profileTimeZone: "Europe/Berlin" });

const DEVICES = [
  { device: "desktop", viewport: { width: 1280, height: 800 }, phone: false },
  { device: "a 375 px phone", viewport: { width: 375, height: 812 }, phone: true },
];

function taskHeading(page: Page, title: string) {
  return page.getByRole("list", { name: "Tasks" }).getByRole("heading", { name: title, exact: true });
}

/** The sidebar's Projects, or on a phone the navigation drawer's (opened). */
async function projectsNav(page: Page, phone: boolean): Promise<Locator> {
  if (phone) {
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    return page
      .getByRole("dialog", { name: "Navigation menu" })
      .getByRole("navigation", { name: "Projects" });
  }
  return page.getByRole("navigation", { name: "Projects" });
}

async function importInSettings(page: Page, name: string, content: string | Buffer): Promise<void> {
  await page.getByLabel("File to import").setInputFiles({
    name,
    mimeType: "text/plain",
    buffer: Buffer.isBuffer(content) ? content : Buffer.from(content),
  });
  await page.getByRole("button", { name: "Import", exact: true }).click();
}

test.describe("import", () => {
  test("importing your own export adds nothing and says the tasks are already there", async ({
    page,
    account,
  }) => {
    await account.api.post("/api/v1/tasks", { title: "Gym", due_date: "2030-03-14T17:00:00.000Z" });
    await account.api.post("/api/v1/tasks", { title: "Call the bank" });
    await openFromSidebar(page, "Settings");
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download JSON" }).click();
    const exported = await readFile(await (await downloading).path());

    await importInSettings(page, "tasklane-tasks.json", exported);
    await expect(page.getByText("0 tasks imported, 2 already there")).toBeVisible();
    expect(await account.api.tasks()).toHaveLength(2);
  });

  test("the CSV export writes dates as the user chose to read them, and imports back as already there", async ({
    page,
    account,
  }) => {
    await account.api.put("/auth/settings", { date_order: "dmy", clock: "24h" });
    // 17:00 in Berlin, and all day on 15 March (its last second there).
    await account.api.post("/api/v1/tasks", { title: "Gym", due_date: "2030-03-14T16:00:00.000Z" });
    await account.api.post("/api/v1/tasks", { title: "Taxes", due_date: "2030-03-15T22:59:59.000Z" });
    await openFromSidebar(page, "Settings");
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download CSV" }).click();
    const exported = await readFile(await (await downloading).path(), "utf8");
    expect(exported).toContain(",14/03/2030 17:00,");
    expect(exported).toContain(",15/03/2030,");

    await importInSettings(page, "tasklane-tasks.csv", exported);
    await expect(page.getByText("0 tasks imported, 2 already there")).toBeVisible();
    expect(await account.api.tasks()).toHaveLength(2);
  });

  test("a CSV with plain dates imports them as all-day, and a bad date names its line", async ({
    page,
    account,
  }) => {
    await openFromSidebar(page, "Settings");
    await importInSettings(
      page,
      "sheet.csv",
      ["title,due_date", "Renew the Figma licences,2026-12-10", "Order printer paper,10.12.2026"].join("\n"),
    );
    await expect(page.getByText("1 task imported, 0 already there")).toBeVisible();
    await expect(
      page.getByText(
        "Line 3: due_date: '10.12.2026' is not a date (2026-12-10) or a date and time (2026-12-10 09:30)",
      ),
    ).toBeVisible();
    const [task] = await account.api.tasks();
    // All day on 10 December where the user lives (Berlin, UTC+1).
    expect(task).toMatchObject({ title: "Renew the Figma licences", due_date: "2026-12-10T22:59:59.000Z" });
  });
});

for (const { device, viewport, phone } of DEVICES) {
  test.describe(`on ${device}`, () => {
    test.use({ viewport, openDashboard: false });

    test("an archived project is found under Archived and reopened", async ({ page, account }) => {
      const project = await account.api.post<ProjectJson>("/api/v1/projects", { name: "Old garden" });
      await account.api.put(`/api/v1/projects/${project.id}`, { archived: true });
      await page.goto("/tasks");
      let nav = await projectsNav(page, phone);
      await expect(nav.getByRole("link", { name: /^Old garden/ })).toHaveCount(0);
      await nav.getByRole("button", { name: "Archived (1)" }).click();
      await nav
        .getByRole("list", { name: "Archived projects" })
        .getByRole("link", { name: "Old garden" })
        .click();
      await expect(page).toHaveURL(new RegExp(`/projects/${project.id}$`));
      await page.getByRole("button", { name: "Unarchive" }).click();
      await expect(page.getByText("Project restored")).toBeVisible();

      nav = await projectsNav(page, phone);
      await expect(nav.getByRole("link", { name: /^Old garden/ })).toBeVisible();
      await expect(nav.getByRole("button", { name: /^Archived/ })).toHaveCount(0);
    });

    test("quick add with an unknown +Project says it is new, and Enter creates it", async ({
      page,
      account,
    }) => {
      await page.goto("/tasks");
      const field = page.getByRole("textbox", { name: "Quick add" });
      await field.fill("Prepare slides +Work");
      await expect(page.getByText("New project: Work (created with the task)")).toBeVisible();
      await field.press("Enter");
      await expect(page.getByText('Task created in the new project "Work"')).toBeVisible();

      const projects = await account.api.get<ProjectJson[]>("/api/v1/projects");
      const work = projects.find((each) => each.name === "Work");
      expect(work).toBeDefined();
      const [task] = await account.api.tasks();
      expect(task).toMatchObject({ title: "Prepare slides", project_id: work?.id });
    });

    test("subtasks list in the order typed, and the fourth level offers no 'Add subtask'", async ({
      page,
      account,
    }) => {
      const top = await account.api.post<TaskJson>("/api/v1/tasks", { title: "Move house" });
      let parent = top;
      for (const title of ["Pack", "Kitchen", "Cups"]) {
        parent = await account.api.post<TaskJson>("/api/v1/tasks", { title, parent_id: parent.id });
      }
      await page.goto("/tasks");
      const menuOf = (title: string) =>
        page.getByRole("group", { name: title, exact: true }).getByRole("button", { name: /^More actions/ });

      await menuOf("Cups").click();
      await expect(page.getByRole("menuitem", { name: "Move to project…" })).toBeVisible();
      await expect(page.getByRole("menuitem", { name: "Add subtask" })).toHaveCount(0);
      await page.keyboard.press("Escape");

      await menuOf("Move house").click();
      await page.getByRole("menuitem", { name: "Add subtask" }).click();
      const subtask = page.getByRole("textbox", { name: 'New subtask of "Move house"' });
      for (const title of ["A: book the van", "B: label boxes", "C: return keys"]) {
        await subtask.fill(title);
        await subtask.press("Enter");
        await expect(taskHeading(page, title)).toBeVisible();
      }
      const titles = await page.getByRole("list", { name: "Tasks" }).getByRole("heading").allTextContents();
      const typed = titles.filter((title) => /^[ABC]: /.test(title));
      expect(typed).toEqual(["A: book the van", "B: label boxes", "C: return keys"]);
    });

    test("subtasks are put in order in the Edit dialog, by dragging and with Alt+arrows", async ({
      page,
      account,
    }) => {
      const parent = await account.api.post<TaskJson>("/api/v1/tasks", { title: "Move house" });
      for (const title of ["A: book the van", "B: label boxes", "C: return keys"]) {
        await account.api.post<TaskJson>("/api/v1/tasks", { title, parent_id: parent.id });
      }
      await page.goto("/tasks");
      await page.getByRole("button", { name: 'Edit "Move house"' }).click();
      const dialog = page.getByRole("dialog", { name: "Edit Task" });
      const list = dialog.getByRole("list", { name: 'Subtasks of "Move house"' });
      const handle = (title: string) => list.getByRole("button", { name: new RegExp(`^Move "${title}"`) });
      await expect(list.getByRole("listitem")).toHaveText([
        "A: book the van",
        "B: label boxes",
        "C: return keys",
      ]);

      // Drag C by its handle onto A's place: first.
      await dragOnto(page, handle("C: return keys"), list.getByRole("listitem").first());
      await expect(list.getByRole("listitem")).toHaveText([
        "C: return keys",
        "A: book the van",
        "B: label boxes",
      ]);
      await expect(dialog.getByText('"C: return keys" moved to place 1 of 3.')).toBeAttached();

      // Alt+ArrowDown on the focused handle of A: after B.
      await handle("A: book the van").focus();
      await page.keyboard.press("Alt+ArrowDown");
      await expect(list.getByRole("listitem")).toHaveText([
        "C: return keys",
        "B: label boxes",
        "A: book the van",
      ]);
      await expect(dialog.getByText('"A: book the van" moved to place 3 of 3.')).toBeAttached();
      await expect(handle("A: book the van")).toBeFocused();

      const order = async () =>
        (await account.api.tasks())
          .filter((task) => task.parent_id === parent.id)
          .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
          .map((task) => task.title);
      await expect.poll(order).toEqual(["C: return keys", "B: label boxes", "A: book the van"]);

      // The list behind the dialog follows.
      await page.keyboard.press("Escape");
      const titles = await page.getByRole("list", { name: "Tasks" }).getByRole("heading").allTextContents();
      expect(titles.filter((title) => /^[ABC]: /.test(title))).toEqual([
        "C: return keys",
        "B: label boxes",
        "A: book the van",
      ]);
    });
  });
}

/** Drags `handle` with the pointer (a few steps, as a hand moves) and drops it on `target`. */
async function dragOnto(page: Page, handle: Locator, target: Locator): Promise<void> {
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error("The handle or the target is not on the page");
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
  await page.mouse.up();
}

/** "2026-12-03 10:00": an instant as the wall clock of a zone shows it. */
function wallClockIn(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((each) => each.type === type)?.value;
  return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")}`;
}

for (const zone of ["Europe/Berlin", "America/New_York"]) {
  test.describe(`the calendar in ${zone}`, () => {
    test.use({
      timezoneId: zone,
      profileTimeZone: zone,
      viewport: { width: 1280, height: 800 },
      openDashboard: false,
    });

    test("a task dropped on Thursday 10:00 of the week is planned there, and moving it never resizes it", async ({
      page,
      account,
    }) => {
      const gym = await account.api.post<TaskJson>("/api/v1/tasks", { title: "Gym", duration_minutes: 15 });
      await page.goto("/calendar");
      const grid = page.getByRole("region", { name: "Time grid" });
      const thursday = grid.locator("ul[id^='calendar-day-']").nth(3);
      const day = (await thursday.getAttribute("id"))!.replace("calendar-day-", "");
      // The grid opens at the time it is now, which varies: 09:00 to 11:00 in view whatever the hour.
      await grid.evaluate((box) => (box.scrollTop = 9 * 60));

      const source = page.locator(`[data-side-task="${gym.id}"] .cursor-grab`);
      const from = (await source.boundingBox())!;
      const column = (await thursday.boundingBox())!;
      // The grid is a minute a pixel from midnight: 10:00 is 600 px below the column's top.
      const target = { x: column.x + column.width / 2, y: column.y + 600 + 2 };
      await page.mouse.move(from.x + 20, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + 30, from.y + from.height / 2 + 10, { steps: 2 });
      await page.mouse.move(target.x, target.y, { steps: 12 });
      await page.mouse.up();
      await expect
        .poll(async () => {
          const task = (await account.api.tasks()).find((each) => each.id === gym.id);
          return task?.scheduled_start ? wallClockIn(task.scheduled_start, zone) : null;
        })
        .toBe(`${day} 10:00`);

      // A 15-minute block grabbed by its lower half moves; it keeps its 15 minutes.
      const block = page.locator(`[data-task-block="${gym.id}"]`);
      await expect(block).toBeVisible();
      const box = (await block.boundingBox())!;
      const grab = { x: box.x + box.width / 3, y: box.y + box.height * 0.75 };
      await page.mouse.move(grab.x, grab.y);
      await page.mouse.down();
      await page.mouse.move(grab.x, grab.y + 10, { steps: 2 });
      await page.mouse.move(grab.x, grab.y + 60, { steps: 6 });
      await page.mouse.up();
      await expect
        .poll(async () => {
          const task = (await account.api.tasks()).find((each) => each.id === gym.id);
          return task?.scheduled_start ? wallClockIn(task.scheduled_start, zone) : null;
        })
        .toBe(`${day} 11:00`);
      expect((await account.api.tasks()).find((each) => each.id === gym.id)?.duration_minutes).toBe(15);
    });
  });
}

test.describe("the inbound address in Settings", () => {
  test.use({ viewport: { width: 375, height: 812 }, openDashboard: false });

  test("Settings shows the address, breakable only at '@' and dots, and that mail uses the AI quota", async ({
    page,
    account,
  }) => {
    await page.goto("/settings");
    await expect(page.getByRole("heading", { name: "Email Auto Parser" })).toBeVisible();
    const address = page.locator("code").filter({ hasText: `${account.user.username}@` });
    await expect(address).toContainText(`${account.user.username}@`);
    // Line-break opportunities before "@" and each dot, so a narrow screen never splits a word.
    expect(await address.innerHTML()).toContain("<wbr>@");
    await expect(
      page.getByText("On the free plan each e-mail uses one AI use of your monthly quota", { exact: false }),
    ).toBeVisible();
  });
});

test("completing a task offers Undo, which brings it back", async ({ page, account }) => {
  await account.api.post("/api/v1/tasks", { title: "Water the plants" });
  await openFromSidebar(page, "Tasks");
  await page.getByRole("checkbox", { name: 'Mark "Water the plants" as completed' }).click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Task completed" });
  await toast.getByRole("button", { name: "Undo" }).click();
  await expect.poll(async () => (await account.api.tasks())[0]?.status).toBe("pending");
  await expect(
    page.getByRole("checkbox", { name: 'Mark "Water the plants" as completed' }),
  ).not.toBeChecked();
});
