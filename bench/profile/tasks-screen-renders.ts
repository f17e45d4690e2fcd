import type { Page } from "@playwright/test";
import { COUNT_TEXT } from "../sections/tasks-screen";
import { launchChromium, signedInContext } from "../support/chromium";
import { startSpaServer } from "../support/spa-server";

/**
 * What a keystroke in "Search tasks..." makes React and the DOM do, counted rather than timed (a
 * count does not move with the machine's load): per keystroke, the components React rendered,
 * the task cards among them (rendered, and built new), and the elements added to and removed from
 * the page. On the bench's production build with 5,000 tasks; React is counted through the hook
 * its DevTools use, which production builds call on every commit.
 *
 *   npx tsx --tsconfig tsconfig.node.json bench/profile/tasks-screen-renders.ts [keystrokes]
 *   STATIC_DIR=/tmp/a …   serves that production build instead
 */

const TASKS = 5_000;
const KEYSTROKES = Number(process.argv[2] ?? 5);

/**
 * Before any page script: a DevTools hook that counts, per commit, the components whose render
 * function ran (a fiber mounted, or one with React's PerformedWork flag in a subtree React did not
 * reuse whole), and among them the task cards (the component right above an element with
 * data-task-card); and a MutationObserver counting elements added and removed.
 */
const COUNTERS = `(() => {
  const counts = { commits: 0, components: 0, cards: 0, cardsMounted: 0, added: 0, removed: 0 };
  window.__benchCounts = counts;
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  const isCard = (fiber) => {
    const child = fiber.child;
    return child && child.tag === 5 && child.memoizedProps && child.memoizedProps["data-task-card"] !== undefined;
  };
  const countMounted = (fiber) => {
    for (let at = fiber; at; at = at.sibling) {
      if (COMPONENT_TAGS.has(at.tag)) {
        counts.components += 1;
        if (isCard(at)) { counts.cards += 1; counts.cardsMounted += 1; }
      }
      countMounted(at.child);
    }
  };
  const visit = (next) => {
    for (let child = next.child; child; child = child.sibling) {
      const previous = child.alternate;
      if (!previous) {
        if (COMPONENT_TAGS.has(child.tag)) {
          counts.components += 1;
          if (isCard(child)) { counts.cards += 1; counts.cardsMounted += 1; }
        }
        countMounted(child.child);
        continue;
      }
      if (COMPONENT_TAGS.has(child.tag) && (child.flags & 1) === 1) {
        counts.components += 1;
        if (isCard(child)) counts.cards += 1;
      }
      // Children React reused whole (a bailout) are the very objects of the last commit.
      if (child.child !== previous.child) visit(child);
    }
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject() { return 1; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(id, root) {
      counts.commits += 1;
      const current = root.current;
      if (!current.alternate) countMounted(current.child);
      else if (current.child !== current.alternate.child) visit(current);
    },
  };
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node.nodeType === 1) counts.added += 1 + node.getElementsByTagName("*").length;
      for (const node of record.removedNodes) if (node.nodeType === 1) counts.removed += 1 + node.getElementsByTagName("*").length;
    }
  }).observe(document, { childList: true, subtree: true });
})();`;

interface Counts {
  commits: number;
  components: number;
  cards: number;
  cardsMounted: number;
  added: number;
  removed: number;
}

async function waitUntil(page: Page, expression: string): Promise<void> {
  for (let index = 0; index < 600; index += 1) {
    if (await page.evaluate(expression)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`waited a minute for ${expression}`);
}

/** One keystroke, once its list is on screen and the search's URL write (400 ms later) is done. */
async function press(page: Page, key: string): Promise<Counts & { count: string }> {
  const before = (await page.evaluate(COUNT_TEXT)) as string;
  await page.evaluate(
    "Object.keys(window.__benchCounts).forEach((key) => { window.__benchCounts[key] = 0; })",
  );
  await page.keyboard.press(key);
  await waitUntil(page, `${COUNT_TEXT} !== ${JSON.stringify(before)}`);
  // The count first: what the keystroke itself did, not the URL write that follows it.
  const counts = (await page.evaluate("({ ...window.__benchCounts })")) as Counts;
  await new Promise((resolve) => setTimeout(resolve, 700));
  return { ...counts, count: (await page.evaluate(COUNT_TEXT)) as string };
}

async function main() {
  const server = await startSpaServer({ tasks: TASKS, staticDir: process.env.STATIC_DIR });
  const browser = await launchChromium();
  try {
    const context = await signedInContext(browser, server);
    await context.addInitScript({ content: COUNTERS });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/tasks`);
    await waitUntil(page, `${COUNT_TEXT} === "${TASKS} tasks"`);
    await page.getByRole("main").getByPlaceholder("Search tasks...").focus();
    // The first round measures every card it shows; later rounds are what the bench times.
    await press(page, "q");
    await press(page, "Backspace");
    for (let index = 0; index < KEYSTROKES; index += 1) {
      for (const key of ["q", "Backspace"]) {
        const counts = await press(page, key);
        console.log(
          `${key.padEnd(9)} → ${counts.count.padEnd(10)} commits ${counts.commits}, components rendered ${counts.components}, cards rendered ${counts.cards} (${counts.cardsMounted} built new), elements added ${counts.added}, removed ${counts.removed}`,
        );
      }
    }
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
