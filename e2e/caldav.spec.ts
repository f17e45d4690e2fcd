import { expect, openFromSidebar, test } from "./support/signed-in";

/**
 * Settings makes an app password for a device and shows where CalDAV clients connect; a client
 * (here the test's own HTTP requests) signs in with it until it is revoked.
 */
test("an app password made in Settings lets a CalDAV client in, until it is revoked", async ({
  page,
  account,
  request,
}) => {
  await openFromSidebar(page, "Settings");
  await expect(page.getByRole("heading", { name: "Sync with other apps (CalDAV)" })).toBeVisible();
  const listUrl = await page.getByRole("textbox", { name: "Inbox list address" }).inputValue();
  expect(listUrl).toMatch(new RegExp(`/dav/calendars/${account.user.username}/[^/]+/$`));

  await page.getByLabel("Device name").fill("Phone");
  await page.getByRole("button", { name: "Create app password" }).click();
  await expect(page.getByText("App password for Phone")).toBeVisible();
  const password = await page.getByRole("textbox", { name: "App password", exact: true }).inputValue();
  const propfind = () =>
    request.fetch(listUrl, {
      method: "PROPFIND",
      headers: {
        authorization: `Basic ${Buffer.from(`${account.user.username}:${password}`).toString("base64")}`,
        depth: "1",
      },
    });
  expect((await propfind()).status()).toBe(207);

  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("textbox", { name: "App password", exact: true })).toHaveCount(0);
  await page.reload();
  const list = page.getByRole("list", { name: "App passwords" });
  await expect(list.getByText("Phone")).toBeVisible();
  await expect(list.getByText(/Last used/)).toBeVisible();

  await page.getByRole("button", { name: "Revoke Phone" }).click();
  await expect(page.getByText("App password revoked")).toBeVisible();
  await expect(page.getByText("No app passwords yet.")).toBeVisible();
  expect((await propfind()).status()).toBe(401);
});
