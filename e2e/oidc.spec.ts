import { expect, test } from "./support/fixtures";
import { oidcInstance } from "./support/oidc-instance";

/**
 * Single sign-on: a person signs in with the server's OpenID Provider (a real one, on this
 * machine) and lands on the dashboard with a new account; the next time, the same account; and
 * deleting that account, which has no password, is confirmed by signing in again there.
 */
test.use({ baseURL: oidcInstance.baseUrl });

test("a person signs in with the OpenID Provider and lands on the dashboard, signed in", async ({ page }) => {
  // Three round trips through the provider's pages.
  test.slow();
  const greeting = page.getByRole("heading", { name: /Good (morning|afternoon|evening), Ada/ });

  await test.step("/login offers the provider above the password form", async () => {
    await page.goto("/login");
    await expect(page.getByLabel("Email")).toBeVisible();
    await page.getByRole("link", { name: `Sign in with ${oidcInstance.name}` }).click();
  });

  await test.step("the provider's login page signs the person in and asks for consent", async () => {
    await expect(page).toHaveURL(
      new RegExp(`^http://127\\.0\\.0\\.1:${oidcInstance.providerPort}/interaction/`),
    );
    // The development login page takes any password.
    await page.getByPlaceholder("Enter any login").fill("ada");
    await page.getByPlaceholder("and password").fill("any password");
    await page.getByRole("button", { name: "Sign-in" }).click();
    await page.getByRole("button", { name: "Continue" }).click();
  });

  await test.step("back in Tasklane: the dashboard, with no code left in the address", async () => {
    await expect(page).toHaveURL(`${oidcInstance.baseUrl}/dashboard`);
    await expect(greeting).toBeVisible();
  });

  await test.step("signing out and in again reaches the same account without the login page", async () => {
    await page.getByRole("button", { name: "Account menu for Ada Lovelace" }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole("link", { name: `Sign in with ${oidcInstance.name}` }).click();
    // The provider remembers its session: straight back to the dashboard.
    await expect(page).toHaveURL(`${oidcInstance.baseUrl}/dashboard`);
    await expect(greeting).toBeVisible();
  });

  await test.step("deleting the account, which has no password, takes signing in again at the provider", async () => {
    await page.goto("/settings");
    await page.getByRole("button", { name: "Delete account…" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await expect(
      dialog.getByText(
        `Your account has no password: confirm by signing in again with ${oidcInstance.name}.`,
      ),
    ).toBeVisible();
    await dialog.getByRole("button", { name: `Confirm with ${oidcInstance.name}` }).click();
    // The provider asks again, although its session would have done.
    await expect(page).toHaveURL(
      new RegExp(`^http://127\\.0\\.0\\.1:${oidcInstance.providerPort}/interaction/`),
    );
    await page.getByPlaceholder("Enter any login").fill("ada");
    await page.getByPlaceholder("and password").fill("any password");
    await page.getByRole("button", { name: "Sign-in" }).click();
    const confirmed = dialog.getByText(
      `You signed in again with ${oidcInstance.name}: your account can be deleted now.`,
    );
    const consent = page.getByRole("button", { name: "Continue" });
    // The app loads afresh on its return: allow a busy machine the time of a first load.
    await expect(confirmed.or(consent)).toBeVisible({ timeout: 30_000 });
    if (await consent.isVisible()) await consent.click();
    await expect(confirmed).toBeVisible();
    // The confirmation left the address bar.
    await expect(page).toHaveURL(`${oidcInstance.baseUrl}/settings`);
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
