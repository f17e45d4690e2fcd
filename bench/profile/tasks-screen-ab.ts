import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";
import { FIRST_CARD_PROBE } from "../sections/tasks-screen";
import { median } from "../support/bounded";
import { launchChromium, signedInContext } from "../support/chromium";
import { startSpaServer, type SpaServer } from "../support/spa-server";

/**
 * A/B of the Tasks screen's first card, for judging a change on a shared machine: two (or more)
 * production builds, each served by its own compiled server with the same 5,000 seeded tasks, are
 * measured in alternation, round after round, with the very probe of bench/sections/tasks-screen.ts
 * (navigation start → first animation frame with a card in the DOM; one visit with an empty cache,
 * then revisits in the same browser context).
 *
 *   npx vite build --outDir /tmp/a --manifest --sourcemap hidden   (once per build to compare)
 *   npx tsx --tsconfig tsconfig.node.json bench/profile/tasks-screen-ab.ts /tmp/a /tmp/b [--rounds 4] [--revisits 5]
 *   … --cpu                 also traces each revisit: the renderer main thread's CPU time to the first card
 *   … --profile /tmp/out    instead, a CPU profile of one revisit per build, mapped through the build's
 *                           source maps: busiest functions, busy stretches (TREE=from-to: a call tree)
 *   … --trace /tmp/out      instead, a trace of one revisit per build: the main thread's tasks, with
 *                           the functions that took their time, and the requests, from navigation start
 *   NO_SW=<build folder name> runs that build's pages without the service worker
 */

const TASKS = 5_000;

interface Served {
  dir: string;
  label: string;
  server: SpaServer;
}

async function serve(dir: string): Promise<Served> {
  return { dir, label: path.basename(dir), server: await startSpaServer({ tasks: TASKS, staticDir: dir }) };
}

async function firstCard(page: Page, url: string): Promise<number> {
  await page.goto(`${url}/tasks`, { waitUntil: "commit" });
  const deadline = Date.now() + 60_000;
  while (!(await page.evaluate("window.__benchFirstCard !== undefined"))) {
    if (Date.now() > deadline) throw new Error("no first card within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return ((await page.evaluate("window.__benchFirstCard")) as { frame: number }).frame;
}

async function context(browser: Browser, served: Served): Promise<BrowserContext> {
  const ctx = await signedInContext(browser, served.server);
  // NO_SW=<label>: that build's pages run without the service worker (what it costs a revisit).
  if (process.env.NO_SW === served.label) await ctx.route("**/sw.js", (route) => route.abort());
  await ctx.addInitScript({ content: FIRST_CARD_PROBE });
  return ctx;
}

/**
 * The renderer main thread's CPU time (thread time of its top-level tasks) from navigation start to
 * the first card's frame: a figure that moves less with the machine's load than the wall clock.
 */
/** The trace's last navigation to /tasks (the revisit). */
function tasksNavigation(traceEvents: TraceEvent[]): TraceEvent | undefined {
  return traceEvents
    .filter(
      (event) =>
        event.name === "navigationStart" &&
        String(event.args?.data?.documentLoaderURL ?? "").endsWith("/tasks"),
    )
    .sort((a, b) => a.ts - b.ts)
    .at(-1);
}

function mainThreadCpuMs(buffer: Buffer, frame: number): number {
  const { traceEvents } = JSON.parse(buffer.toString()) as {
    traceEvents: Array<TraceEvent & { tdur?: number }>;
  };
  const nav = tasksNavigation(traceEvents);
  if (!nav) return Number.NaN;
  const end = nav.ts + frame * 1000;
  let cpu = 0;
  for (const event of traceEvents) {
    if (event.pid !== nav.pid || event.tid !== nav.tid || event.name !== "RunTask") continue;
    if (event.ts < nav.ts || event.ts > end) continue;
    cpu += Math.min(event.tdur ?? 0, end - event.ts);
  }
  return cpu / 1000;
}

async function round(browser: Browser, served: Served, revisits: number, cpu: boolean) {
  const ctx = await context(browser, served);
  try {
    const frames: number[] = [];
    const cpuMs: number[] = [];
    let page: Page | undefined;
    for (let index = 0; index <= revisits; index += 1) {
      await page?.close();
      page = await ctx.newPage();
      if (cpu && index > 0) {
        await browser.startTracing(page, {
          categories: ["disabled-by-default-devtools.timeline", "blink.user_timing"],
        });
        const frame = await firstCard(page, served.server.baseUrl);
        frames.push(frame);
        cpuMs.push(mainThreadCpuMs(await browser.stopTracing(), frame));
      } else {
        frames.push(await firstCard(page, served.server.baseUrl));
      }
    }
    return { cold: frames[0] ?? Number.NaN, warm: frames.slice(1), cpuMs };
  } finally {
    await ctx.close();
  }
}

interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface Node {
  id: number;
  callFrame: Frame;
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

function mapped(dir: string) {
  const maps = new Map<string, TraceMap | null>();
  return (frame: Frame): string => {
    const file = /\/assets\/[^/?]+\.js/.exec(frame.url)?.[0];
    if (!file) return `${frame.functionName || "(anon)"} ${frame.url ? path.basename(frame.url) : ""}`;
    if (!maps.has(file)) {
      try {
        maps.set(file, new TraceMap(readFileSync(path.join(dir, `${file}.map`), "utf8")));
      } catch {
        maps.set(file, null);
      }
    }
    const map = maps.get(file);
    if (!map) return `${frame.functionName} ${file}`;
    const pos = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
    const source = (pos.source ?? file).replace(/^.*node_modules\//, "").replace(/^(\.\.\/)+/, "");
    return `${pos.name ?? frame.functionName ?? "(anon)"} ${source}:${pos.line}`;
  };
}

/**
 * The `count` largest entries (ms), largest first, those under `minMs` left out, one line each as
 * `line` writes it.
 */
function topLines(
  values: Map<string, number>,
  count: number,
  line: (ms: number, label: string) => string,
  minMs = 0,
): string {
  return [...values]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .filter(([, ms]) => ms >= minMs)
    .map(([label, ms]) => line(ms, label))
    .join("\n");
}

function summarise(profile: Profile, dir: string): string {
  const name = mapped(dir);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const node = byId.get(id);
    if (!node) return;
    const own = name(node.callFrame);
    self.set(own, (self.get(own) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const label = name(byId.get(at)!.callFrame);
      if (seen.has(label)) continue;
      seen.add(label);
      inclusive.set(label, (inclusive.get(label) ?? 0) + ms);
    }
  });
  const top = (values: Map<string, number>, count: number) =>
    topLines(values, count, (ms, label) => `  ${ms.toFixed(1).padStart(7)} ms  ${label}`);
  // The busy stretches of the main thread in order (split where it idles for 2 ms or more), each
  // with its busiest functions (self) and the app's own frames and libraries' entry points (inclusive).
  const segments: string[] = [];
  let time = 0;
  let start = -1;
  let idleSince = -1;
  let segSelf = new Map<string, number>();
  let segIncl = new Map<string, number>();
  const flush = (end: number) => {
    if (start >= 0 && end - start > 8) {
      segments.push(
        `-- ${(start / 1000).toFixed(0)}–${(end / 1000).toFixed(0)} ms (profile clock)\n${top(segSelf, 8)}\n   inclusive:\n${top(segIncl, 14)}`,
      );
    }
    start = -1;
    segSelf = new Map();
    segIncl = new Map();
  };
  profile.samples.forEach((id, index) => {
    time += profile.timeDeltas[index] ?? 0;
    const node = byId.get(id);
    if (!node) return;
    const idle = node.callFrame.functionName === "(idle)" || node.callFrame.functionName === "(program)";
    if (idle) {
      if (idleSince < 0) idleSince = time;
      if (start >= 0 && time - idleSince > 2000) flush(idleSince);
      return;
    }
    idleSince = -1;
    if (start < 0) start = time;
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const own = name(node.callFrame);
    segSelf.set(own, (segSelf.get(own) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const label = name(byId.get(at)!.callFrame);
      if (seen.has(label) || label.includes("react-dom") || label.includes("scheduler")) continue;
      seen.add(label);
      segIncl.set(label, (segIncl.get(label) ?? 0) + ms);
    }
  });
  flush(time);
  // TREE=from-to (profile clock, ms): the call tree of those samples, frames of 1 ms or more.
  const window = process.env.TREE?.split("-").map(Number);
  if (window?.length === 2) {
    const [from = 0, to = 0] = window;
    const totals = new Map<number, number>();
    let clock = 0;
    profile.samples.forEach((id, index) => {
      clock += profile.timeDeltas[index] ?? 0;
      if (clock / 1000 < from || clock / 1000 > to) return;
      const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
        totals.set(at, (totals.get(at) ?? 0) + ms);
    });
    const lines: string[] = [];
    const walk = (id: number, depth: number) => {
      const ms = totals.get(id) ?? 0;
      if (ms < 1 || depth > 60) return;
      lines.push(`${" ".repeat(depth)}${ms.toFixed(1)} ${name(byId.get(id)!.callFrame)}`);
      for (const child of byId.get(id)?.children ?? []) walk(child, depth + 1);
    };
    walk(profile.nodes[0]!.id, 0);
    segments.push(lines.join("\n"));
  }
  return `self:\n${top(self, 40)}\ninclusive:\n${top(inclusive, 60)}\n\nsegments:\n${segments.join("\n")}`;
}

/** A new page of a context whose code is cached: two visits first, as the bench's revisits. */
async function revisitPage(ctx: BrowserContext, served: Served): Promise<Page> {
  for (let index = 0; index < 2; index += 1) {
    const page = await ctx.newPage();
    await firstCard(page, served.server.baseUrl);
    await page.close();
  }
  return ctx.newPage();
}

async function profileRevisit(browser: Browser, served: Served, out: string): Promise<void> {
  const ctx = await context(browser, served);
  try {
    const page = await revisitPage(ctx, served);
    const cdp = await ctx.newCDPSession(page);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
    const frame = await firstCard(page, served.server.baseUrl);
    const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: Profile };
    const file = path.join(out, `${served.label}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`\n== ${served.label}: profiled revisit, first card ${frame.toFixed(0)} ms (${file})`);
    console.log(summarise(profile, served.dir));
  } finally {
    await ctx.close();
  }
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown>; name?: string };
}

/** The renderer main thread's tasks and notable events of one revisit, in ms from navigation start. */
async function traceRevisit(browser: Browser, served: Served, out: string): Promise<void> {
  const ctx = await context(browser, served);
  try {
    const page = await revisitPage(ctx, served);
    await browser.startTracing(page, {
      categories: [
        "devtools.timeline",
        "disabled-by-default-devtools.timeline",
        "blink.user_timing",
        "loading",
        "disabled-by-default-v8.cpu_profiler",
      ],
    });
    const frame = await firstCard(page, served.server.baseUrl);
    const buffer = await browser.stopTracing();
    writeFileSync(path.join(out, `${served.label}.trace.json`), buffer);
    const { traceEvents } = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
    const nav = tasksNavigation(traceEvents);
    const mainThread = traceEvents.find(
      (event) =>
        event.name === "thread_name" && event.args?.name === "CrRendererMain" && event.pid === nav?.pid,
    );
    const t0 = nav?.ts ?? 0;
    console.log(`\n== ${served.label}: traced revisit, first card ${frame.toFixed(0)} ms`);
    const at = (ts: number) => ((ts - t0) / 1000).toFixed(1).padStart(7);
    // The V8 samples of the renderer's main thread, on the trace's clock.
    const name = mapped(served.dir);
    const nodes = new Map<number, { frame: Frame; parent?: number }>();
    const samples: Array<{ ts: number; id: number }> = [];
    const starts = new Map<string, number>();
    for (const event of traceEvents as Array<TraceEvent & { id?: string }>) {
      if (event.pid !== mainThread?.pid) continue;
      if (event.name === "Profile")
        starts.set(
          String(event.id),
          Number((event.args?.data as { startTime?: number })?.startTime ?? event.ts),
        );
    }
    const clocks = new Map<string, number>();
    for (const event of traceEvents as Array<TraceEvent & { id?: string }>) {
      if (event.name !== "ProfileChunk" || event.pid !== mainThread?.pid) continue;
      const data = event.args?.data as {
        cpuProfile?: { nodes?: Array<{ id: number; callFrame: Frame; parent?: number }>; samples?: number[] };
        timeDeltas?: number[];
      };
      for (const node of data.cpuProfile?.nodes ?? [])
        nodes.set(node.id, { frame: node.callFrame, parent: node.parent });
      let clock = clocks.get(String(event.id)) ?? starts.get(String(event.id)) ?? 0;
      (data.cpuProfile?.samples ?? []).forEach((id, index) => {
        clock += data.timeDeltas?.[index] ?? 0;
        samples.push({ ts: clock, id });
      });
      clocks.set(String(event.id), clock);
    }
    samples.sort((a, b) => a.ts - b.ts);
    const describe = (from: number, to: number): string => {
      const self = new Map<string, number>();
      const incl = new Map<string, number>();
      for (let index = 0; index < samples.length; index += 1) {
        const sample = samples[index]!;
        if (sample.ts < from || sample.ts > to) continue;
        const ms = ((samples[index + 1]?.ts ?? sample.ts) - sample.ts) / 1000;
        const node = nodes.get(sample.id);
        if (!node || node.frame.functionName === "(idle)") continue;
        const own = name(node.frame);
        self.set(own, (self.get(own) ?? 0) + ms);
        const seen = new Set<string>();
        for (let id: number | undefined = sample.id; id !== undefined; id = nodes.get(id)?.parent) {
          const frame = nodes.get(id)?.frame;
          if (!frame) break;
          const label = name(frame);
          if (
            seen.has(label) ||
            !/\bsrc\/|contract\/|@tanstack|idb-keyval|tailwind|zod|axios|react-router|date-fns/.test(label)
          )
            continue;
          seen.add(label);
          incl.set(label, (incl.get(label) ?? 0) + ms);
        }
      }
      const top = (values: Map<string, number>, count: number) =>
        topLines(values, count, (ms, label) => `          ${ms.toFixed(1).padStart(6)} ${label}`, 1);
      return `        self:\n${top(self, 6)}\n        own/library frames:\n${top(incl, 10)}`;
    };
    for (const event of traceEvents) {
      if (event.pid !== mainThread?.pid || event.tid !== mainThread?.tid) continue;
      if (event.ts < t0) continue;
      const data = event.args?.data ?? {};
      const url = typeof data.url === "string" ? path.basename(data.url) : "";
      if (event.name === "RunTask" && (event.dur ?? 0) > 4000) {
        console.log(`${at(event.ts)} task ${((event.dur ?? 0) / 1000).toFixed(1)} ms`);
        if ((event.dur ?? 0) > 8000) console.log(describe(event.ts, event.ts + (event.dur ?? 0)));
      } else if (
        [
          "EvaluateScript",
          "v8.compileModule",
          "v8.evaluateModule",
          "FunctionCall",
          "Layout",
          "UpdateLayoutTree",
          "Paint",
          "ParseHTML",
          "TimerFire",
          "FireAnimationFrame",
          "EventDispatch",
        ].includes(event.name) &&
        (event.dur ?? 0) > 2000
      ) {
        const what =
          url ||
          (typeof data.type === "string" ? data.type : "") ||
          (typeof data.functionName === "string" ? data.functionName : "");
        console.log(`${at(event.ts)}   ${event.name} ${((event.dur ?? 0) / 1000).toFixed(1)} ms ${what}`);
      } else if (event.name === "ResourceSendRequest" && url && !url.endsWith(".js")) {
        console.log(`${at(event.ts)}   request ${url}`);
      }
    }
  } finally {
    await ctx.close();
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const at = args.indexOf(name);
    if (at < 0) return undefined;
    const [value] = args.splice(at, 2).slice(1);
    return value;
  };
  const rounds = Number(option("--rounds") ?? 4);
  const revisits = Number(option("--revisits") ?? 5);
  const profileDir = option("--profile");
  const traceDir = option("--trace");
  const cpu = args.includes("--cpu");
  if (cpu) args.splice(args.indexOf("--cpu"), 1);
  const dirs = args;
  if (dirs.length === 0) throw new Error("Give one or more build directories");
  for (const out of [profileDir, traceDir]) if (out) mkdirSync(out, { recursive: true });

  const served: Served[] = [];
  const browser = await launchChromium();
  try {
    for (const dir of dirs) served.push(await serve(path.resolve(dir)));
    if (traceDir) {
      for (const one of served) await traceRevisit(browser, one, traceDir);
      return;
    }
    if (profileDir) {
      for (const one of served) await profileRevisit(browser, one, profileDir);
      return;
    }
    const results = new Map(
      served.map((one) => [one.label, { cold: [] as number[], warm: [] as number[], cpu: [] as number[] }]),
    );
    for (let index = 0; index < rounds; index += 1) {
      const order = index % 2 === 0 ? served : [...served].reverse();
      for (const one of order) {
        const { cold, warm, cpuMs } = await round(browser, one, revisits, cpu);
        const kept = results.get(one.label)!;
        kept.cold.push(cold);
        kept.warm.push(...warm);
        kept.cpu.push(...cpuMs);
        console.log(
          `round ${index + 1} ${one.label}: cold ${cold.toFixed(0)}, revisits ${warm.map((ms) => ms.toFixed(0)).join(" ")} (median ${median(warm).toFixed(0)})${cpu ? `; main-thread CPU ${cpuMs.map((ms) => ms.toFixed(0)).join(" ")}` : ""}`,
        );
      }
    }
    console.log("");
    for (const [label, { cold, warm, cpu: cpuMs }] of results) {
      if (cpu)
        console.log(
          `${label.padEnd(12)} revisit main-thread CPU median ${median(cpuMs.filter((ms) => !Number.isNaN(ms))).toFixed(1)} ms (n=${cpuMs.filter((ms) => !Number.isNaN(ms)).length})`,
        );
      console.log(
        `${label.padEnd(12)} revisit median ${median(warm).toFixed(1)} ms (${Math.min(...warm).toFixed(0)}–${Math.max(...warm).toFixed(0)}, n=${warm.length}); first visit median ${median(cold).toFixed(0)} ms`,
      );
    }
  } finally {
    await browser.close();
    for (const one of served) {
      await one.server.close();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
