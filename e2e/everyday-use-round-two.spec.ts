import { expect, openFromSidebar, test } from "./support/signed-in";

/**
 * What a new user still tripped over in the first hour, second round, each as that user meets it:
 * real browser, real server, real database, mail caught by the SMTP sink.
 */

interface BrowserGlobals {
  navigator: { clipboard: { readText(): Promise<string> } };
}

test.describe("calendar feed address", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("Copy puts the address on the clipboard, and the address answers with the calendar", async ({
    page,
    account,
  }) => {
    await account.api.post("/api/v1/tasks", { title: "Dentist", due_date: "2030-03-15T09:00:00.000Z" });
    await openFromSidebar(page, "Settings");
    const address = page.getByLabel("Calendar address");
    await expect(address).toHaveValue(/\/api\/v1\/calendar\/[A-Za-z0-9_-]+\.ics$/);
    await page.getByRole("button", { name: "Copy", exact: true }).click();
    await expect(page.getByText("Address copied", { exact: true })).toBeVisible();
    const copied = await page.evaluate(() =>
      (globalThis as unknown as BrowserGlobals).navigator.clipboard.readText(),
    );
    expect(copied).toBe(await address.inputValue());

    const feed = await page.request.get(copied);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toMatch(/^text\/calendar/);
    expect(await feed.text()).toContain("SUMMARY:Dentist");
  });
});
