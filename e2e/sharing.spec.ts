import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import type { ProjectJson } from "@contract/projects";
import type { TaskJson } from "@contract/tasks";
import { expectNoSeriousA11yViolations } from "./support/axe";
import type { NewUser } from "./support/fixtures";
import { expect, registerAccount, signInThroughLoginPage, test } from "./support/signed-in";

/**
 * Two people share a list: the owner invites a partner from the Share dialog, the partner accepts
 * in the bell, assigns a task to themself and comments on it (the owner's open task shows the
 * comment live); made a viewer, their open list turns read-only and they may read but not change
 * it; the owner sees what happened in the project's activity. Two browsers, one real server, one
 * real database.
 */

function partner(): NewUser {
  const suffix = randomBytes(4).toString("hex");
  return {
    firstName: "Grace",
    lastName: "Hopper",
    username: `grace_${suffix}`,
    email: `grace.${suffix}@example.com`,
    password: `compiler-${suffix}`,
  };
}

function card(page: Page, title: string) {
  return page.getByRole("group", { name: title, exact: true });
}

// Each journey arranges its data, then opens its first screen by address: the app loads once.
test.use({ openDashboard: false });

test("an owner shares a project; the member accepts, works in it, is made a viewer; the owner sees the activity", async ({
  page,
  account,
  browser,
  request,
  mailbox,
}) => {
  // Two browsers and three axe scans: more than one journey's share of a busy machine.
  test.setTimeout(180_000);
  const grace = await registerAccount(request, mailbox, partner());
  const project = await account.api.post<ProjectJson>("/api/v1/projects", { name: "Household" });
  const task = await account.api.post<TaskJson>("/api/v1/tasks", {
    title: "Buy milk",
    project_id: project.id,
  });
  const graceContext = await browser.newContext();
  const gracePage = await graceContext.newPage();
  await signInThroughLoginPage(gracePage, grace.user);

  await test.step("the owner invites her by e-mail as an editor", async () => {
    await page.goto(`/projects/${project.id}`);
    await page.getByRole("button", { name: "Share" }).click();
    const dialog = page.getByRole("dialog", { name: 'Share "Household"' });
    await dialog.getByRole("textbox", { name: "Username or e-mail" }).fill(grace.user.email);
    await dialog.getByRole("combobox", { name: "Role" }).selectOption("editor");
    await dialog.getByRole("button", { name: "Invite" }).click();
    const people = dialog.getByRole("list", { name: "People with access" });
    await expect(people.getByRole("listitem").filter({ hasText: grace.user.username })).toContainText(
      "Invited",
    );
    await expectNoSeriousA11yViolations(page, "Share dialog", { include: '[role="dialog"]' });
    await page.keyboard.press("Escape");
  });

  await test.step("she accepts in the bell and finds the project in her sidebar", async () => {
    await gracePage.reload();
    await gracePage.getByRole("button", { name: /^Notifications/ }).click();
    const invitations = gracePage.getByRole("group", { name: "Invitations" });
    await expect(invitations).toContainText(`${account.user.username} invited you to Household as editor`);
    await expectNoSeriousA11yViolations(gracePage, "the bell with an invitation", {
      include: '[role="menu"]',
    });
    await gracePage.getByRole("menuitem", { name: 'Accept the invitation to "Household"' }).click();
    await expect(gracePage.getByText('You joined "Household"')).toBeVisible();
    const link = gracePage
      .getByRole("navigation", { name: "Projects" })
      .getByRole("link", { name: /Household/ });
    await expect(link).toContainText("Shared with you as Editor");
    await link.click();
    await expect(gracePage.getByRole("heading", { level: 1, name: "Household" })).toBeVisible();
  });

  await test.step("she assigns the task to herself and comments on it; the owner's open task shows it live", async () => {
    // The owner is still on the project's page, its live-update stream open since the invitation.
    await card(page, "Buy milk").getByRole("button", { name: 'Edit "Buy milk"' }).click();
    const ownersDialog = page.getByRole("dialog", { name: "Edit Task" });
    await expect(ownersDialog.getByRole("textbox", { name: "New comment" })).toBeVisible();
    await card(gracePage, "Buy milk").getByRole("button", { name: 'Edit "Buy milk"' }).click();
    const dialog = gracePage.getByRole("dialog", { name: "Edit Task" });
    await dialog
      .getByRole("combobox", { name: "Assignee" })
      .selectOption({ label: `${grace.user.username} (me)` });
    await dialog.getByRole("textbox", { name: "New comment" }).fill("Oat milk, **two** cartons");
    await dialog.getByRole("button", { name: "Comment", exact: true }).click();
    await expect(dialog.getByRole("listitem", { name: `Comment by ${grace.user.username}` })).toContainText(
      "Oat milk, two cartons",
    );
    await expect(dialog.locator("strong", { hasText: "two" })).toBeVisible();
    // No reload: the live-update stream tells the owner's tab of the comment.
    await expect(
      ownersDialog.getByRole("listitem", { name: `Comment by ${grace.user.username}` }),
    ).toContainText("Oat milk, two cartons");
    await page.keyboard.press("Escape");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog).toBeHidden();
    await expect(card(gracePage, "Buy milk").getByTitle("Assigned to you")).toBeVisible();
    await gracePage.goto("/tasks?view=assigned");
    await expect(card(gracePage, "Buy milk")).toBeVisible();
  });

  await test.step("the owner sees who it is assigned to, and makes her a viewer", async () => {
    await page.reload();
    await expect(card(page, "Buy milk").getByTitle(`Assigned to ${grace.user.username}`)).toBeVisible();
    await page.getByRole("button", { name: "Share" }).click();
    const dialog = page.getByRole("dialog", { name: 'Share "Household"' });
    await dialog.getByRole("combobox", { name: `Role of ${grace.user.username}` }).selectOption("viewer");
    await expect(dialog.getByRole("combobox", { name: `Role of ${grace.user.username}` })).toHaveValue(
      "viewer",
    );
    await page.keyboard.press("Escape");
    // Her open list hears of her new role and turns read-only, without a reload.
    await expect(
      card(gracePage, "Buy milk").getByRole("checkbox", { name: 'Mark "Buy milk" as completed' }),
    ).toBeDisabled();
  });

  await test.step("as a viewer she reads the task and its comments but cannot change them", async () => {
    await gracePage
      .getByRole("navigation", { name: "Projects" })
      .getByRole("link", { name: /Household/ })
      .click();
    await expect(gracePage.getByText(/you are viewer/)).toBeVisible();
    await expect(gracePage.getByRole("button", { name: "Create Task" })).toHaveCount(0);
    const viewersCard = card(gracePage, "Buy milk");
    await expect(viewersCard.getByRole("checkbox", { name: 'Mark "Buy milk" as completed' })).toBeDisabled();
    await expect(viewersCard.getByRole("combobox", { name: 'Status of "Buy milk"' })).toHaveCount(0);
    await expect(viewersCard.getByRole("button", { name: 'Delete "Buy milk"' })).toHaveCount(0);
    await expect(viewersCard.getByRole("button", { name: 'Edit "Buy milk"' })).toHaveCount(0);
    await viewersCard.getByRole("button", { name: 'View "Buy milk"' }).click();
    const dialog = gracePage.getByRole("dialog", { name: "Task" });
    await expect(dialog.getByRole("listitem", { name: `Comment by ${grace.user.username}` })).toBeVisible();
    await expect(dialog.getByRole("textbox", { name: "New comment" })).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Save Changes" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(gracePage, "a viewer's task", { include: '[role="dialog"]' });
    const stored = (await account.api.tasks()).find((each) => each.id === task.id);
    expect(stored?.status).toBe("pending");
  });

  await test.step("the owner reads the project's activity, on a phone as well", async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.reload();
    await page.getByText("Activity", { exact: true }).click();
    const feed = page.getByRole("list", { name: "Activity in Household" });
    await expect(feed).toContainText(`${grace.user.username} commented on "Buy milk"`);
    await expect(feed).toContainText(`${account.user.username} created "Buy milk"`);
    await expectNoSeriousA11yViolations(page, "a shared project's page on a phone");
    const width = await page.evaluate(
      () =>
        (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
          .documentElement.scrollWidth,
    );
    expect(width).toBeLessThanOrEqual(375);
  });
  await graceContext.close();
});
