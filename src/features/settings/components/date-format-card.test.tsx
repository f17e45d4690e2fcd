import { apiRoutes } from "@contract/routes";
import { seedAccount } from "@mocks/handlers/account";
import { buildUser } from "@mocks/fixtures";
import { server } from "@mocks/server";
import { screen, within } from "@testing-library/react";
import { http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { useSessionStore } from "@/stores/session-store";
import { renderWithProviders } from "@/test/render";
import { SettingsPage } from "./settings-page";

vi.setConfig({ testTimeout: 20_000 });

describe("Settings: date and time format", () => {
  it("saves day first, a 24-hour clock and Sunday, and dates read that way at once", async () => {
    // TEST_NOW is Saturday 21 November 2026, 12:00 UTC: 13:00 in Berlin.
    const user = buildUser({ timezone: "Europe/Berlin" });
    seedAccount(user);
    const bodies: unknown[] = [];
    server.use(
      http.put(apiRoutes.settings.path, async ({ request }) => {
        bodies.push(await request.clone().json());
      }),
    );
    const { user: actor } = renderWithProviders(<SettingsPage />, { user, route: "/settings" });
    const card = await screen.findByRole("form", { name: "Date and time format" });
    expect(within(card).getByText("Dates read like this: Sat, Nov 21, 1:00 PM.")).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Save date format" })).toBeDisabled();

    await actor.selectOptions(within(card).getByLabelText("Date order"), "Day first (31/12/2026)");
    await actor.selectOptions(within(card).getByLabelText("Clock"), "24-hour (13:00)");
    await actor.selectOptions(within(card).getByLabelText("Week starts on"), "Sunday");
    expect(within(card).getByText("Dates read like this: Sat 21 Nov, 13:00.")).toBeInTheDocument();
    await actor.click(within(card).getByRole("button", { name: "Save date format" }));

    expect(await screen.findByText("Date format updated")).toBeInTheDocument();
    expect(bodies).toEqual([{ date_order: "dmy", clock: "24h", week_start: 7 }]);
    expect(useSessionStore.getState().user).toMatchObject({ date_order: "dmy", clock: "24h", week_start: 7 });
  });
});
