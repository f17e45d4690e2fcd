/// <reference lib="dom" />
import type { Page } from "@playwright/test";
import { expect, openFromSidebar, test } from "./support/signed-in";

/**
 * Installable and offline-tolerant: the manifest and the service worker are served as browsers
 * expect them; a signed-in person who loses the connection still sees the tasks last loaded,
 * under an offline banner; a change made offline is refused with "You are offline" (changes
 * are not queued) and reaches nothing; back online, the banner goes and changes work again.
 */

/**
 * Whether the query cache saved in IndexedDB (idb-keyval's default store) holds `text`. The cache is
 * written a moment after it changes, so an earlier copy (the dashboard's empty list) may be there first.
 */
async function queryCacheSaved(page: Page, text: string): Promise<boolean> {
  return page.evaluate(
    (text) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open("keyval-store");
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("keyval")) return resolve(false);
          const get = db.transaction("keyval").objectStore("keyval").get("tasklane-query-cache");
          get.onsuccess = () => resolve(typeof get.result === "string" && get.result.includes(text));
          get.onerror = () => resolve(false);
        };
      }),
    text,
  );
}

// The service worker is what these journeys are about (the others block it: playwright.config.ts).
test.use({ serviceWorkers: "allow" });

test("the manifest, the service worker and the page are served fresh and valid", async ({ request }) => {
  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.ok()).toBe(true);
  const body = (await manifest.json()) as Record<string, unknown> & {
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(body).toMatchObject({
    name: "Tasklane",
    short_name: "Tasklane",
    display: "standalone",
    start_url: "/dashboard",
    theme_color: "#4f46e5",
  });
  expect(body.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  expect(body.icons.some((icon) => icon.purpose === "maskable")).toBe(true);
  for (const icon of body.icons) {
    const image = await request.get(icon.src);
    expect(image.headers()["content-type"], icon.src).toBe("image/png");
  }

  const worker = await request.get("/sw.js");
  expect(worker.ok()).toBe(true);
  expect(worker.headers()["content-type"]).toMatch(/javascript/);
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  expect(await worker.text()).toContain("precacheAndRoute");

  const page = await request.get("/dashboard");
  expect(page.headers()["cache-control"]).toBe("no-cache");
  expect(await page.text()).toContain('<link rel="manifest" href="/manifest.webmanifest">');
});

test("offline, the tasks last loaded stay readable and changes are refused", async ({
  page,
  context,
  account,
}) => {
  await account.api.post("/api/v1/tasks", { title: "Read offline" });
  await openFromSidebar(page, "Tasks");
  await expect(page.getByRole("heading", { name: "Read offline", exact: true })).toBeVisible();
  // The worker is active (the app shell precached) and the tasks are kept in IndexedDB.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => queryCacheSaved(page, "Read offline"), { timeout: 10_000 }).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Read offline", exact: true })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "You are offline" })).toBeVisible();

  await page.getByRole("button", { name: "Create Task" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create New Task" });
  await dialog.getByLabel("Title").fill("Written offline");
  await dialog.getByRole("button", { name: "Create Task" }).click();
  await expect(page.getByText("You are offline. Nothing was saved", { exact: false })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole("status").filter({ hasText: "You are offline" })).toBeHidden();
  expect((await account.api.tasks()).map((task) => task.title)).toEqual(["Read offline"]);
});
