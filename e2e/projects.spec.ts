import type { Locator, Page } from "@playwright/test";
import type { ProjectJson } from "@contract/projects";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expect, test, type Account } from "./support/signed-in";

/**
 * Organising work: create a project, add tasks and subtasks to it, drag a task across the board,
 * complete a parent (answering the question about its subtasks), move a subtree to the Inbox and
 * delete the project — on a desktop screen and on a 375 px phone. Real browser, real server, real
 * database; axe on the project page, its board and its dialogs.
 */

const OPEN_DIALOG = "[role=dialog][data-state=open]";

const VIEWPORTS = [
  { device: "desktop", viewport: { width: 1280, height: 800 }, phone: false },
  { device: "a 375 px phone", viewport: { width: 375, height: 812 }, phone: true },
];

/** A task's card in the list view. */
function card(page: Page, title: string): Locator {
  return page.getByRole("group", { name: title, exact: true });
}

async function tasksByTitle(account: Account) {
  return new Map((await account.api.tasks()).map((task) => [task.title, task]));
}

/** Where the Projects list is: the sidebar, or on a phone the navigation drawer (opened). */
async function projectsNav(page: Page, phone: boolean): Promise<Locator> {
  if (phone) {
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    return page
      .getByRole("dialog", { name: "Navigation menu" })
      .getByRole("navigation", { name: "Projects" });
  }
  return page.getByRole("navigation", { name: "Projects" });
}

// Each journey arranges its data, then opens its first screen by address: the app loads once.
test.use({ openDashboard: false });

for (const { device, viewport, phone } of VIEWPORTS) {
  test(`projects, subtasks and the board on ${device}`, async ({ page, account }) => {
    test.slow();
    await page.setViewportSize(viewport);
    const project = "Home renovation";
    let projectId = "";

    await test.step("create a project from the sidebar, with a colour", async () => {
      await page.goto("/tasks");
      const nav = await projectsNav(page, phone);
      await expect(nav.getByRole("link", { name: "Inbox" })).toBeVisible();
      await nav.getByRole("button", { name: "New project" }).click();
      const dialog = page.getByRole("dialog", { name: "New project" });
      await dialog.getByRole("textbox", { name: "Name" }).fill(project);
      await dialog.getByText("Teal", { exact: true }).click();
      await expectNoSeriousA11yViolations(page, `New project dialog (${device})`, { include: OPEN_DIALOG });
      await dialog.getByRole("button", { name: "Create project" }).click();
      await expect(page.getByRole("heading", { level: 1, name: project })).toBeVisible();
      const projects = await account.api.get<ProjectJson[]>("/api/v1/projects");
      const created = projects.find((each) => each.name === project);
      expect(created?.color).toBe("teal");
      projectId = created!.id;
      await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
    });

    await test.step("add tasks with quick add, and subtasks from a card's menu", async () => {
      const quickAdd = page.getByRole("textbox", { name: "Quick add" });
      for (const title of ["Paint the fence", "Renovate the kitchen"]) {
        await quickAdd.fill(title);
        await quickAdd.press("Enter");
        await expect(card(page, title)).toBeVisible();
      }
      await card(page, "Renovate the kitchen")
        .getByRole("button", { name: /^More actions/ })
        .click();
      await page.getByRole("menuitem", { name: "Add subtask" }).click();
      const subtask = page.getByRole("textbox", { name: 'New subtask of "Renovate the kitchen"' });
      await expect(subtask).toBeFocused();
      for (const title of ["Buy tiles", "Hire a plumber"]) {
        await subtask.fill(title);
        await subtask.press("Enter");
        await expect(card(page, title)).toBeVisible();
      }
      await page.getByRole("button", { name: "Stop adding subtasks" }).click();

      // Indented under their parent, with its progress.
      await expect(page.getByRole("listitem").filter({ has: card(page, "Buy tiles") })).toHaveAttribute(
        "aria-level",
        "2",
      );
      await expect(card(page, "Renovate the kitchen").getByTitle("Subtasks done")).toHaveText(/0\/2/);
      const tasks = await tasksByTitle(account);
      expect(tasks.get("Buy tiles")?.parent_id).toBe(tasks.get("Renovate the kitchen")?.id);
      expect(tasks.get("Paint the fence")?.project_id).toBe(projectId);
      await expectNoSeriousA11yViolations(page, `project page with subtasks (${device})`);
    });

    await test.step("drag a card to another column of the board", async () => {
      await page.getByRole("group", { name: "Layout" }).getByRole("button", { name: "Board" }).click();
      const pending = page.getByRole("region", { name: /^Pending/ });
      const inProgress = page.getByRole("region", { name: /^In Progress/ });
      const handle = pending.getByRole("button", { name: 'Move "Paint the fence"' });
      await expect(handle).toBeVisible();
      await expectNoSeriousA11yViolations(page, `board (${device})`);

      // The card in the middle of the screen, away from the edges where dragging scrolls the page.
      await handle.evaluate((element) => element.scrollIntoView({ block: "center" }));
      const from = (await handle.boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      // Over the next column: on a phone, the part of it that peeks in at the right.
      const target = phone
        ? await inProgress.boundingBox().then((box) => ({ x: box!.x + 16, y: from.y }))
        : await inProgress.boundingBox().then((box) => ({ x: box!.x + box!.width / 2, y: from.y }));
      await page.mouse.move(target.x, target.y, { steps: 12 });
      await expect(inProgress).toHaveClass(/ring-primary/);
      await page.mouse.up();

      await expect(inProgress.getByRole("button", { name: "Paint the fence", exact: true })).toBeVisible();
      await expect
        .poll(async () => (await tasksByTitle(account)).get("Paint the fence")?.status)
        .toBe("in_progress");

      if (!phone) {
        // The same by keyboard: Space picks it up, Left moves it a column, Space drops it.
        const back = inProgress.getByRole("button", { name: 'Move "Paint the fence"' });
        await back.focus();
        await page.keyboard.press("Space");
        await page.keyboard.press("ArrowLeft");
        await expect(pending).toHaveClass(/ring-primary/);
        await page.keyboard.press("Space");
        await expect(pending.getByRole("button", { name: "Paint the fence", exact: true })).toBeVisible();
        await expect
          .poll(async () => (await tasksByTitle(account)).get("Paint the fence")?.status)
          .toBe("pending");
      }
      await page.getByRole("group", { name: "Layout" }).getByRole("button", { name: "List" }).click();
    });

    await test.step("complete a parent, answering the question about its subtasks", async () => {
      await card(page, "Renovate the kitchen")
        .getByRole("checkbox", { name: 'Mark "Renovate the kitchen" as completed' })
        .click();
      const question = page.getByRole("dialog", { name: "Complete its 2 open subtasks too?" });
      await expect(question).toBeVisible();
      await expectNoSeriousA11yViolations(page, `the completion question (${device})`, {
        include: OPEN_DIALOG,
      });
      await question.getByRole("button", { name: "Complete all" }).click();
      await expect(question).toBeHidden();
      await expect
        .poll(async () => {
          const tasks = await tasksByTitle(account);
          return ["Renovate the kitchen", "Buy tiles", "Hire a plumber"].map(
            (title) => tasks.get(title)?.status,
          );
        })
        .toEqual(["completed", "completed", "completed"]);
    });

    await test.step("move a task with its subtasks to the Inbox", async () => {
      await card(page, "Renovate the kitchen")
        .getByRole("button", { name: /^More actions/ })
        .click();
      await page.getByRole("menuitem", { name: "Move to project…" }).click();
      const dialog = page.getByRole("dialog", { name: "Move to project" });
      await dialog.getByRole("combobox", { name: "Project" }).selectOption({ label: "Inbox" });
      await dialog.getByRole("button", { name: "Move" }).click();
      await expect(card(page, "Buy tiles")).toBeHidden();
      const inbox = (await account.api.get<ProjectJson[]>("/api/v1/projects")).find((each) => each.is_inbox)!;
      await expect
        .poll(async () => {
          const tasks = await tasksByTitle(account);
          return ["Renovate the kitchen", "Buy tiles", "Hire a plumber"].map(
            (title) => tasks.get(title)?.project_id,
          );
        })
        .toEqual([inbox.id, inbox.id, inbox.id]);
    });

    await test.step("delete the project, its one task moving to the Inbox", async () => {
      await page.getByRole("button", { name: "Delete", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: `Delete "${project}"?` });
      await expect(dialog.getByRole("radio", { name: "Move its 1 task to the Inbox" })).toBeChecked();
      await expectNoSeriousA11yViolations(page, `delete project dialog (${device})`, {
        include: OPEN_DIALOG,
      });
      await dialog.getByRole("button", { name: "Delete project" }).click();
      await expect(page).toHaveURL(/\/tasks$/);
      const projects = await account.api.get<ProjectJson[]>("/api/v1/projects");
      expect(projects.map((each) => each.name)).toEqual(["Inbox"]);
      expect((await tasksByTitle(account)).get("Paint the fence")?.project_id).toBe(projects[0]!.id);
    });
  });
}
