import { chromium, type Browser, type BrowserContext } from "@playwright/test";
import type { SpaServer } from "./spa-server";

/**
 * Debian's Chromium (Playwright cannot download its own browser here), headless, with the same
 * switches as the e2e suite: root in a container with no network, so no sandbox, no GPU and
 * nothing phoning home. Every page the bench opens is on 127.0.0.1.
 */
export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
];

/** Every browser step gives up after this long rather than hang the bench. */
export const BROWSER_STEP_MS = 60_000;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
    headless: true,
    timeout: BROWSER_STEP_MS,
  });
}

/**
 * localStorage as the SPA leaves it after signing in (src/stores/session-store.ts: the zustand
 * persist entry plus the separate token and user keys the SPA also writes). Kept as plain names here: the
 * store module itself only runs in a browser.
 */
export function sessionStorageEntries(server: Pick<SpaServer, "token" | "user">): Record<string, string> {
  return {
    "tasklane-auth": JSON.stringify({ state: { token: server.token, user: server.user }, version: 0 }),
    token: server.token,
    user: JSON.stringify(server.user),
  };
}

/** A fresh browser context (empty cache) whose pages start signed in as the server's seeded user. */
export async function signedInContext(browser: Browser, server: SpaServer): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(BROWSER_STEP_MS);
  // A script string: this file is compiled without the DOM library.
  await context.addInitScript({
    content: `for (const [key, value] of Object.entries(${JSON.stringify(sessionStorageEntries(server))})) localStorage.setItem(key, value);`,
  });
  return context;
}
