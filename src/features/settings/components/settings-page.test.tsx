import { FALLBACK_TIME_ZONES } from "@contract/common";
import { apiRoutes } from "@contract/routes";
import {
  currentAccount,
  FAKE_PASSWORD,
  seedAccount,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from "@mocks/handlers/account";
import { buildUser } from "@mocks/fixtures";
import { server } from "@mocks/server";
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { detectBrowserTimeZone } from "@/lib/time-zones";
import { useSessionStore } from "@/stores/session-store";
import { renderWithProviders } from "@/test/render";
import { SettingsPage } from "./settings-page";

type Method = "post" | "put";

/** Records the JSON bodies sent to a call, then lets the fake answer it. */
function recordBodies(method: Method, path: string): unknown[] {
  const bodies: unknown[] = [];
  server.use(
    http[method](path, async ({ request }) => {
      bodies.push(await request.clone().json());
      // Returning nothing hands the request on to the fake's handler.
    }),
  );
  return bodies;
}

/** The call fails with the server's `{ message }`. */
function failWithMessage(method: Method, path: string, message: string, status = 400) {
  server.use(http[method](path, () => HttpResponse.json({ message }, { status })));
}

/** The call fails with no message at all, so the screen's fallback text shows. */
function failWithoutMessage(method: Method, path: string) {
  server.use(http[method](path, () => new HttpResponse(null, { status: 500 })));
}

/** Settings for a signed-in user, once the screen has read the account from the server. */
async function renderSettings(overrides: Parameters<typeof buildUser>[0] = {}) {
  const user = buildUser(overrides);
  seedAccount(user);
  const rendered = renderWithProviders(<SettingsPage />, { user, route: "/settings" });
  await screen.findByRole("form", { name: "Profile" });
  return { account: user, ...rendered };
}

/** A toast's title together with its description, as sonner shows them. */
async function expectToast(title: string, description?: string) {
  const titleElement = await screen.findByText(title);
  const toastElement = titleElement.closest("[data-sonner-toast]");
  expect(toastElement).not.toBeNull();
  if (description) expect(within(toastElement as HTMLElement).getByText(description)).toBeInTheDocument();
}

// Whole screens with typing: generous on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("Settings screen", () => {
  it("shows the 'Settings' heading and the four cards", async () => {
    await renderSettings();
    expect(screen.getByRole("heading", { level: 1, name: "Settings" })).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Profile" })).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Change Password" })).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Timezone" })).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Reminders" })).toBeInTheDocument();
  });

  it("shows the account as the server holds it, not the copy kept in the browser", async () => {
    const kept = buildUser({ timezone: "UTC", first_name: "Ada" });
    seedAccount({ ...kept, timezone: "Asia/Tokyo", first_name: "Augusta" });
    renderWithProviders(<SettingsPage />, { user: kept, route: "/settings" });
    expect(screen.getByLabelText("Loading settings")).toBeInTheDocument();
    expect(await screen.findByRole("combobox", { name: "Timezone" })).toHaveValue("Asia/Tokyo");
    expect(screen.getByRole("button", { name: "Apply" })).toBeDisabled();
    expect(screen.getByLabelText("First Name")).toHaveValue("Augusta");
  });

  it("shows placeholders while the user is still being loaded", () => {
    renderWithProviders(<SettingsPage />);
    expect(screen.getByLabelText("Loading settings")).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Profile" })).not.toBeInTheDocument();
  });
});

describe("Profile card", () => {
  it("shows the names editable and the e-mail and username read-only", async () => {
    await renderSettings({
      email: "ada@example.com",
      username: "ada",
      first_name: "Ada",
      last_name: "Lovelace",
    });
    expect(screen.getByLabelText("First Name")).toHaveValue("Ada");
    expect(screen.getByLabelText("First Name")).not.toHaveAttribute("readonly");
    expect(screen.getByLabelText("Last Name")).toHaveValue("Lovelace");
    expect(screen.getByLabelText("Email")).toHaveValue("ada@example.com");
    expect(screen.getByLabelText("Email")).toHaveAttribute("readonly");
    expect(screen.getByLabelText("Username")).toHaveValue("ada");
    expect(screen.getByLabelText("Username")).toHaveAttribute("readonly");
  });

  it("keeps 'Update Profile' disabled unless a name changed", async () => {
    const { user } = await renderSettings({ first_name: "Ada", last_name: "Lovelace" });
    const button = screen.getByRole("button", { name: "Update Profile" });
    expect(button).toBeDisabled();

    await user.type(screen.getByLabelText("First Name"), "  ");
    expect(button).toBeDisabled();

    await user.type(screen.getByLabelText("First Name"), "x");
    expect(button).toBeEnabled();

    await user.clear(screen.getByLabelText("First Name"));
    await user.type(screen.getByLabelText("First Name"), "Ada");
    expect(button).toBeDisabled();
  });

  it("sends only the changed name, shows 'Profile updated' and takes the server's user", async () => {
    const bodies = recordBodies("put", apiRoutes.profile.path);
    const { user } = await renderSettings({ first_name: "Ada", last_name: "Lovelace" });

    await user.clear(screen.getByLabelText("Last Name"));
    await user.type(screen.getByLabelText("Last Name"), "  Byron ");
    await user.click(screen.getByRole("button", { name: "Update Profile" }));

    await expectToast("Profile updated");
    expect(bodies).toEqual([{ last_name: "Byron" }]);
    expect(currentAccount().user.last_name).toBe("Byron");
    expect(useSessionStore.getState().user).toMatchObject({ first_name: "Ada", last_name: "Byron" });
    expect(screen.getByLabelText("Last Name")).toHaveValue("Byron");
    expect(screen.getByRole("button", { name: "Update Profile" })).toBeDisabled();
  });

  it("sends both names when both changed, and an emptied name as empty", async () => {
    const bodies = recordBodies("put", apiRoutes.profile.path);
    const { user } = await renderSettings({ first_name: "Ada", last_name: "Lovelace" });

    await user.clear(screen.getByLabelText("First Name"));
    await user.type(screen.getByLabelText("First Name"), "Augusta");
    await user.clear(screen.getByLabelText("Last Name"));
    await user.click(screen.getByRole("button", { name: "Update Profile" }));

    await expectToast("Profile updated");
    expect(bodies).toEqual([{ first_name: "Augusta", last_name: "" }]);
    expect(useSessionStore.getState().user).toMatchObject({ first_name: "Augusta", last_name: null });
  });

  it("shows 'Failed to update profile' with the server's message", async () => {
    failWithMessage("put", apiRoutes.profile.path, "Names must be at most 100 characters");
    const { user } = await renderSettings({ first_name: "Ada" });

    await user.type(screen.getByLabelText("First Name"), "!");
    await user.click(screen.getByRole("button", { name: "Update Profile" }));

    await expectToast("Failed to update profile", "Names must be at most 100 characters");
    expect(useSessionStore.getState().user?.first_name).toBe("Ada");
  });

  it("shows 'Failed to update profile' with 'Please try again' when the server gives no message", async () => {
    failWithoutMessage("put", apiRoutes.profile.path);
    const { user } = await renderSettings({ first_name: "Ada" });

    await user.type(screen.getByLabelText("First Name"), "!");
    await user.click(screen.getByRole("button", { name: "Update Profile" }));

    await expectToast("Failed to update profile", "Please try again");
  });
});

describe("Change Password card", () => {
  async function fillPasswords(
    user: Awaited<ReturnType<typeof renderSettings>>["user"],
    values: { current?: string; next?: string; confirm?: string },
  ) {
    const entries = [
      ["Current Password", values.current],
      ["New Password", values.next],
      ["Confirm New Password", values.confirm],
    ] as const;
    for (const [label, value] of entries) {
      if (!value) continue;
      await user.click(screen.getByLabelText(label));
      await user.paste(value);
    }
    await user.click(screen.getByRole("button", { name: "Change Password" }));
  }

  it.each([
    ["the current password", { next: "new-secret", confirm: "new-secret" }],
    ["the new password", { current: FAKE_PASSWORD, confirm: "new-secret" }],
    ["the confirmation", { current: FAKE_PASSWORD, next: "new-secret" }],
  ])("says 'Please fill in all fields' when %s is missing", async (_, values) => {
    const bodies = recordBodies("post", apiRoutes.changePassword.path);
    const { user } = await renderSettings();
    await fillPasswords(user, values);

    await expectToast("Please fill in all fields");
    expect(bodies).toEqual([]);
  });

  it("says 'Passwords do not match' when the confirmation differs", async () => {
    const bodies = recordBodies("post", apiRoutes.changePassword.path);
    const { user } = await renderSettings();
    await fillPasswords(user, { current: FAKE_PASSWORD, next: "new-secret", confirm: "new-secreT" });

    await expectToast("Passwords do not match");
    expect(screen.getByLabelText("Confirm New Password")).toHaveAttribute("aria-invalid", "true");
    expect(bodies).toEqual([]);
  });

  it("says 'Password must be at least 6 characters' when the new password is short", async () => {
    const bodies = recordBodies("post", apiRoutes.changePassword.path);
    const { user } = await renderSettings();
    await fillPasswords(user, { current: FAKE_PASSWORD, next: "12345", confirm: "12345" });

    await expectToast("Password must be at least 6 characters");
    expect(bodies).toEqual([]);
  });

  it("sends the current and new password, shows 'Password changed' and clears the form", async () => {
    const bodies = recordBodies("post", apiRoutes.changePassword.path);
    const { user } = await renderSettings();
    await fillPasswords(user, { current: FAKE_PASSWORD, next: "123456", confirm: "123456" });

    await expectToast("Password changed");
    expect(bodies).toEqual([{ current_password: FAKE_PASSWORD, new_password: "123456" }]);
    expect(currentAccount().password).toBe("123456");
    expect(screen.getByLabelText("Current Password")).toHaveValue("");
    expect(screen.getByLabelText("New Password")).toHaveValue("");
    expect(screen.getByLabelText("Confirm New Password")).toHaveValue("");
  });

  it("shows 'Failed to change password' with the server's message and keeps the signed-in session", async () => {
    const { user } = await renderSettings();
    await fillPasswords(user, { current: "not-my-password", next: "new-secret", confirm: "new-secret" });

    await expectToast("Failed to change password", WRONG_CURRENT_PASSWORD_MESSAGE);
    expect(currentAccount().password).toBe(FAKE_PASSWORD);
    expect(useSessionStore.getState().isAuthenticated).toBe(true);
    expect(screen.getByLabelText("Current Password")).toHaveValue("not-my-password");
  });

  it("shows 'Failed to change password' with 'Please try again' when the server gives no message", async () => {
    failWithoutMessage("post", apiRoutes.changePassword.path);
    const { user } = await renderSettings();
    await fillPasswords(user, { current: FAKE_PASSWORD, next: "new-secret", confirm: "new-secret" });

    await expectToast("Failed to change password", "Please try again");
  });

  it("shows and hides the three passwords with one toggle", async () => {
    const { user } = await renderSettings();
    const inputs = ["Current Password", "New Password", "Confirm New Password"].map((label) =>
      screen.getByLabelText(label),
    );
    const toggle = screen.getByRole("button", { name: "Show passwords" });
    for (const input of inputs) expect(input).toHaveAttribute("type", "password");

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-pressed", "true");
    for (const input of inputs) expect(input).toHaveAttribute("type", "text");

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-pressed", "false");
    for (const input of inputs) expect(input).toHaveAttribute("type", "password");
  });
});

describe("Timezone card", () => {
  const picker = () => screen.getByRole("combobox", { name: "Timezone" });
  const apply = () => screen.getByRole("button", { name: "Apply" });

  it("offers every IANA zone the browser knows", async () => {
    await renderSettings({ timezone: "Europe/Berlin" });
    expect(picker()).toHaveValue("Europe/Berlin");
    // The select's own list: a role query would check each of its 400-odd options for visibility.
    const options = Array.from((picker() as HTMLSelectElement).options, (option) =>
      option.getAttribute("value"),
    );
    expect(options[0]).toBe("UTC");
    expect(options).toEqual(
      expect.arrayContaining(["Asia/Tokyo", "America/Los_Angeles", "Pacific/Auckland"]),
    );
    expect(options.length).toBeGreaterThan(FALLBACK_TIME_ZONES.length);
  });

  it("offers the fixed fallback list when the browser cannot enumerate zones", async () => {
    vi.spyOn(Intl, "supportedValuesOf").mockImplementation(() => {
      throw new RangeError("Invalid key : timeZone");
    });
    await renderSettings({ timezone: "Asia/Tokyo" });
    const options = within(picker())
      .getAllByRole("option")
      .map((option) => option.getAttribute("value"));
    expect(options).toEqual([
      "UTC",
      "America/Los_Angeles",
      "America/New_York",
      "Europe/London",
      "Europe/Berlin",
      "Asia/Shanghai",
      "Asia/Tokyo",
      "Australia/Sydney",
    ]);
  });

  it("keeps 'Apply' disabled until the choice differs from the saved timezone", async () => {
    const { user } = await renderSettings({ timezone: "Europe/Berlin" });
    expect(apply()).toBeDisabled();

    await user.selectOptions(picker(), "Asia/Tokyo");
    expect(apply()).toBeEnabled();

    await user.selectOptions(picker(), "Europe/Berlin");
    expect(apply()).toBeDisabled();
  });

  it("starts at UTC when the user has no timezone", async () => {
    const { user } = await renderSettings({ timezone: "" });
    expect(picker()).toHaveValue("UTC");
    expect(apply()).toBeDisabled();

    await user.selectOptions(picker(), "Europe/London");
    expect(apply()).toBeEnabled();
  });

  it("offers the saved timezone even when the browser does not list it", async () => {
    vi.spyOn(Intl, "supportedValuesOf").mockReturnValue(["Europe/Berlin"]);
    await renderSettings({ timezone: "Asia/Kolkata" });
    expect(picker()).toHaveValue("Asia/Kolkata");
    expect(apply()).toBeDisabled();
  });

  it("sends the chosen zone, shows 'Timezone updated' and takes the server's user", async () => {
    const bodies = recordBodies("post", apiRoutes.timezone.path);
    const { user } = await renderSettings({ timezone: "UTC" });

    await user.selectOptions(picker(), "Europe/Berlin");
    await user.click(apply());

    await expectToast("Timezone updated", "Dates now follow Europe/Berlin.");
    expect(bodies).toEqual([{ timezone: "Europe/Berlin" }]);
    expect(useSessionStore.getState().user?.timezone).toBe("Europe/Berlin");
    expect(currentAccount().user.timezone).toBe("Europe/Berlin");
    await waitFor(() => expect(apply()).toBeDisabled());
    expect(picker()).toHaveValue("Europe/Berlin");
  });

  it("shows 'Failed to update timezone' with the server's message", async () => {
    failWithMessage(
      "post",
      apiRoutes.timezone.path,
      "Timezone must be an IANA time-zone name such as Europe/Berlin",
    );
    const { user } = await renderSettings({ timezone: "UTC" });

    await user.selectOptions(picker(), "Asia/Tokyo");
    await user.click(apply());

    await expectToast(
      "Failed to update timezone",
      "Timezone must be an IANA time-zone name such as Europe/Berlin",
    );
    expect(useSessionStore.getState().user?.timezone).toBe("UTC");
    expect(apply()).toBeEnabled();
  });

  it("shows 'Failed to update timezone' with 'Please try again' when the server gives no message", async () => {
    failWithoutMessage("post", apiRoutes.timezone.path);
    const { user } = await renderSettings({ timezone: "UTC" });

    await user.selectOptions(picker(), "Asia/Tokyo");
    await user.click(apply());

    await expectToast("Failed to update timezone", "Please try again");
  });

  describe("with the browser in New York", () => {
    beforeEach(() => {
      vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockReturnValue({
        ...new Intl.DateTimeFormat("en-US", { timeZone: "UTC" }).resolvedOptions(),
        timeZone: "America/New_York",
      });
    });

    it("picks the browser's timezone with 'Use browser timezone'", async () => {
      expect(detectBrowserTimeZone()).toBe("America/New_York");
      const { user } = await renderSettings({ timezone: "UTC" });

      await user.click(screen.getByRole("button", { name: "Use browser timezone (America/New_York)" }));
      expect(picker()).toHaveValue("America/New_York");
      expect(apply()).toBeEnabled();
      expect(screen.queryByRole("button", { name: /Use browser timezone/ })).not.toBeInTheDocument();
    });
  });
});

describe("Reminders card", () => {
  it("starts with no default reminder and e-mail reminders off, and keeps 'Save reminders' disabled until a change", async () => {
    const { user: actor } = await renderSettings();
    const card = screen.getByRole("form", { name: "Reminders" });
    expect(within(card).getByLabelText("Default reminder")).toHaveDisplayValue("No default reminder");
    const emailSwitch = within(card).getByRole("switch", { name: "E-mail reminders" });
    expect(emailSwitch).not.toBeChecked();
    expect(emailSwitch).toHaveAccessibleDescription("Also send each reminder to ada@example.com.");
    const save = within(card).getByRole("button", { name: "Save reminders" });
    expect(save).toBeDisabled();
    await actor.click(emailSwitch);
    expect(save).toBeEnabled();
    await actor.click(emailSwitch);
    expect(save).toBeDisabled();
  });

  it("sends only what changed, shows 'Reminders updated' and takes the server's user", async () => {
    const bodies = recordBodies("put", apiRoutes.settings.path);
    const { user: actor } = await renderSettings({ email_reminders: true });
    const card = screen.getByRole("form", { name: "Reminders" });
    await actor.selectOptions(within(card).getByLabelText("Default reminder"), "15 minutes before");
    await actor.click(within(card).getByRole("button", { name: "Save reminders" }));
    await expectToast("Reminders updated", "Your reminder settings are saved.");
    expect(bodies).toEqual([{ default_reminder_minutes: 15 }]);
    expect(useSessionStore.getState().user).toMatchObject({
      default_reminder_minutes: 15,
      email_reminders: true,
    });
    expect(currentAccount().user.default_reminder_minutes).toBe(15);
  });

  it("turns the default reminder off with null", async () => {
    const bodies = recordBodies("put", apiRoutes.settings.path);
    const { user: actor } = await renderSettings({ default_reminder_minutes: 60 });
    const card = screen.getByRole("form", { name: "Reminders" });
    expect(within(card).getByLabelText("Default reminder")).toHaveDisplayValue("1 hour before");
    await actor.selectOptions(within(card).getByLabelText("Default reminder"), "No default reminder");
    await actor.click(within(card).getByRole("button", { name: "Save reminders" }));
    await expectToast("Reminders updated");
    expect(bodies).toEqual([{ default_reminder_minutes: null }]);
  });

  it("shows 'Failed to update reminders' with the server's message", async () => {
    failWithMessage("put", apiRoutes.settings.path, "email_reminders must be true or false");
    const { user: actor } = await renderSettings();
    const card = screen.getByRole("form", { name: "Reminders" });
    await actor.click(within(card).getByRole("switch", { name: "E-mail reminders" }));
    await actor.click(within(card).getByRole("button", { name: "Save reminders" }));
    await expectToast("Failed to update reminders", "email_reminders must be true or false");
  });
});
