import { defineConfig } from "@playwright/test";
import { aiInstanceWebServer } from "./e2e/support/ai-instance";
import { e2eEnvironment, serverEnvironment } from "./e2e/support/environment";
import { oidcInstanceWebServer } from "./e2e/support/oidc-instance";

const isCi = Boolean(process.env.CI);

/**
 * End-to-end: the real server (`server/src/main.ts`) serving the built SPA (`npm run test:e2e`
 * runs `vite build` first) on a fresh SQLite database, driven through Debian's Chromium.
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
  webServer: [
    {
      // What `npm start` runs: the compiled server.
      command: "node scripts/build-server.mjs && node dist-server/main.mjs",
      url: `${e2eEnvironment.baseUrl}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      // LOG_LEVEL=warn: only the server's warnings and errors reach the test output.
      stdout: "pipe",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
      env: {
        ...serverEnvironment(e2eEnvironment),
        INBOUND_SMTP_PORT: String(e2eEnvironment.inboundSmtpPort),
        // The built-in offline AI engine until a fake OpenAI-compatible server is added here.
        AI_BASE_URL: process.env.E2E_AI_BASE_URL ?? "",
      },
    },
    // The AI journeys (issues 4, 5): a second instance whose AI_BASE_URL is a fake OpenAI-compatible server.
    aiInstanceWebServer,
    // The OpenID Connect journey: an instance signing in through a local OpenID Provider.
    oidcInstanceWebServer,
  ],
});
