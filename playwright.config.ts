import { defineConfig } from "@playwright/test";
import { e2eEnvironment } from "./e2e/support/environment";

const isCi = Boolean(process.env.CI);

/**
 * End-to-end: the real server, compiled as `npm start` runs it, serving the built SPA (`npm run
 * test:e2e` runs `vite build` first) on a fresh SQLite database, driven through Debian's Chromium.
 * Global setup compiles and starts the server's instances (e2e/global-setup.ts).
 */
export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  // One browser at a time: on two cores a second one made each journey 2.5 times slower (the
  // servers, the browsers and the PostgreSQL run beside share them), so the run took no less.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: isCi,
  timeout: 60_000,
  // Only a guard against a hung run, far above what the journeys take on a slow machine (each
  // journey has its own 60 s limit): CI's own limit is 90 minutes.
  globalTimeout: isCi ? 40 * 60_000 : 0,
  expect: { timeout: 10_000 },
  reporter: isCi ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: e2eEnvironment.baseUrl,
    browserName: "chromium",
    launchOptions: {
      executablePath: e2eEnvironment.chromiumPath,
      // Root in a container with no network: no sandbox, no GPU, nothing phoning home.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
      ],
    },
    // Every journey opens a new context, where the app's service worker would install and
    // precache the whole build (about a hundred files) while the journey runs: on two cores that
    // held the screens' own requests back by seconds. The journeys of the worker itself
    // (pwa.spec.ts, push reminders) allow it again.
    serviceWorkers: "block",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
});
