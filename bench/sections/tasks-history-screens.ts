import type { Browser, Page } from "@playwright/test";
import { apiRoutes, pathFor } from "../../contract/routes";
import { budgetRow, budgetsTable, formatBytes, formatMs, type BenchSection } from "../lib/report";
import { median, withDeadline } from "../support/bounded";
import { BROWSER_STEP_MS, launchChromium, signedInContext } from "../support/chromium";
import { startSpaServer, type SpaServer } from "../support/spa-server";
import { FIRST_CARD_PROBE } from "./tasks-screen";

/**
 * A long-time user (300 open tasks, 5,000 completed) opening the dashboard and the Tasks screen in
 * Chromium, first with an empty cache, then right after a task changed (a status toggled through
 * the API, as another tab or device would): the bytes the page downloads from the API (compressed,
 * as sent) and the time from navigation start to the first figures (the dashboard's "Total Tasks")
 * or the first task card. The download must not grow with the history; `npm run bench -- --only
 * tasks-history` runs it.
 *
 * In-page scripts are strings: this code is compiled without the DOM library.
 */

const HISTORY = { open: 300, completed: 5_000 };
const AFTER_CHANGE_VISITS = 4;
const SECTION_MS = 4 * 60_000;
const DOWNLOAD_BUDGET_BYTES = 100_000;
const FIRST_SIGHT_BUDGET_MS = 1_000;

/** Before any page script: note the first animation frame once "Total Tasks" shows a number. */
const FIRST_FIGURE_PROBE = `(() => {
  const found = () => {
    const card = [...document.querySelectorAll('[role="group"]')].find((group) => group.textContent.startsWith("Total Tasks"));
    if (!card || !/\\d/.test(card.textContent.slice("Total Tasks".length))) return false;
    requestAnimationFrame(() => { window.__benchFirstCard = { frame: performance.now() }; });
    return true;
  };
  new MutationObserver((_, observer) => { if (found()) observer.disconnect(); })
    .observe(document, { childList: true, subtree: true });
})();`;

/** What the page downloaded from the API so far: every call's body as sent (compressed). */
const API_BYTES = `performance.getEntriesByType("resource")
  .filter((entry) => /^\\/(api|auth|premium)\\//.test(new URL(entry.name).pathname))
  .reduce((sum, entry) => sum + entry.encodedBodySize, 0)`;

interface Visit {
  frame: number;
  apiBytes: number;
}

async function visit(page: Page, url: string): Promise<Visit> {
  await page.goto(url, { waitUntil: "commit" });
  const deadline = Date.now() + BROWSER_STEP_MS;
  while (!(await page.evaluate("window.__benchFirstCard !== undefined"))) {
    if (Date.now() > deadline)
      throw new Error(`Waited ${BROWSER_STEP_MS / 1000} s for ${url} to show its first figures`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const { frame } = (await page.evaluate("window.__benchFirstCard")) as { frame: number };
  // Every call the screen makes on arrival has answered (the bell polls far less often).
  await page.waitForLoadState("networkidle");
  return { frame, apiBytes: (await page.evaluate(API_BYTES)) as number };
}

/** A status toggled through the API, as another device would: every cached answer is now stale. */
async function changeATask(
  server: SpaServer,
  taskId: string,
  status: "completed" | "pending",
): Promise<void> {
  const response = await fetch(`${server.baseUrl}${pathFor(apiRoutes.updateTask.path, { id: taskId })}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" },
    body: JSON.stringify({ status }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`PUT a task answered ${response.status}`);
}

async function openTaskId(server: SpaServer): Promise<string> {
  const response = await fetch(`${server.baseUrl}${apiRoutes.listTasks.path}?status=pending&limit=1`, {
    headers: { authorization: `Bearer ${server.token}` },
  });
  const [task] = (await response.json()) as Array<{ id: string }>;
  if (!task) throw new Error("The long-time user has no open task");
  return task.id;
}

async function measure(browser: Browser, server: SpaServer, path: string, probe: string) {
  const context = await signedInContext(browser, server);
  await context.addInitScript({ content: probe });
  const taskId = await openTaskId(server);
  try {
    const first = await visit(await context.newPage(), `${server.baseUrl}${path}`);
    const afterChange: Visit[] = [];
    for (let index = 0; index < AFTER_CHANGE_VISITS; index += 1) {
      await changeATask(server, taskId, index % 2 === 0 ? "completed" : "pending");
      const page = await context.newPage();
      afterChange.push(await visit(page, `${server.baseUrl}${path}`));
      await page.close();
    }
    return { first, afterChange };
  } finally {
    await context.close();
  }
}

const tasksHistoryScreens: BenchSection = async () => {
  const server = await startSpaServer({ history: HISTORY });
  let browser: Browser | undefined;
  try {
    const chromium = await launchChromium();
    browser = chromium;
    const screens = [
      { name: "dashboard", path: "/dashboard", probe: FIRST_FIGURE_PROBE, sight: "first figures" },
      { name: "Tasks screen", path: "/tasks", probe: FIRST_CARD_PROBE, sight: "first card" },
    ];
    const results = [];
    for (const screen of screens) {
      results.push({
        ...screen,
        ...(await withDeadline(
          measure(chromium, server, screen.path, screen.probe),
          SECTION_MS,
          screen.name,
        )),
      });
    }
    return {
      title: `The dashboard and the Tasks screen of a user with ${HISTORY.open} open and ${HISTORY.completed.toLocaleString("en-US")} completed tasks, Chromium`,
      tables: [
        {
          title: "Navigation → first figures or card on screen, and what the page downloaded from the API",
          columns: ["screen", "visit", "on screen (median)", "max", "API bytes (median)", "runs"],
          rows: results.flatMap(({ name, first, afterChange }) => [
            [
              name,
              "first (empty cache)",
              formatMs(first.frame),
              formatMs(first.frame),
              formatBytes(first.apiBytes),
              "1",
            ],
            [
              name,
              "right after a task changed",
              formatMs(median(afterChange.map((each) => each.frame))),
              formatMs(Math.max(...afterChange.map((each) => each.frame))),
              formatBytes(median(afterChange.map((each) => each.apiBytes))),
              String(afterChange.length),
            ],
          ]),
        },
        budgetsTable(
          results.flatMap(({ name, sight, first, afterChange }) => [
            budgetRow(
              `${name}: API download right after a task changed (largest)`,
              Math.max(first.apiBytes, ...afterChange.map((each) => each.apiBytes)),
              { atMost: DOWNLOAD_BUDGET_BYTES },
              "bytes",
              formatBytes,
            ),
            budgetRow(
              `${name}: ${sight} on screen right after a task changed (median)`,
              median(afterChange.map((each) => each.frame)),
              { atMost: FIRST_SIGHT_BUDGET_MS },
              "ms",
              formatMs,
            ),
          ]),
        ),
      ],
      notes: [
        "API bytes: the encoded (compressed, as sent) bodies of every call to /api, /auth and /premium the page made until the network was idle, from the browser's resource timing.",
        "A change between visits: one task's status toggled with PUT /api/v1/tasks/{id}, as another device would, so no cached answer is current (no 304).",
        "The server is the compiled server in its own process on a fresh SQLite file, serving the production build; headless Debian Chromium, 1280×800.",
      ],
    };
  } finally {
    await browser?.close().catch(() => undefined);
    await server.close();
  }
};

export default tasksHistoryScreens;
