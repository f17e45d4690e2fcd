import { readFileSync } from "node:fs";
import path from "node:path";
import type { CDPSession, Page } from "@playwright/test";
import { SourceMapConsumer, type RawSourceMap } from "source-map-js";
import { launchChromium, signedInContext } from "../support/chromium";
import { COUNT_TEXT } from "../sections/tasks-screen";
import { spaBuildDir } from "../support/spa-build";
import { startSpaServer } from "../support/spa-server";

/**
 * Where a keystroke in "Search tasks..." spends its time, on the bench's production build (with its
 * source maps) and 5,000 tasks: per keystroke, keydown → the count badge changed (the work before
 * the browser can paint) and → the next animation frame (what `npm run bench -- tasks-screen`
 * reports); then, over all keystrokes, the renderer's main-thread time by kind (script, style,
 * layout, paint) from a DevTools trace, and the busiest functions of a CPU profile, named by source.
 *
 *   npx tsx --tsconfig tsconfig.node.json bench/profile/tasks-screen-keystroke.ts [keystrokes]
 *   STATIC_DIR=/tmp/a …   serves that production build instead (built as bench/profile/tasks-screen-ab.ts says)
 */

const TASKS = 5_000;
const STATIC_DIR = process.env.STATIC_DIR;
const KEYSTROKES = Number(process.argv[2] ?? 10);
const SETTLE_MS = Number(process.env.SETTLE_MS ?? 0);

/** The bench's probe, plus when the badge changed. */
const ARM = `(() => {
  const input = document.querySelector('main input[placeholder="Search tasks..."]');
  const before = ${COUNT_TEXT};
  window.__probe = new Promise((resolve, reject) => {
    let pressedAt;
    let queued;
    input.addEventListener("keydown", (event) => { pressedAt = event.timeStamp; queued = performance.now() - pressedAt; performance.mark("keystroke-start", { startTime: pressedAt }); }, { once: true, capture: true });
    const observer = new MutationObserver(() => {
      const now = ${COUNT_TEXT};
      if (pressedAt === undefined || now === before) return;
      observer.disconnect();
      const changed = performance.now() - pressedAt;
      requestAnimationFrame(() => {
        performance.mark("keystroke-end");
        resolve({ changed, queued, frame: performance.now() - pressedAt, count: now });
      });
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    setTimeout(() => reject(new Error("no change within 10 s")), 10000);
  });
})()`;

interface Sample {
  /** From the keydown's time to its handler: how long it waited for the main thread. */
  queued: number;
  changed: number;
  frame: number;
  count: string;
}

async function press(page: Page, key: string, settleMs = SETTLE_MS): Promise<Sample> {
  await page.evaluate(ARM);
  await page.keyboard.press(key);
  const sample = (await page.evaluate("window.__probe")) as Sample;
  // SETTLE_MS=150: let the deferred URL update and anything else queued settle before the next key
  // (the bench does not wait).
  if (settleMs) await page.evaluate(`new Promise((resolve) => setTimeout(resolve, ${settleMs}))`);
  return sample;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  /** Thread (CPU) time: what the event cost without the time the thread was descheduled. */
  tdur?: number;
  args?: { data?: Record<string, unknown>; name?: string };
}

/**
 * The renderer's main thread from each keydown to the end of the frame that showed its result
 * (the first compositor commit after the probe's "keystroke-end" mark): self time by event name,
 * and the first keystroke's top-level tasks in order.
 */
function traceBreakdown(events: TraceEvent[]): {
  self: Array<[string, number]>;
  windows: number;
  first: string[];
  toFrame: number[];
} {
  const threadName = events.find(
    (event) => event.name === "thread_name" && event.args?.name === "CrRendererMain",
  );
  if (!threadName) return { self: [], windows: 0, first: [], toFrame: [] };
  const onMain = events.filter((event) => event.pid === threadName.pid && event.tid === threadName.tid);
  const main = onMain
    .filter((event) => event.ph === "X" && event.dur)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const starts = main
    .filter((event) => event.name === "EventDispatch" && event.args?.data?.type === "keydown")
    .map((event) => event.ts);
  const ends = events.filter((event) => event.name === "keystroke-end").map((event) => event.ts);
  const windows: Array<[number, number]> = [];
  const toFrame: number[] = [];
  for (const start of starts) {
    const mark = ends.find((end) => end > start);
    if (mark === undefined) continue;
    const commit = main.find((event) => event.name === "Commit" && event.ts > mark);
    windows.push([start, commit ? commit.ts + (commit.dur ?? 0) : mark]);
    // The thread's CPU time from the keydown's task to the probe's animation frame: what the bench
    // waits for, without the time the thread was descheduled (this machine is shared).
    toFrame.push(
      main
        .filter((event) => event.name === "RunTask" && event.ts >= start - 2_000 && event.ts < mark)
        .reduce((sum, event) => sum + (event.tdur ?? event.dur ?? 0), 0) / 1000,
    );
  }
  const inWindow = (event: TraceEvent) =>
    windows.some(([start, end]) => event.ts + (event.dur ?? 0) > start && event.ts < end);
  const self = new Map<string, number>();
  const stack: Array<{ name: string; end: number }> = [];
  const first: string[] = [];
  const [firstStart, firstEnd] = windows[0] ?? [0, 0];
  for (const event of main.filter(inWindow)) {
    while (stack.length && (stack.at(-1)?.end ?? 0) <= event.ts) stack.pop();
    const parent = stack.at(-1);
    const dur = event.dur ?? 0;
    const cpu = event.tdur ?? dur;
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - cpu);
    self.set(event.name, (self.get(event.name) ?? 0) + cpu);
    if (event.ts + dur > firstStart - 5000 && event.ts < firstEnd && stack.length <= 9 && dur >= 100) {
      const type = event.args?.data?.type ? ` ${String(event.args.data.type)}` : "";
      // A forced style or layout names the script that asked for it.
      const askedBy = (
        event.args as
          | {
              beginData?: {
                stackTrace?: Array<{
                  functionName: string;
                  url: string;
                  lineNumber: number;
                  columnNumber: number;
                }>;
              };
            }
          | undefined
      )?.beginData?.stackTrace;
      const forcedBy =
        askedBy && askedBy.length > 0
          ? ` ← ${askedBy
              .slice(0, 4)
              .map(
                (frame) =>
                  `${frame.functionName} ${original(frame.url, frame.lineNumber - 1, frame.columnNumber - 1)}`,
              )
              .join(" ← ")}`
          : "";
      first.push(
        `${"  ".repeat(stack.length)}+${((event.ts - firstStart) / 1000).toFixed(2)} ${(dur / 1000).toFixed(2)} ms (cpu ${((event.tdur ?? dur) / 1000).toFixed(2)}) ${event.name}${type}${forcedBy}`,
      );
    }
    stack.push({ name: event.name, end: event.ts + dur });
  }
  return {
    self: [...self.entries()]
      .map(([name, us]) => [name, us / 1000] as [string, number])
      .filter(([, value]) => value > 0.02)
      .sort((a, b) => b[1] - a[1]),
    windows: windows.length,
    first,
    toFrame,
  };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

const consumers = new Map<string, SourceMapConsumer | null>();
function original(url: string, line: number, column: number): string {
  const file = /\/assets\/[^/?#]+\.js/.exec(url)?.[0];
  if (!file) return `${url || "(native)"}:${line + 1}`;
  if (!consumers.has(file)) {
    try {
      const raw = JSON.parse(
        readFileSync(path.join(STATIC_DIR ?? spaBuildDir, `${file}.map`), "utf8"),
      ) as RawSourceMap;
      consumers.set(file, new SourceMapConsumer(raw));
    } catch {
      consumers.set(file, null);
    }
  }
  const consumer = consumers.get(file);
  const position = consumer?.originalPositionFor({ line: line + 1, column });
  if (!position?.source) return `${file}:${line + 1}:${column}`;
  const source = position.source.replace(/^.*?node_modules\//, "").replace(/^(\.\.\/)+/, "");
  return `${position.name ?? ""} ${source}:${position.line}`;
}

function profileSummary(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index + 1] ?? 0));
  });
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    if (frame.functionName === "(idle)" || frame.functionName === "(program)") continue;
    const where = frame.url
      ? original(frame.url, frame.lineNumber, frame.columnNumber)
      : `${frame.functionName}`;
    const label = `${frame.functionName || "(anonymous)"} → ${where}`;
    byFunction.set(label, (byFunction.get(label) ?? 0) + us);
    const pkg = /(?:^| )((?:@[^/]+\/)?[^/ ]+)\//.exec(where)?.[1] ?? where;
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  }
  // Inclusive time of the app's own functions and of React's phases (each counted once per stack).
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const interesting = (name: string) =>
    / src\//.test(name) ||
    /(performWorkOnRoot|renderRootSync|commitRoot|commitMutationEffects|commitLayoutEffects|flushPassiveEffects|flushSpawnedWork|measureElement|_measureElement|dispatchDiscreteEvent|flushSyncWork|getMeasurements|calculateRange|replaceState|navigate) /.test(
      name,
    );
  const inclusive = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (!frame?.url) continue;
      const name = `${frame.functionName || "(anonymous)"} → ${original(frame.url, frame.lineNumber, frame.columnNumber)}`;
      const short = name.split(" → ")[1] ?? name;
      if (!interesting(short) || seen.has(short)) continue;
      seen.add(short);
      inclusive.set(short, (inclusive.get(short) ?? 0) + us);
    }
  }
  // Inside the keystroke's own event (React's discrete event): inclusive time of every function.
  const inKeystroke = new Map<string, number>();
  let keystrokeUs = 0;
  for (const [id, us] of selfUs) {
    const labels: string[] = [];
    let inside = false;
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (!frame) continue;
      const name = frame.url
        ? `${frame.functionName || "(anonymous)"} → ${original(frame.url, frame.lineNumber, frame.columnNumber)}`
        : frame.functionName;
      const short = frame.url ? (name.split(" → ")[1] ?? name) : name;
      if (/dispatchDiscreteEvent/.test(short)) inside = true;
      if (!labels.includes(short)) labels.push(short);
    }
    if (!inside) continue;
    keystrokeUs += us;
    for (const label of labels) inKeystroke.set(label, (inKeystroke.get(label) ?? 0) + us);
  }
  const top = (map: Map<string, number>, count: number) =>
    [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);
  return {
    byFunction: top(byFunction, 40),
    byPackage: top(byPackage, 25),
    inclusive: top(inclusive, 40),
    inKeystroke: top(inKeystroke, 70),
    keystrokeUs,
  };
}

async function collectTrace(session: CDPSession, run: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  session.on("Tracing.dataCollected", (payload) =>
    events.push(...(payload.value as unknown as TraceEvent[])),
  );
  const done = new Promise<void>((resolve) => session.once("Tracing.tracingComplete", () => resolve()));
  await session.send("Tracing.start", {
    traceConfig: {
      includedCategories: [
        "devtools.timeline",
        "disabled-by-default-devtools.timeline",
        "blink.user_timing",
        "v8",
      ],
    },
    transferMode: "ReportEvents",
  });
  await run();
  await session.send("Tracing.end");
  await done;
  return events;
}

async function main() {
  const server = await startSpaServer({ tasks: TASKS, staticDir: STATIC_DIR });
  const browser = await launchChromium();
  try {
    const context = await signedInContext(browser, server);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/tasks`);
    await page
      .waitForFunction(`${COUNT_TEXT} === "${TASKS} tasks"`, undefined, { timeout: 60_000 })
      .catch(async () => {
        // The CSP forbids eval: poll through DevTools instead.
        for (let index = 0; index < 600; index += 1) {
          if ((await page.evaluate(COUNT_TEXT)) === `${TASKS} tasks`) return;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        throw new Error("the list did not load");
      });
    const search = page.getByRole("main").getByPlaceholder("Search tasks...");
    await search.focus();
    console.log(
      "DOM:",
      await page.evaluate(`(() => {
        const list = document.querySelector('ul[aria-label="Tasks"]');
        return { cards: list.children.length, listElements: list.getElementsByTagName("*").length, pageElements: document.getElementsByTagName("*").length, listTop: list.getBoundingClientRect().top };
      })()`),
    );
    // Warm-up: the JIT and the first renders of both lists.
    for (let index = 0; index < 3; index += 1) {
      await press(page, "q");
      await press(page, "Backspace");
    }

    const narrow: Sample[] = [];
    const widen: Sample[] = [];
    for (let index = 0; index < KEYSTROKES; index += 1) {
      narrow.push(await press(page, "q"));
      widen.push(await press(page, "Backspace"));
    }
    const line = (label: string, samples: Sample[]) =>
      console.log(
        `${label.padEnd(10)} queued ${ms(median(samples.map((s) => s.queued)))} median, ${ms(Math.max(...samples.map((s) => s.queued)))} worst; changed ${ms(median(samples.map((s) => s.changed)))} median, ${ms(Math.max(...samples.map((s) => s.changed)))} worst; frame ${ms(median(samples.map((s) => s.frame)))} median, ${ms(Math.max(...samples.map((s) => s.frame)))} worst (${samples[0]?.count})`,
      );
    line('"q"', narrow);
    line("Backspace", widen);

    const session = await context.newCDPSession(page);
    const events = await collectTrace(session, async () => {
      for (let index = 0; index < KEYSTROKES; index += 1) {
        await press(page, "q");
        await press(page, "Backspace");
      }
    });
    const trace = traceBreakdown(events);
    console.log(
      `\nRenderer main thread, keydown → end of the frame showing it, ${trace.windows} keystrokes (self ms per keystroke):`,
    );
    const narrowCpu = trace.toFrame.filter((_, index) => index % 2 === 0);
    const widenCpu = trace.toFrame.filter((_, index) => index % 2 === 1);
    console.log(
      `Main-thread CPU, keydown → the frame: "q" ${ms(median(narrowCpu))} median, ${ms(Math.max(...narrowCpu))} worst; Backspace ${ms(median(widenCpu))} median, ${ms(Math.max(...widenCpu))} worst`,
    );
    for (const [name, total] of trace.self.slice(0, 30)) {
      console.log(`  ${(total / trace.windows).toFixed(2).padStart(7)}  ${name}`);
    }
    console.log(`\nThe first traced keystroke (ms from keydown, duration, event):`);
    for (const text of trace.first.slice(0, 150)) console.log(`  ${text}`);

    await session.send("Profiler.enable");
    await session.send("Profiler.setSamplingInterval", { interval: 50 });
    await session.send("Profiler.start");
    for (let index = 0; index < KEYSTROKES; index += 1) {
      await press(page, "q", 200);
      await press(page, "Backspace", 200);
    }
    const { profile } = (await session.send("Profiler.stop")) as {
      profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
    };
    const summary = profileSummary(profile);
    console.log(`\nCPU profile, self time per keystroke (ms), by package/file:`);
    for (const [name, us] of summary.byPackage)
      console.log(`  ${(us / 1000 / (KEYSTROKES * 2)).toFixed(2).padStart(7)}  ${name}`);
    console.log(`\nInside the keystroke's event, inclusive (ms per keystroke):`);
    for (const [name, us] of summary.inKeystroke)
      console.log(`  ${(us / 1000 / (KEYSTROKES * 2)).toFixed(2).padStart(7)}  ${name}`);
    console.log(`\nInclusive (ms per keystroke):`);
    for (const [name, us] of summary.inclusive)
      console.log(`  ${(us / 1000 / (KEYSTROKES * 2)).toFixed(2).padStart(7)}  ${name}`);
    console.log(`\nBusiest functions (self ms per keystroke):`);
    for (const [name, us] of summary.byFunction)
      console.log(`  ${(us / 1000 / (KEYSTROKES * 2)).toFixed(2).padStart(7)}  ${name}`);
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
