import type { Page } from "@playwright/test";
import { expect, test, type Account } from "./support/signed-in";

/**
 * The list shows enough to work with before any scrolling: at least 8 cards on a 1280 × 800
 * screen and 5 on a phone, with tasks as people write them (a few with descriptions, tags, due
 * dates, most of them for a day rather than a time; one title long enough to wrap many times,
 * clamped to two lines). On a phone a description stays readable beside the card's controls.
 */

const LONG_TITLE =
  "Write up the quarterly review of every supplier contract, with the renewal dates, the notice periods, the price changes since last year and a recommendation for each one";

/**
 * An instant `days` after the run's day (UTC) at `time`: the journeys run on the real clock, so
 * their due dates stay in the future whatever day that is. "23:59:59.999" is a due day with no time.
 */
function inDays(days: number, time = "23:59:59.999"): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + days);
  return `${day.toISOString().slice(0, 10)}T${time}Z`;
}

// Each journey arranges its data, then opens its first screen by address: the app loads once.
test.use({ openDashboard: false });

/** Twelve tasks: more than either screen can show. */
async function arrangeTasks(account: Account): Promise<void> {
  const tasks = [
    { title: "Pay rent", priority: "urgent", tags: ["home"], due_date: inDays(90) },
    {
      title: "Call the dentist",
      description: "Ask about the appointment in March and whether the check-up is covered",
      tags: ["health"],
    },
    { title: LONG_TITLE, priority: "high", tags: ["work"], due_date: inDays(73, "16:00:00") },
    { title: "Buy milk and bread", tags: ["errands"] },
    {
      title: "Book train tickets",
      description: "Friday evening, two seats",
      due_date: inDays(81),
    },
    { title: "Renew passport", priority: "high", status: "in_progress" },
    { title: "Water the plants", recurrence: "FREQ=WEEKLY;BYDAY=MO", due_date: inDays(76, "08:00:00") },
    { title: "Reply to Grace", description: "About the garden party", tags: ["friends"] },
    { title: "Prepare slides for Monday", priority: "high", tags: ["work"] },
    { title: "Back up the laptop" },
    { title: "Return library books", due_date: inDays(79) },
    { title: "Plan the weekend hike", tags: ["friends", "outdoors"] },
  ];
  for (const task of tasks) await account.api.post("/api/v1/tasks", task);
}

/** The cards entirely inside the window, without scrolling. */
async function cardsInView(page: Page): Promise<number> {
  const list = page.getByRole("list", { name: "Tasks" });
  await expect(list.getByRole("listitem").first()).toBeVisible();
  const viewport = page.viewportSize();
  if (!viewport) throw new Error("No viewport");
  const boxes = await list.getByRole("listitem").evaluateAll((items) =>
    items.map((item) => {
      const box = item.getBoundingClientRect();
      return { top: box.top, bottom: box.bottom };
    }),
  );
  return boxes.filter((box) => box.top >= 0 && box.bottom <= viewport.height).length;
}

async function openTasks(page: Page, account: Account): Promise<void> {
  await arrangeTasks(account);
  await page.goto("/tasks");
  await expect(page.getByRole("heading", { level: 1, name: "Tasks" })).toBeVisible();
  await expect(page.getByText("12 tasks", { exact: true })).toBeVisible();
  // The repeat's words come with a chunk of their own: the cards are measured as they end up.
  await expect(page.getByText("every week on Monday")).toBeVisible();
}

test.describe("on a 1280 × 800 screen", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("shows at least 8 cards before scrolling, long titles clamped to two lines", async ({
    page,
    account,
  }) => {
    await openTasks(page, account);
    expect(await cardsInView(page)).toBeGreaterThanOrEqual(8);

    const title = page.getByRole("heading", { name: LONG_TITLE });
    const { height, lineHeight } = await title.evaluate((element) => ({
      height: element.getBoundingClientRect().height,
      lineHeight: Number.parseFloat(getComputedStyle(element).lineHeight),
    }));
    expect(height).toBeLessThanOrEqual(2 * lineHeight + 1);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("shows at least 5 cards before scrolling, with readable descriptions", async ({ page, account }) => {
    await openTasks(page, account);
    expect(await cardsInView(page)).toBeGreaterThanOrEqual(5);

    const description = page.getByText("Friday evening, two seats");
    const width = await description.evaluate((element) => element.getBoundingClientRect().width);
    // Readable: most of the card's width, not a letter beside the controls.
    expect(width).toBeGreaterThanOrEqual(200);
  });
});
