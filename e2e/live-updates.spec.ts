import type { Locator, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expect, openFromSidebar, signInWithSession, test } from "./support/signed-in";

/**
 * Two browsers signed in to one account (a laptop and a phone, say), both on the Tasks screen:
 * what one does, and what a script does with a personal API token, shows on the other without a
 * reload, through the server's live-update stream. Real browsers, real server, real database.
 */

const TITLE = "Book the dentist";
/** A change made elsewhere shows within this long. */
const LIVE = { timeout: 2_000 };

function card(page: Page): Locator {
  return page
    .getByRole("list", { name: "Tasks" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: TITLE, exact: true }) });
}

function completion(page: Page, checked: boolean): Locator {
  return page.getByRole("checkbox", { name: `Mark "${TITLE}" as completed`, checked });
}

/** Opens the Tasks screen (by default, a fresh load) and waits until its live-update stream is open. */
async function openTasksLive(
  page: Page,
  open: () => Promise<unknown> = () => page.goto("/tasks"),
): Promise<void> {
  const streamOpen = page.waitForResponse(
    (response) => response.url().includes("/api/v1/events?ticket=") && response.status() === 200,
  );
  await open();
  await expect(page.getByRole("button", { name: "Create Task" }).first()).toBeVisible();
  await streamOpen;
}

// Each journey arranges its data, then opens its first screen by address: the app loads once.
test.use({ openDashboard: false });

test("a change in one browser shows in another of the same account without a reload", async ({
  page,
  account,
  browser,
  request,
}) => {
  const phoneContext = await browser.newContext();
  const phone = await phoneContext.newPage();
  await openTasksLive(page);
  // The phone signs in on the dashboard, whose shell opens the stream, and goes on to Tasks.
  await openTasksLive(phone, async () => {
    await signInWithSession(phone, request, account.user);
    await openFromSidebar(phone, "Tasks");
  });

  await test.step("created on the laptop, it appears on the phone", async () => {
    await page.getByRole("button", { name: "Create Task" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create New Task" });
    await dialog.getByLabel("Title").fill(TITLE);
    await dialog.getByRole("button", { name: "Create Task" }).click();
    await expect(dialog).toBeHidden();
    await expect(card(page)).toHaveCount(1);
    await expect(card(phone)).toHaveCount(1, LIVE);
  });

  await test.step("completed on the phone, it shows completed on the laptop", async () => {
    await completion(phone, false).click();
    await expect(completion(phone, true)).toBeVisible();
    await expect(completion(page, true)).toBeVisible(LIVE);
  });

  let token = "";
  await test.step("a read-and-write API token is made in Settings and shown once", async () => {
    await openFromSidebar(page, "Settings");
    await page.getByLabel("Token name").fill("Cleanup script");
    await page.getByLabel("Access").selectOption("write");
    await page.getByRole("button", { name: "Create token" }).click();
    const shown = page.getByLabel("Token", { exact: true });
    await expect(shown).toHaveValue(/^tl_pat_/);
    token = await shown.inputValue();
    await expect(
      page.getByRole("list", { name: "Your API tokens" }).getByText("Cleanup script"),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, "Settings with a new API token");
    await page.getByRole("button", { name: "Done" }).click();
    await expect(shown).toBeHidden();
  });

  await test.step("deleted by a script with the token, it disappears from the phone", async () => {
    const headers = { authorization: `Bearer ${token}` };
    const [task] = await (await request.get("/api/v1/tasks", { headers })).json();
    expect((await request.delete(`/api/v1/tasks/${task.id}`, { headers })).status()).toBe(204);
    await expect(card(phone)).toHaveCount(0, LIVE);
  });

  await phoneContext.close();
});
