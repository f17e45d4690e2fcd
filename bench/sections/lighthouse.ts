import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium as playwrightChromium } from "@playwright/test";
import lighthouse, { desktopConfig } from "lighthouse";
import type { BenchSection } from "../lib/report";
import { withDeadline } from "../support/bounded";
import { BROWSER_STEP_MS, chromiumArgs, chromiumPath, sessionStorageEntries } from "../support/chromium";
import { startSpaServer, type SpaServer } from "../support/spa-server";

/**
 * Lighthouse 12 (the npm package) on the landing page and the signed-in dashboard, in
 * headless Debian Chromium, against the real server serving the production build on loopback.
 * Desktop settings: throttling is simulated from the trace (no network needed); the categories
 * are those that need nothing from the Internet.
 *
 * Each page gets a Chromium of its own with a fresh profile, so nothing is cached. For the
 * dashboard the profile first receives the session the SPA would have stored after signing in
 * (written on a same-origin page that loads none of the app), and Lighthouse is told not to
 * clear storage.
 */

const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;
const RUN_MS = 3 * 60_000;
const RUNS = 3;

interface DebuggableChromium {
  port: number;
  close(): Promise<void>;
}

/** Chromium listening for DevTools on a loopback port the OS picks (read from its stderr). */
async function startDebuggableChromium(): Promise<DebuggableChromium> {
  const profile = mkdtempSync(path.join(tmpdir(), "tasklane-bench-chromium-"));
  const child: ChildProcess = spawn(
    chromiumPath,
    [
      ...chromiumArgs,
      "--headless",
      "--remote-debugging-port=0",
      `--user-data-dir=${profile}`,
      "--no-first-run",
      "--no-default-browser-check",
      "--disable-extensions",
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    }
    process.off("exit", killOnExit);
    // Chromium's helper processes may still be writing the profile for a moment after it exits.
    for (let attempt = 0; ; attempt += 1) {
      try {
        rmSync(profile, { recursive: true, force: true });
        return;
      } catch (error) {
        if (attempt >= 40) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  };
  try {
    const port = await withDeadline(
      new Promise<number>((resolve, reject) => {
        let stderr = "";
        child.stderr?.on("data", (chunk: Buffer) => {
          stderr += chunk.toString();
          const match = /DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//.exec(stderr);
          if (match) resolve(Number(match[1]));
        });
        child.once("exit", (code) =>
          reject(new Error(`Chromium exited with ${code}: ${stderr.slice(-2_000)}`)),
        );
        child.once("error", reject);
      }),
      BROWSER_STEP_MS,
      "starting Chromium",
    );
    return { port, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Writes the signed-in session into the profile's localStorage for the server's origin. */
async function storeSession(port: number, server: SpaServer): Promise<void> {
  const browser = await playwrightChromium.connectOverCDP(`http://127.0.0.1:${port}`, {
    timeout: BROWSER_STEP_MS,
  });
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error("Chromium has no default context");
    const page = await context.newPage();
    // /health is same-origin JSON: localStorage is the app's, and none of the app is cached.
    await page.goto(`${server.baseUrl}/health`, { timeout: BROWSER_STEP_MS });
    await page.evaluate(
      `for (const [key, value] of Object.entries(${JSON.stringify(sessionStorageEntries(server))})) localStorage.setItem(key, value);`,
    );
    await page.close();
  } finally {
    // Over CDP this only disconnects; the browser stays up for Lighthouse.
    await browser.close();
  }
}

/** After the run: did that profile really show the dashboard (not the login page or a spinner)? */
async function showsDashboard(port: number, server: SpaServer): Promise<string | undefined> {
  const browser = await playwrightChromium.connectOverCDP(`http://127.0.0.1:${port}`, {
    timeout: BROWSER_STEP_MS,
  });
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${server.baseUrl}/dashboard`, { waitUntil: "networkidle", timeout: BROWSER_STEP_MS });
    const heading = page.locator("h1").first();
    const shown = await heading
      .waitFor({ state: "visible", timeout: 15_000 })
      .then(() => true)
      .catch(() => false);
    const where = new URL(page.url()).pathname;
    const text = shown
      ? ""
      : ((await page.evaluate("document.body.innerText")) as string).trim().slice(0, 60);
    await page.close();
    if (where !== "/dashboard") return `landed on ${where}`;
    return shown ? undefined : `the dashboard did not render (page shows "${text}")`;
  } finally {
    await browser.close();
  }
}

interface Scores {
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  metrics: { fcp?: number; lcp?: number; tbt?: number; cls?: number };
  failing: string[];
  problem?: string;
}

async function audit(server: SpaServer, route: string, signedIn: boolean): Promise<Scores> {
  const browser = await startDebuggableChromium();
  try {
    if (signedIn) await storeSession(browser.port, server);
    const url = `${server.baseUrl}${route}`;
    const result = await withDeadline(
      lighthouse(
        url,
        {
          port: browser.port,
          hostname: "127.0.0.1",
          logLevel: "error",
          output: "json",
          onlyCategories: [...CATEGORIES],
          disableStorageReset: signedIn,
          maxWaitForLoad: 45_000,
        },
        desktopConfig,
      ),
      RUN_MS,
      `Lighthouse on ${route}`,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
    const { lhr } = result;
    if (lhr.runtimeError)
      throw new Error(`Lighthouse on ${route}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const numeric = (id: string) => lhr.audits[id]?.numericValue;
    const failing = CATEGORIES.flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id])
        .filter((entry) => entry && entry.score !== null && entry.score < 0.9)
        .map((entry) => `${category}: ${entry!.id} (${Math.round((entry!.score ?? 0) * 100)})`),
    );
    const problem = signedIn ? await showsDashboard(browser.port, server) : undefined;
    return {
      scores: Object.fromEntries(
        CATEGORIES.map((category) => [category, lhr.categories[category]?.score ?? null]),
      ) as Scores["scores"],
      metrics: {
        fcp: numeric("first-contentful-paint"),
        lcp: numeric("largest-contentful-paint"),
        tbt: numeric("total-blocking-time"),
        cls: numeric("cumulative-layout-shift"),
      },
      failing,
      problem:
        problem ?? (lhr.finalDisplayedUrl.endsWith(route) ? undefined : `ended on ${lhr.finalDisplayedUrl}`),
    };
  } finally {
    // Leaving a temporary profile behind must not throw away a measurement.
    await browser
      .close()
      .catch((error: unknown) => console.error(`bench: could not clean up Chromium: ${String(error)}`));
  }
}

const score = (value: number | null) => (value === null ? "—" : String(Math.round(value * 100)));
const ms = (value: number | undefined) => (value === undefined ? "—" : `${Math.round(value)} ms`);

/** The run with the median performance score: all the figures of one real run, not a mix. */
function medianRun(runs: Scores[]): Scores {
  const sorted = [...runs].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  return sorted[Math.floor((sorted.length - 1) / 2)] as Scores;
}

const lighthouseSection: BenchSection = async () => {
  const server = await startSpaServer();
  try {
    const rows: string[][] = [];
    const notes: string[] = [];
    for (const [label, route, signedIn] of [
      ["Landing", "/", false],
      ["Dashboard (signed in)", "/dashboard", true],
    ] as const) {
      const runs: Scores[] = [];
      const errors: string[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        try {
          runs.push(await audit(server, route, signedIn));
        } catch (error) {
          errors.push((error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "");
        }
      }
      if (errors.length > 0)
        notes.push(`${label}: ${errors.length} of ${RUNS} runs failed: ${errors.join("; ")}`);
      if (runs.length === 0) {
        rows.push([label, "—", "—", "—", "—", "—", "—", "—", "—", `NOT MEASURED`]);
        continue;
      }
      const median = medianRun(runs);
      const performance = runs.map((run) => run.scores.performance ?? 0);
      const problems = [...new Set(runs.flatMap((run) => (run.problem ? [run.problem] : [])))];
      rows.push([
        label,
        score(median.scores.performance),
        `${score(Math.min(...performance))}-${score(Math.max(...performance))}`,
        score(median.scores.accessibility),
        score(median.scores["best-practices"]),
        ms(median.metrics.fcp),
        ms(median.metrics.lcp),
        ms(median.metrics.tbt),
        median.metrics.cls === undefined ? "—" : median.metrics.cls.toFixed(3),
        problems.length > 0 ? `NO: ${problems.join("; ")}` : "yes",
      ]);
      if (median.failing.length > 0)
        notes.push(`${label}, audits under 90 (median run): ${median.failing.join(", ")}`);
    }
    return {
      title: "Lighthouse 12, desktop, headless Chromium",
      tables: [
        {
          title: `Scores (0-100), the median of ${RUNS} runs by performance score`,
          columns: [
            "page",
            "performance",
            "(range)",
            "accessibility",
            "best practices",
            "FCP",
            "LCP",
            "TBT",
            "CLS",
            "valid",
          ],
          rows,
        },
      ],
      notes: [
        ...notes,
        "Desktop config (simulated desktop throttling from the recorded trace, no CPU slowdown); loopback only, nothing from the Internet.",
        "Each run in its own Chromium with a fresh profile (empty cache); the dashboard's profile holds the signed-in session only.",
        '"valid" checks that the page audited is the one named (the dashboard really rendered, signed in).',
      ],
    };
  } finally {
    await server.close();
  }
};

export default lighthouseSection;
