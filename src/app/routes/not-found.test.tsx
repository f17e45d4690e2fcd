import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "@/test/render-app";

describe("404 page", () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows 'Oops! Page not found' with 'Return to Home' for an unknown path, and logs the path", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const { user, router, settled } = await renderApp("/no/such/page");

    expect(await screen.findByRole("heading", { name: "Oops! Page not found" })).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith(expect.stringContaining("non-existent route"), "/no/such/page");

    await user.click(screen.getByRole("link", { name: "Return to Home" }));
    await settled();
    expect(
      await screen.findByRole("heading", { name: "Transform Your Tasks Automatically" }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
  });

  it("is public: a visitor is not sent to sign in", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { router } = await renderApp("/dashbord");
    expect(await screen.findByText("Oops! Page not found")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashbord");
  });
});
