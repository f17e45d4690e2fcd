import { apiRoutes } from "@contract/routes";
import { FAKE_PASSWORD, seedAccount } from "@mocks/handlers/account";
import { buildUser } from "@mocks/fixtures";
import { server } from "@mocks/server";
import { act, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { TOKEN_STORAGE_KEY, useSessionStore } from "@/stores/session-store";
import { renderApp } from "@/test/render-app";

describe("the guard of signed-in routes", () => {
  it("sends a visitor to /login and, after signing in, back to where they were going", async () => {
    seedAccount(buildUser({ email: "ada@example.com" }));
    const { user, router, settled } = await renderApp("/profile?range=week#top");

    expect(router.state.location.pathname).toBe("/login");
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), FAKE_PASSWORD);
    await user.click(screen.getByRole("button", { name: "Sign In" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/profile"));
    await settled();
    expect(router.state.location.search).toBe("?range=week");
    expect(router.state.location.hash).toBe("#top");
    expect(await screen.findByRole("heading", { name: "Coming Soon" })).toBeInTheDocument();
  });

  it("treats a session without a token as signed out", async () => {
    useSessionStore.setState({ token: null, user: buildUser(), isAuthenticated: true, hydrated: true });
    const { router } = await renderApp("/profile", {});
    expect(router.state.location.pathname).toBe("/login");
  });

  it("shows 'Loading...' until the persisted session has been restored", async () => {
    const { router } = await renderApp("/profile", { user: buildUser(), hydrated: false });

    expect(screen.getByText("Loading...")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Coming Soon" })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/profile");

    act(() => useSessionStore.setState({ hydrated: true }));
    expect(await screen.findByRole("heading", { name: "Coming Soon" })).toBeInTheDocument();
    expect(screen.queryByText("Loading...")).not.toBeInTheDocument();
  });

  it("fetches /auth/me with the stored token when no user is loaded", async () => {
    seedAccount(buildUser({ first_name: "Grace", last_name: "Hopper", email: "grace@example.com" }));
    const authorizations: (string | null)[] = [];
    server.events.on("request:start", ({ request }) => {
      if (new URL(request.url).pathname === apiRoutes.me.path)
        authorizations.push(request.headers.get("Authorization"));
    });

    await renderApp("/profile", { token: "stored-token" });

    expect(await screen.findByRole("button", { name: "Account menu for Grace Hopper" })).toHaveTextContent(
      "GH",
    );
    expect(screen.getByRole("heading", { name: "Coming Soon" })).toBeInTheDocument();
    expect(authorizations).toEqual(["Bearer stored-token"]);
    expect(useSessionStore.getState().user?.email).toBe("grace@example.com");
    server.events.removeAllListeners();
  });

  it("logs out and goes to /login when fetching the current user fails", async () => {
    server.use(
      http.get(apiRoutes.me.path, () => HttpResponse.json({ message: "Database down" }, { status: 500 })),
    );
    localStorage.setItem(TOKEN_STORAGE_KEY, "stored-token");

    const { router, settled } = await renderApp("/profile", { token: "stored-token" });

    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    await settled();
    expect(await screen.findByRole("button", { name: "Sign In" })).toBeInTheDocument();
    expect(useSessionStore.getState()).toMatchObject({ token: null, user: null, isAuthenticated: false });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});

describe("the sign-in pages for a signed-in user", () => {
  it("/login sends them to the page they came from", async () => {
    const { router } = await renderApp("/profile", {});
    expect(router.state.location.pathname).toBe("/login");

    act(() => useSessionStore.getState().signIn("new-token", buildUser()));
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile"));
  });

  it("/login sends them to /dashboard when they came from nowhere", async () => {
    const { router } = await renderApp("/login", { user: buildUser() });
    expect(router.state.location.pathname).toBe("/dashboard");
  });

  it("/register sends them to /dashboard", async () => {
    const { router } = await renderApp("/register", { user: buildUser() });
    expect(router.state.location.pathname).toBe("/dashboard");
  });
});
