import { buildUser } from "@mocks/fixtures";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { env } from "@/config/env";
import { renderApp } from "@/test/render-app";

describe("landing page", () => {
  it("shows the headline, the four feature cards and the footer", async () => {
    await renderApp("/");

    expect(
      await screen.findByRole("heading", { level: 1, name: "Transform Your Tasks Automatically" }),
    ).toBeVisible();
    const features = screen.getByRole("region", { name: "Everything you need to stay productive" });
    expect(within(features).getAllByRole("listitem")).toHaveLength(4);
    for (const title of [
      "Smart Task Management",
      "Automatic Extraction",
      "Progress Analytics",
      "Time Optimization",
    ]) {
      expect(within(features).getByRole("heading", { name: title })).toBeInTheDocument();
    }

    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByText("© 2025 Tasklane. All rights reserved.")).toBeInTheDocument();
    const links = within(footer).getAllByRole("link");
    expect(links).toHaveLength(2);
    expect(links.map((link) => link.getAttribute("href"))).toEqual(env.footerLinks.map((link) => link.href));
  });

  it("offers 'Sign in' and 'Get started' to a visitor, in the top bar and the hero, and no 'Go to Dashboard'", async () => {
    await renderApp("/");

    const topBar = screen.getByRole("navigation", { name: "Account" });
    expect(await within(topBar).findByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
    expect(within(topBar).getByRole("link", { name: "Get started" })).toHaveAttribute("href", "/register");
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Get started" })).toHaveAttribute(
      "href",
      "/register",
    );
    expect(screen.queryByText("Go to Dashboard")).not.toBeInTheDocument();
  });

  it("shows 'Go to Dashboard' only when signed in", async () => {
    await renderApp("/", { user: buildUser() });

    expect(await screen.findByRole("link", { name: "Go to Dashboard" })).toHaveAttribute(
      "href",
      "/dashboard",
    );
    expect(screen.queryByRole("link", { name: "Sign in" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Get started" })).not.toBeInTheDocument();
  });
});
