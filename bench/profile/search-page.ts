import type { Browser, Page } from "@playwright/test";
import { COUNT_TEXT } from "../sections/tasks-screen";
import { signedInContext } from "../support/chromium";
import type { SpaServer } from "../support/spa-server";

/** How many tasks the keystroke profilers seed, as the `tasks-screen` section does. */
export const SEARCH_PAGE_TASKS = 5_000;

/** Polls an expression (page.waitForFunction would eval it, which the app's CSP forbids). */
export async function waitUntil(page: Page, expression: string): Promise<void> {
  for (let tries = 0; tries < 600; tries += 1) {
    if (await page.evaluate(expression)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`waited a minute for ${expression}`);
}

/** A signed-in page of its own on the server's Tasks screen, every task listed, the search box focused. */
export async function openSearchPage(browser: Browser, server: SpaServer): Promise<Page> {
  const context = await signedInContext(browser, server);
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/tasks`);
  await waitUntil(page, `${COUNT_TEXT} === "${SEARCH_PAGE_TASKS} tasks"`);
  await page.getByRole("main").getByPlaceholder("Search tasks...").focus();
  return page;
}
