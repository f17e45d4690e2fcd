import { generate } from "otplib";
import { expect, greeting, openFromSidebar, test } from "./support/signed-in";

/**
 * Two-factor sign-in with a code the test computes as an authenticator app would, a recovery
 * code, signing another session out from Settings, and deleting the account — in a real browser
 * against the real server and database.
 */

/** The code an authenticator shows `seconds` from now (the server takes the step after its own too). */
function codeIn(secret: string, seconds: number): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + seconds });
}

test("two-factor sign-in with an app code and a recovery code, signing a session out, deleting the account", async ({
  page,
  request,
  account,
}) => {
  // Three sign-ins, a second device and a deletion in one journey.
  test.slow();
  const { user } = account;
  let secret = "";
  let recoveryCodes: string[] = [];

  await test.step("Settings: set up two-factor with the QR code's key and a code of it", async () => {
    await openFromSidebar(page, "Settings");
    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    secret = (await page.getByTestId("two-factor-secret").textContent()) ?? "";
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    await page.getByLabel("Code from the app").fill(await codeIn(secret, 0));
    await page.getByRole("button", { name: "Turn on" }).click();
    const codes = page.getByRole("list", { name: "Recovery codes" });
    await expect(codes.getByRole("listitem")).toHaveCount(10);
    recoveryCodes = await codes.getByRole("listitem").allTextContents();
    await page.getByRole("button", { name: "I have saved them" }).click();
    await expect(page.getByText("10 recovery codes left")).toBeVisible();
  });

  await test.step("after signing out, sign-in asks for the code and takes the app's", async () => {
    await page.getByRole("button", { name: /^Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    // The step that turned two-factor on is taken: the app's next code.
    await page.getByLabel("Code").fill(await codeIn(secret, 30));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(greeting(page)).toBeVisible();
  });

  await test.step("a recovery code signs in once", async () => {
    await page.getByRole("button", { name: /^Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByLabel("Code").fill(recoveryCodes[0] ?? "");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(greeting(page)).toBeVisible();
  });

  await test.step("Settings → Sign-ins signs another device out", async () => {
    const login = await request.post("/auth/login", {
      data: { email: user.email, password: user.password },
      headers: { "user-agent": "Phone Browser/1.0" },
    });
    const { challenge } = (await login.json()) as { challenge: string };
    const verified = await request.post("/auth/2fa/verify", {
      data: { challenge, code: recoveryCodes[1] },
    });
    const { token: phone } = (await verified.json()) as { token: string };
    expect((await request.get("/auth/me", { headers: { authorization: `Bearer ${phone}` } })).status()).toBe(
      200,
    );

    await openFromSidebar(page, "Settings");
    const row = page
      .getByRole("list", { name: "Your sign-ins" })
      .getByRole("listitem")
      .filter({ hasText: "Phone Browser/1.0" });
    await row.getByRole("button", { name: "Sign out" }).click();
    await expect(row).toHaveCount(0);
    expect((await request.get("/auth/me", { headers: { authorization: `Bearer ${phone}` } })).status()).toBe(
      401,
    );
  });

  await test.step("deleting the account signs out, and its credentials answer 401", async () => {
    await page.getByRole("button", { name: "Delete account…" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await expect(dialog.getByText(/tasks, projects and their history/)).toBeVisible();
    await dialog.getByLabel("Your password").fill(user.password);
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL(/\/login/);
    expect(
      (await request.get("/auth/me", { headers: { authorization: `Bearer ${account.token}` } })).status(),
    ).toBe(401);
    const again = await request.post("/auth/login", { data: { email: user.email, password: user.password } });
    expect(again.status()).toBe(401);
  });
});
