import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/**
 * A new user registers (the code arrives by e-mail), stays signed in across a
 * reload, changes name, timezone and password, logs out and signs in again — in a real browser
 * against the real server and database.
 */

function greeting(page: Page, name: string) {
  // "Good morning|afternoon|evening" followed by the first name.
  return page.getByRole("heading", { name: new RegExp(`Good (morning|afternoon|evening), ${name}`) });
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("a visitor signs up, stays signed in, changes name, timezone and password, logs out and signs back in", async ({
  page,
  mailbox,
  newUser,
}) => {
  const newPassword = `${newUser.password}-renewed`;

  await test.step("the landing page greets a visitor", async () => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Transform Your Tasks Automatically" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Everything you need to stay productive" })).toBeVisible();
    // "Go to Dashboard" only for a signed-in visitor.
    await expect(page.getByRole("link", { name: "Go to Dashboard" })).toHaveCount(0);
  });

  await test.step("registering with the code mailed to the new address opens the dashboard", async () => {
    // The hero's own "Get started" (the top bar has one too).
    await page.getByRole("main").getByRole("link", { name: "Get started" }).click();
    await expect(page).toHaveURL(/\/register$/);
    await page.getByLabel("First Name").fill(newUser.firstName);
    await page.getByLabel("Last Name").fill(newUser.lastName);
    await page.getByLabel("Username").fill(newUser.username);
    await page.getByLabel("Email").fill(newUser.email);
    await page.getByRole("button", { name: "Send Code" }).click();
    // The button reads "Resend" after a first send.
    await expect(page.getByRole("button", { name: "Resend" })).toBeVisible();

    const code = await mailbox.verificationCodeFor(newUser.email);
    await page.getByLabel("Verification Code").fill(code);
    await page.getByLabel("Password", { exact: true }).fill(newUser.password);
    await page.getByLabel("Confirm Password").fill(newUser.password);
    await page.getByRole("button", { name: "Create Account" }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(greeting(page, newUser.firstName)).toBeVisible();
  });

  await test.step("a reload keeps the user signed in", async () => {
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(greeting(page, newUser.firstName)).toBeVisible();

    await page.goto("/");
    await page.getByRole("link", { name: "Go to Dashboard" }).click();
    await expect(greeting(page, newUser.firstName)).toBeVisible();
  });

  await test.step("settings: a new name is saved and shown in the user menu", async () => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/settings$/);

    const update = page.getByRole("button", { name: "Update Profile" });
    // Disabled unless a name changed.
    await expect(update).toBeDisabled();
    await page.getByLabel("First Name").fill("Grace");
    await page.getByLabel("Last Name").fill("Hopper");
    await update.click();
    await expect(page.getByText("Profile updated")).toBeVisible();
    // Avatar initials: first letters of first and last name.
    await expect(page.getByRole("button", { name: "Account menu for Grace Hopper" })).toContainText("GH");
  });

  await test.step("settings: a new timezone is applied", async () => {
    const zone = page.getByRole("combobox", { name: "Timezone" });
    const apply = page.getByRole("button", { name: "Apply" });
    // Apply is disabled unless the choice differs from the saved zone (default UTC).
    await expect(zone).toHaveValue("UTC");
    await expect(apply).toBeDisabled();
    await zone.selectOption("Europe/Berlin");
    await apply.click();
    await expect(page.getByText("Timezone updated")).toBeVisible();
    await expect(apply).toBeDisabled();
  });

  await test.step("settings: the password is changed", async () => {
    await page.getByLabel("Current Password").fill(newUser.password);
    await page.getByLabel("New Password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm New Password").fill(newPassword);
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("Password changed")).toBeVisible();
  });

  await test.step("the new name and timezone come back from the server after a reload", async () => {
    await page.reload();
    await expect(page.getByLabel("First Name")).toHaveValue("Grace");
    await expect(page.getByLabel("Last Name")).toHaveValue("Hopper");
    await expect(page.getByRole("combobox", { name: "Timezone" })).toHaveValue("Europe/Berlin");
  });

  await test.step("logging out leads to the sign-in page and guards the app", async () => {
    await page.getByRole("button", { name: "Account menu for Grace Hopper" }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step("the old password is refused with the error above the form", async () => {
    await signIn(page, newUser.email, newUser.password);
    // The server's message, shown in the alert above the form.
    await expect(page.getByRole("alert")).toContainText("Invalid email or password");
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step("the new password signs the user in", async () => {
    await signIn(page, newUser.email, newPassword);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(greeting(page, "Grace")).toBeVisible();
  });
});
