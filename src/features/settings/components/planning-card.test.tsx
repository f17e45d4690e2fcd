import { apiRoutes } from "@contract/routes";
import { currentAccount, seedAccount } from "@mocks/handlers/account";
import { buildUser } from "@mocks/fixtures";
import { server } from "@mocks/server";
import { screen } from "@testing-library/react";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/test/render";
import { PlanningCard } from "./planning-card";

describe("the Planning card", () => {
  it("saves only what changed: working days and hours, capacity in hours, default duration", async () => {
    const user = buildUser();
    seedAccount(user);
    const bodies: unknown[] = [];
    server.use(
      http.put(apiRoutes.settings.path, async ({ request }) => {
        bodies.push(await request.clone().json());
      }),
    );
    const { user: actor } = renderWithProviders(<PlanningCard user={user} />, { user });
    const save = screen.getByRole("button", { name: "Save planning" });
    expect(save).toBeDisabled();
    expect(screen.getByRole("checkbox", { name: "Monday" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Saturday" })).not.toBeChecked();

    await actor.click(screen.getByRole("checkbox", { name: "Friday" }));
    await actor.click(screen.getByRole("checkbox", { name: "Saturday" }));
    const capacity = screen.getByLabelText("Daily capacity (hours)");
    expect(capacity).toHaveValue(6);
    await actor.clear(capacity);
    await actor.type(capacity, "4.5");
    await actor.click(save);

    expect(await screen.findByText("Planning updated")).toBeInTheDocument();
    expect(bodies).toEqual([
      { working_hours: { days: [1, 2, 3, 4, 6], start: "09:00", end: "17:00" }, daily_capacity_minutes: 270 },
    ]);
    expect(currentAccount().user.daily_capacity_minutes).toBe(270);
  });

  it("says when the end is not after the start, and sends nothing", async () => {
    const user = buildUser();
    const bodies: unknown[] = [];
    server.use(
      http.put(apiRoutes.settings.path, async ({ request }) => {
        bodies.push(await request.clone().json());
      }),
    );
    const { user: actor } = renderWithProviders(<PlanningCard user={user} />, { user });
    const end = screen.getByLabelText("End of the working day");
    // Shown and typed on the user's 12-hour clock.
    expect(screen.getByLabelText("Start of the working day")).toHaveValue("9:00 AM");
    expect(end).toHaveValue("5:00 PM");
    await actor.clear(end);
    await actor.type(end, "8:00 AM");
    await actor.click(screen.getByRole("button", { name: "Save planning" }));
    expect(await screen.findByText("The end must be after the start")).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });
});
