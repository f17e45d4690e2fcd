import { apiRoutes } from "@contract/routes";
import { FAKE_PASSWORD, seedAccount } from "@mocks/handlers/account";
import { buildUser } from "@mocks/fixtures";
import { server } from "@mocks/server";
import { screen, waitFor } from "@testing-library/react";
import { delay, http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { useSessionStore } from "@/stores/session-store";
import { renderApp } from "@/test/render-app";

async function fillIn(user: Awaited<ReturnType<typeof renderApp>>["user"], email: string, password: string) {
  if (email) await user.type(screen.getByLabelText("Email"), email);
  if (password) await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Sign In" }));
}

describe("login screen", () => {
  it("says 'Please enter a valid email address' and 'Password must be at least 6 characters'", async () => {
    const { user } = await renderApp("/login");

    await fillIn(user, "not-an-email", "12345");

    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 6 characters")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Please enter a valid email address");
  });

  it("asks for an e-mail when the form is sent empty", async () => {
    const { user } = await renderApp("/login");
    await fillIn(user, "", "");
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 6 characters")).toBeInTheDocument();
  });

  it("shows and hides the password", async () => {
    const { user } = await renderApp("/login");
    const password = screen.getByLabelText("Password");
    expect(password).toHaveAttribute("type", "password");

    await user.click(screen.getByRole("button", { name: "Show password" }));
    expect(password).toHaveAttribute("type", "text");
    await user.click(screen.getByRole("button", { name: "Hide password" }));
    expect(password).toHaveAttribute("type", "password");
  });

  it("shows the server's message in an alert above the form when sign-in fails", async () => {
    seedAccount(buildUser({ email: "ada@example.com" }));
    const { user } = await renderApp("/login");

    await fillIn(user, "ada@example.com", "wrong-password");

    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid email or password");
    expect(useSessionStore.getState().isAuthenticated).toBe(false);
  });

  it("falls back to 'Login failed' when the server gives no message", async () => {
    server.use(http.post(apiRoutes.login.path, () => new HttpResponse(null, { status: 500 })));
    const { user } = await renderApp("/login");

    await fillIn(user, "ada@example.com", "secret-password");

    expect(await screen.findByRole("alert")).toHaveTextContent(/^Login failed$/);
  });

  it("reads 'Signing In...' and is disabled while signing in", async () => {
    server.use(
      http.post(apiRoutes.login.path, async () => {
        await delay("infinite");
        return HttpResponse.json({});
      }),
    );
    const { user } = await renderApp("/login");

    await fillIn(user, "ada@example.com", "secret-password");

    expect(await screen.findByRole("button", { name: "Signing In..." })).toBeDisabled();
  });

  it("signs in and goes to /dashboard", async () => {
    const ada = buildUser({ email: "ada@example.com" });
    seedAccount(ada);
    const { user, router } = await renderApp("/login");

    await fillIn(user, "ADA@example.com ", FAKE_PASSWORD);

    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(useSessionStore.getState()).toMatchObject({ isAuthenticated: true, user: ada });
    expect(useSessionStore.getState().token).toMatch(/^fake-token-/);
  });

  it("links to the register screen", async () => {
    await renderApp("/login");
    expect(screen.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/register");
  });
});
