import { apiRoutes } from "@contract/routes";
import { buildUser } from "@mocks/fixtures";
import { premiumLimitHandler } from "@mocks/handlers/premium";
import { server } from "@mocks/server";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/test/render";
import { AiUsageCard } from "./ai-usage-card";

describe("AiUsageCard", () => {
  it("shows used / limit, a bar, the remaining count and the reset date in the user's timezone", async () => {
    server.use(
      premiumLimitHandler({ current_usage: 5, usage_limit: 20 }),
      http.get(apiRoutes.premiumResetDate.path, () =>
        // Midnight of Jan 1 in Tokyo is still Dec 31 in UTC.
        HttpResponse.json({ reset_date: "2026-12-31T15:00:00.000Z", timezone: "Asia/Tokyo" }),
      ),
    );
    renderWithProviders(<AiUsageCard />, { user: buildUser({ timezone: "Asia/Tokyo" }) });

    expect(await screen.findByText("5 / 20")).toBeInTheDocument();
    expect(screen.getByText("25% used")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "AI usage this month" })).toHaveAttribute(
      "aria-valuenow",
      "25",
    );
    expect(screen.getByText("15").closest("p")).toHaveTextContent("15 remaining");
    expect(await screen.findByText("Monthly usage · resets on Jan 1, 2027")).toBeInTheDocument();
  });

  it("caps the bar at 100 % when usage is past the limit", async () => {
    server.use(premiumLimitHandler({ current_usage: 30, usage_limit: 20 }));
    renderWithProviders(<AiUsageCard />, { user: buildUser() });

    expect(await screen.findByText("30 / 20")).toBeInTheDocument();
    expect(screen.getByText("100% used")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "AI usage this month" })).toHaveAttribute(
      "aria-valuenow",
      "100",
    );
    expect(screen.getByText("0").closest("p")).toHaveTextContent("0 remaining");
  });

  it("says so when the usage cannot be loaded", async () => {
    server.use(
      http.get(apiRoutes.premiumLimit.path, () => HttpResponse.json({ message: "boom" }, { status: 500 })),
    );
    renderWithProviders(<AiUsageCard />, { user: buildUser() });

    expect(await screen.findByText("Could not load your AI usage.")).toBeInTheDocument();
  });
});
