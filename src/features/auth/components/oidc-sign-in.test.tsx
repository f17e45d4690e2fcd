import { apiRoutes } from "@contract/routes";
import { OIDC_ERROR_MESSAGES, SIGN_UP_CLOSED_MESSAGE } from "@contract/sign-in-options";
import { FAKE_OIDC_CODE, signInOptionsAre } from "@mocks/handlers/sign-in-options";
import { server } from "@mocks/server";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { useSessionStore } from "@/stores/session-store";
import { renderApp } from "@/test/render-app";

describe("signing in with the OpenID Provider", () => {
  it("offers 'Sign in with <OIDC_NAME>' above the password form on /login and /register", async () => {
    server.use(signInOptionsAre({ oidc: { name: "Authentik" } }));
    await renderApp("/login");
    const link = await screen.findByRole("link", { name: "Sign in with Authentik" });
    expect(link).toHaveAttribute("href", "/auth/oidc/start");
    expect(screen.getByRole("textbox", { name: "Email" })).toBeVisible();

    await renderApp("/register");
    expect(await screen.findAllByRole("link", { name: "Sign in with Authentik" })).not.toHaveLength(0);
  });

  it("hides the password form when the server allows the provider only (OIDC_ONLY)", async () => {
    server.use(signInOptionsAre({ password: false, oidc: { name: "Keycloak" } }));
    await renderApp("/login");
    expect(await screen.findByRole("link", { name: "Sign in with Keycloak" })).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Email" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Sign In" })).toBeNull();
    expect(screen.queryByText("or")).toBeNull();
  });

  it("shows no provider button on a server without one", async () => {
    await renderApp("/login");
    expect(await screen.findByRole("button", { name: "Sign In" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /^Sign in with/ })).toBeNull();
  });

  it("exchanges the one-time code of the landing page and lands on /dashboard, signed in", async () => {
    const { router, settled } = await renderApp(`/login/oidc#code=${FAKE_OIDC_CODE}`);
    await settled();
    await screen.findByRole("heading", { level: 1, name: /Good (morning|afternoon|evening)/ });
    expect(router.state.location.pathname).toBe("/dashboard");
    expect(useSessionStore.getState().token).toBe("fake-oidc-token");
  });

  it("says why when the provider's sign-in did not finish, or the code is spent", async () => {
    await renderApp("/login/oidc#error=unverified_email");
    expect(await screen.findByRole("alert")).toHaveTextContent(OIDC_ERROR_MESSAGES.unverified_email);

    await renderApp("/login/oidc#code=spent-code");
    expect(await screen.findByText(/This sign-in link has expired or was already used/)).toBeInTheDocument();
    expect(useSessionStore.getState().isAuthenticated).toBe(false);
  });
});

describe("sign-up refused by the server (REGISTRATION=closed)", () => {
  it("shows the server's message on /register", async () => {
    server.use(
      http.post(apiRoutes.sendVerification.path, () =>
        HttpResponse.json({ message: SIGN_UP_CLOSED_MESSAGE, code: "sign_up_closed" }, { status: 403 }),
      ),
    );
    const { user } = await renderApp("/register");
    await user.type(screen.getByLabelText("Email"), "new@example.com");
    await user.click(screen.getByRole("button", { name: "Send Code" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(SIGN_UP_CLOSED_MESSAGE);
  });
});
