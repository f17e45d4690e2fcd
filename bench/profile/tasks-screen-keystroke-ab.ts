import type { Page } from "@playwright/test";
import { COUNT_TEXT } from "../sections/tasks-screen";
import { launchChromium } from "../support/chromium";
import { startSpaServer } from "../support/spa-server";
import { openSearchPage, SEARCH_PAGE_TASKS } from "./search-page";

/**
 * A/B of a search keystroke on the Tasks screen, paired: two production builds, each served with
 * the same 5,000 seeded tasks, each open in its own page of one browser, and the keystrokes
 * ("q", then Backspace) alternating between the two pages, so that both meet the same moment of a
 * shared machine's load. Per keystroke, from keydown: the count changed (the script's work), the
 * page laid out (plus the style and layout it forces), and the next animation frame (what the
 * bench reports); then each build's medians and the median of the paired differences.
 *
 *   npx vite build --outDir /tmp/a --manifest --sourcemap hidden   (once per build to compare)
 *   npx tsx --tsconfig tsconfig.node.json bench/profile/tasks-screen-keystroke-ab.ts /tmp/a /tmp/b [pairs]
 */

const ARM = `(() => {
  const input = document.querySelector('main input[placeholder="Search tasks..."]');
  const before = ${COUNT_TEXT};
  window.__probe = new Promise((resolve, reject) => {
    let pressedAt;
    input.addEventListener("keydown", (event) => { pressedAt = event.timeStamp; }, { once: true, capture: true });
    const observer = new MutationObserver(() => {
      const now = ${COUNT_TEXT};
      if (pressedAt === undefined || now === before) return;
      observer.disconnect();
      const changed = performance.now() - pressedAt;
      document.body.offsetHeight;
      const laidOut = performance.now() - pressedAt;
      requestAnimationFrame(() => resolve({ changed, laidOut, frame: performance.now() - pressedAt }));
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    setTimeout(() => reject(new Error("no change within 10 s")), 10000);
  });
})()`;

interface Sample {
  changed: number;
  laidOut: number;
  frame: number;
}

async function press(page: Page, key: string): Promise<Sample> {
  await page.bringToFront();
  await page.evaluate(ARM);
  await page.keyboard.press(key);
  return (await page.evaluate("window.__probe")) as Sample;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function main() {
  const [a, b] = process.argv.slice(2, 4);
  if (!a || !b) throw new Error("two build folders, please");
  const pairs = Number(process.argv[4] ?? 30);
  const servers = await Promise.all(
    [a, b].map((dir) => startSpaServer({ tasks: SEARCH_PAGE_TASKS, staticDir: dir })),
  );
  const browser = await launchChromium();
  try {
    const pages: Page[] = [];
    for (const server of servers) {
      const page = await openSearchPage(browser, server);
      // The first round measures each card it shows; later rounds are what the bench times.
      await press(page, "q");
      await press(page, "Backspace");
      pages.push(page);
    }
    const samples: [Sample[], Sample[]] = [[], []];
    for (let round = 0; round < pairs; round += 1) {
      // Each build goes first in every other round.
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const key of ["q", "Backspace"])
        for (const at of order) samples[at as 0 | 1].push(await press(pages[at] as Page, key));
    }
    for (const measure of ["changed", "laidOut", "frame"] as const) {
      const [first, second] = samples.map((list) => list.map((sample) => sample[measure])) as [
        number[],
        number[],
      ];
      const differences = second.map((value, at) => value - (first[at] ?? NaN));
      console.log(
        `${measure.padEnd(8)} A ${median(first).toFixed(1)} ms, B ${median(second).toFixed(1)} ms; B − A ${median(differences).toFixed(2)} ms (median of ${differences.length} pairs), B faster in ${differences.filter((value) => value < 0).length}`,
      );
    }
  } finally {
    await browser.close();
    await Promise.all(servers.map((server) => server.close()));
  }
}

await main();
