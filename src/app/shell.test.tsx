import { apiRoutes } from "@contract/routes";
import { buildUser } from "@mocks/fixtures";
import { buildNotification, notificationStore } from "@mocks/handlers/notifications";
import { server } from "@mocks/server";
import { act, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { TOKEN_STORAGE_KEY, useSessionStore } from "@/stores/session-store";
import { SEARCH_URL_DELAY_MS } from "@/lib/task-search-param";
import { renderApp } from "@/test/render-app";

const freeUser = buildUser({ is_premium: false, llm_usage_count: 3, llm_usage_limit: 20 });
const premiumUser = buildUser({ is_premium: true, llm_usage_count: 1500, llm_usage_limit: 1000 });

async function openUserMenu(user: Awaited<ReturnType<typeof renderApp>>["user"], name = "Ada Lovelace") {
  await user.click(screen.getByRole("button", { name: `Account menu for ${name}` }));
  return screen.findByRole("menu");
}

describe("the shell", () => {
  it("has the landmarks: header, main and the main navigation with its seven entries", async () => {
    await renderApp("/profile", { user: freeUser });

    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(screen.getByRole("main")).toHaveTextContent("Coming Soon");
    const nav = screen.getByRole("navigation", { name: "Main" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Dashboard", "/dashboard"],
      ["Tasks", "/tasks"],
      ["AI ExtractAI", "/extract"],
      ["Daily Plan", "/daily"],
      ["Calendar", "/calendar"],
      ["Analytics", "/analytics"],
      ["Settings", "/settings"],
    ]);
    expect(within(nav).getByText("AI")).toBeInTheDocument();
    // /profile is reached from the user menu: no sidebar entry is the current page.
    for (const link of links) expect(link).not.toHaveAttribute("aria-current");
  });

  it("has a 'Search tasks...' box and a bell with an unread dot", async () => {
    notificationStore.reset([buildNotification({ text: "Reminder: Call the plumber" })]);
    await renderApp("/profile", { user: freeUser });

    expect(screen.getByRole("searchbox", { name: "Search tasks" })).toHaveAttribute(
      "placeholder",
      "Search tasks...",
    );
    const bell = await screen.findByRole("button", { name: "Notifications (1 unread)" });
    expect(within(bell).getByTestId("unread-dot")).toBeInTheDocument();
  });

  it("opens /tasks filtered by what was typed in the header's search box, and shares the search there", async () => {
    const { user, router, settled } = await renderApp("/profile", { user: freeUser });

    await user.type(
      within(screen.getByRole("banner")).getByRole("searchbox", { name: "Search tasks" }),
      "milk{Enter}",
    );
    await settled();

    expect(router.state.location.pathname).toBe("/tasks");
    expect(router.state.location.search).toBe("?q=milk");
    const boxes = screen.getAllByRole("searchbox", { name: "Search tasks" });
    expect(boxes).toHaveLength(2);
    for (const box of boxes) expect(box).toHaveValue("milk");

    // The other box shows the text at once; the URL follows once typing pauses.
    await user.type(within(screen.getByRole("main")).getByRole("searchbox", { name: "Search tasks" }), "s");
    expect(within(screen.getByRole("banner")).getByRole("searchbox", { name: "Search tasks" })).toHaveValue(
      "milks",
    );
    expect(router.state.location.search).toBe("?q=milk");
    await waitFor(() => expect(router.state.location.search).toBe("?q=milks"));

    // A filter set while the URL waits for the search (as a chip does) keeps its place in the URL.
    await user.type(within(screen.getByRole("main")).getByRole("searchbox", { name: "Search tasks" }), "x");
    await act(() => router.navigate("/tasks?q=milks&status=completed", { replace: true }));
    await waitFor(() => expect(router.state.location.search).toBe("?q=milksx&status=completed"));
    for (const box of screen.getAllByRole("searchbox", { name: "Search tasks" }))
      expect(box).toHaveValue("milksx");

    // A link followed while the write waits wins: the boxes take its text and the write is dropped.
    await user.type(within(screen.getByRole("main")).getByRole("searchbox", { name: "Search tasks" }), "y");
    await act(() => router.navigate("/tasks?q=oat"));
    for (const box of screen.getAllByRole("searchbox", { name: "Search tasks" }))
      expect(box).toHaveValue("oat");
    await act(() => new Promise((resolve) => setTimeout(resolve, SEARCH_URL_DELAY_MS + 300)));
    expect(router.state.location.search).toBe("?q=oat");
    for (const box of screen.getAllByRole("searchbox", { name: "Search tasks" }))
      expect(box).toHaveValue("oat");
  });

  it("writes a waiting search into the URL as soon as its box loses focus, so a link followed at once keeps it", async () => {
    const { user, router } = await renderApp("/tasks", { user: freeUser });
    const box = within(screen.getByRole("main")).getByRole("searchbox", { name: "Search tasks" });

    await user.type(box, "oat");
    expect(router.state.location.search).toBe("");
    // Leaving the box (Tab here; pressing a link or a chip does the same) writes it now.
    await user.tab();
    expect(router.state.location.search).toBe("?q=oat");
    await user.click(
      within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: "Dashboard" }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    await act(() => router.navigate("/tasks?q=oat"));
    expect(within(screen.getByRole("main")).getByRole("searchbox", { name: "Search tasks" })).toHaveValue(
      "oat",
    );
  });

  it("shows a free user 'Upgrade to Premium', whose button says to contact the administrator", async () => {
    const { user } = await renderApp("/profile", { user: freeUser });

    const card = screen.getByRole("region", { name: "Upgrade to Premium" });
    expect(within(card).getByText("Unlock unlimited AI features")).toBeInTheDocument();
    expect(screen.queryByText("AI Usage")).not.toBeInTheDocument();

    await user.click(within(card).getByRole("button", { name: "Upgrade Now" }));
    expect(
      await screen.findByText("Please contact the administrator to upgrade to Premium."),
    ).toBeInTheDocument();
  });

  it("offers a free user the upgrade once on the dashboard, in its header rather than the sidebar", async () => {
    await renderApp("/dashboard", { user: freeUser });
    expect(await screen.findByRole("button", { name: "Upgrade to Premium" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Upgrade to Premium" })).not.toBeInTheDocument();
    expect(screen.getAllByText(/Upgrade/)).toHaveLength(1);
  });

  it("shows a premium user the 'AI Usage' badge count/limit with the bar capped at 100 %", async () => {
    await renderApp("/profile", { user: premiumUser });

    const usage = screen.getByRole("region", { name: "AI Usage" });
    expect(within(usage).getByText("1500/1000")).toBeInTheDocument();
    expect(within(usage).getByRole("progressbar", { name: "AI usage this month" })).toHaveAttribute(
      "aria-valuenow",
      "100",
    );
    expect(screen.queryByText("Upgrade to Premium")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Upgrade Now" })).not.toBeInTheDocument();
  });

  it("shows a premium user's usage below the limit as its share", async () => {
    await renderApp("/profile", {
      user: buildUser({ is_premium: true, llm_usage_count: 250, llm_usage_limit: 1000 }),
    });

    const usage = screen.getByRole("region", { name: "AI Usage" });
    expect(within(usage).getByText("250/1000")).toBeInTheDocument();
    expect(within(usage).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "25");
  });
});

describe("the user menu", () => {
  it("shows the initials, the full name and e-mail, and the links with /premium for a free user", async () => {
    const { user } = await renderApp("/profile", { user: freeUser });

    expect(screen.getByRole("button", { name: "Account menu for Ada Lovelace" })).toHaveTextContent("AL");
    const menu = await openUserMenu(user);
    expect(within(menu).getByText("Ada Lovelace")).toBeInTheDocument();
    expect(within(menu).getByText("ada@example.com")).toBeInTheDocument();
    expect(within(menu).getByRole("menuitem", { name: "Profile" })).toHaveAttribute("href", "/profile");
    expect(within(menu).getByRole("menuitem", { name: "Settings" })).toHaveAttribute("href", "/settings");
    expect(within(menu).getByRole("menuitem", { name: "Upgrade to Premium" })).toHaveAttribute(
      "href",
      "/premium",
    );
    expect(within(menu).queryByText("Premium")).not.toBeInTheDocument();
  });

  it("shows a premium user the 'Premium' badge and no /premium link", async () => {
    const { user } = await renderApp("/profile", { user: premiumUser });

    const menu = await openUserMenu(user);
    expect(within(menu).getByText("Premium")).toBeInTheDocument();
    expect(within(menu).queryByRole("menuitem", { name: /premium/i })).not.toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Profile", "Settings", "Log out"]);
  });

  it("shows the username and its initial when the user has no name", async () => {
    const { user } = await renderApp("/profile", {
      user: buildUser({ first_name: null, last_name: null, username: "countess" }),
    });

    const trigger = screen.getByRole("button", { name: "Account menu for countess" });
    expect(trigger).toHaveTextContent(/^C$/);
    const menu = await openUserMenu(user, "countess");
    expect(within(menu).getByText("countess")).toBeInTheDocument();
  });

  it("follows a menu link to its page", async () => {
    const { user, router, settled } = await renderApp("/profile", { user: freeUser });

    const menu = await openUserMenu(user);
    await user.click(within(menu).getByRole("menuitem", { name: "Profile" }));
    await settled();
    expect(router.state.location.pathname).toBe("/profile");
  });

  it("'Log out' revokes the token, clears the session and goes to /login", async () => {
    let revoked: string | null = null;
    server.use(
      http.post(apiRoutes.logout.path, ({ request }) => {
        revoked = request.headers.get("Authorization");
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, router, settled } = await renderApp("/profile", {
      user: freeUser,
      token: "session-token",
    });
    useSessionStore.getState().signIn("session-token", freeUser);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe("session-token");

    const menu = await openUserMenu(user);
    await user.click(within(menu).getByRole("menuitem", { name: "Log out" }));
    await settled();

    // No origin is remembered: signing in again starts at the dashboard.
    await waitFor(() =>
      expect([router.state.location.pathname, router.state.location.state]).toEqual(["/login", null]),
    );
    expect(await screen.findByRole("button", { name: "Sign In" })).toBeInTheDocument();
    expect(useSessionStore.getState()).toMatchObject({ token: null, user: null, isAuthenticated: false });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(revoked).toBe("Bearer session-token"));
  });

  it("'Log out' still signs out when the server cannot be reached", async () => {
    server.use(http.post(apiRoutes.logout.path, () => HttpResponse.error()));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { user, router, settled } = await renderApp("/profile", { user: freeUser });

    const menu = await openUserMenu(user);
    await user.click(within(menu).getByRole("menuitem", { name: "Log out" }));
    await settled();

    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(useSessionStore.getState().token).toBeNull();
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith("Could not revoke the session on the server", expect.anything()),
    );
    warn.mockRestore();
  });
});

describe("the phone menu (responsive down to 375 px)", () => {
  it("opens the navigation in a drawer from the header and closes it after following an entry", async () => {
    const { user, router, settled } = await renderApp("/profile", { user: freeUser });

    await user.click(screen.getByRole("button", { name: "Open navigation menu" }));
    const drawer = await screen.findByRole("dialog", { name: "Navigation menu" });
    expect(
      within(drawer).getAllByRole("link", {
        name: /Dashboard|Tasks|AI Extract|Daily Plan|Analytics|Settings/,
      }),
    ).toHaveLength(6);
    expect(within(drawer).getByRole("region", { name: "Upgrade to Premium" })).toBeInTheDocument();

    await user.click(within(drawer).getByRole("link", { name: "Settings" }));
    await settled();
    expect(router.state.location.pathname).toBe("/settings");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("closes with Escape and gives focus back to the menu button", async () => {
    const { user } = await renderApp("/profile", { user: freeUser });

    await user.click(screen.getByRole("button", { name: "Open navigation menu" }));
    await screen.findByRole("dialog", { name: "Navigation menu" });
    await user.keyboard("{Escape}");

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // The drawer's own button (it took the place of the stand-in shown before its code loaded).
    expect(screen.getByRole("button", { name: "Open navigation menu" })).toHaveFocus();
  });
});
