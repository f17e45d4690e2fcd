import { apiRoutes } from "@contract/routes";
import { currentAccount, seedAccount } from "@mocks/handlers/account";
import { buildUser } from "@mocks/fixtures";
import { server } from "@mocks/server";
import { screen } from "@testing-library/react";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/test/render";
import { PlanningCard } from "./planning-card";

describe("the Planning card's morning", () => {
  it("shows 09:00 by default and saves the hour chosen at once", async () => {
    const user = buildUser();
    seedAccount(user);
    const bodies: unknown[] = [];
    server.use(
      http.put(apiRoutes.settings.path, async ({ request }) => {
        bodies.push(await request.clone().json());
      }),
    );
    const { user: actor } = renderWithProviders(<PlanningCard user={user} />, { user });
    const morning = screen.getByRole("combobox", { name: "Morning" });
    expect(morning).toHaveDisplayValue("09:00");

    await actor.selectOptions(morning, "08:00");

    expect(await screen.findByText("Morning updated")).toBeInTheDocument();
    expect(bodies).toEqual([{ morning_hour: 8 }]);
    expect(currentAccount().user.morning_hour).toBe(8);
    // The planner's own settings did not change, so its button stays off.
    expect(screen.getByRole("button", { name: "Save planning" })).toBeDisabled();
  });
});
