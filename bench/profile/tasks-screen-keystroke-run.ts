import type { Page } from "@playwright/test";
import { keystroke } from "../sections/tasks-screen";
import { launchChromium } from "../support/chromium";
import { startSpaServer } from "../support/spa-server";
import { openSearchPage, SEARCH_PAGE_TASKS } from "./search-page";

/**
 * The renderer's main-thread CPU of search keystrokes typed as the bench types them ("q", then
 * Backspace, in one page, each as soon as the last one's frame came), over the whole run: not only
 * keydown → frame (`tasks-screen-keystroke.ts`) but also whatever the frames after it do before
 * the next key (transitions, observers, timers), which lands on the next keystroke. Per keystroke:
 * the CPU of every task of the main thread, its style, layout, paint and script, how many style
 * recalculations ran, and the bench's own figure (keydown → next animation frame). One or more
 * production builds, each in its own page of one browser, taking turns run by run.
 *
 *   npx vite build --outDir /tmp/a --manifest --sourcemap hidden   (once per build to compare)
 *   npx tsx --tsconfig tsconfig.node.json bench/profile/tasks-screen-keystroke-run.ts [pairs] /tmp/a [/tmp/b …]
 *   ROUNDS=3 …   runs per build (2)
 */

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  /** Thread (CPU) time. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/** The bench's own figure: keydown → the next animation frame with the new count. */
async function press(page: Page, key: string): Promise<number> {
  return (await keystroke(page, key)).frame;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const pause = (page: Page) => page.evaluate("new Promise((resolve) => setTimeout(resolve, 300))");

/** `pairs` of "q" and Backspace, traced: the page's renderer main thread, per keystroke. */
async function tracedRun(page: Page, pairs: number): Promise<string> {
  await page.bringToFront();
  await pause(page);
  const session = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  session.on("Tracing.dataCollected", (payload) =>
    events.push(...(payload.value as unknown as TraceEvent[])),
  );
  const done = new Promise<void>((resolve) => session.once("Tracing.tracingComplete", () => resolve()));
  await session.send("Tracing.start", {
    traceConfig: {
      includedCategories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "__metadata"],
    },
    transferMode: "ReportEvents",
  });
  const narrow: number[] = [];
  const widen: number[] = [];
  for (let index = 0; index < pairs; index += 1) {
    narrow.push(await press(page, "q"));
    widen.push(await press(page, "Backspace"));
  }
  await pause(page);
  await session.send("Tracing.end");
  await done;
  await session.detach();

  // The page's renderer: the process that dispatched the keystrokes.
  const keystroke = events.find((event) => event.name === "EventDispatch" && event.ph === "X");
  const main = events.find(
    (event) =>
      event.name === "thread_name" && event.pid === keystroke?.pid && event.args?.name === "CrRendererMain",
  );
  const own = events.filter((event) => event.pid === main?.pid && event.tid === main.tid && event.ph === "X");
  const keystrokes = pairs * 2;
  const cpu = (name: string) =>
    own.filter((event) => event.name === name).reduce((sum, event) => sum + (event.tdur ?? 0), 0) /
    1000 /
    keystrokes;
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  return [
    `keydown → frame (median) "q" ${median(narrow).toFixed(1)} ms, Backspace ${median(widen).toFixed(1)} ms`,
    `main-thread CPU per keystroke ${ms(cpu("RunTask"))}: style ${ms(cpu("UpdateLayoutTree"))}`,
    `(${(own.filter((event) => event.name === "UpdateLayoutTree").length / keystrokes).toFixed(1)} recalculations),`,
    `layout ${ms(cpu("Layout"))}, pre-paint and paint ${ms(cpu("PrePaint") + cpu("Paint"))}, script ${ms(cpu("FunctionCall"))}`,
  ].join(" ");
}

async function main() {
  const pairs = Number(process.argv[2] ?? 12);
  const dirs = process.argv.slice(3);
  if (dirs.length === 0) throw new Error("one or more build folders, please");
  const servers = await Promise.all(
    dirs.map((dir) => startSpaServer({ tasks: SEARCH_PAGE_TASKS, staticDir: dir })),
  );
  const browser = await launchChromium();
  try {
    const pages: Page[] = [];
    for (const server of servers) {
      const page = await openSearchPage(browser, server);
      // The first rounds measure each card they show; later rounds are what the bench times.
      for (let index = 0; index < 3; index += 1) {
        await press(page, "q");
        await press(page, "Backspace");
      }
      pages.push(page);
    }
    for (let round = 0; round < Number(process.env.ROUNDS ?? 2); round += 1) {
      for (const [at, page] of pages.entries()) console.log(`${dirs[at]}: ${await tracedRun(page, pairs)}`);
    }
  } finally {
    await browser.close();
    await Promise.all(servers.map((server) => server.close()));
  }
}

await main();
