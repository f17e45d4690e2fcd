import { apiRoutes } from "@contract/routes";
import { buildUser } from "@mocks/fixtures";
import { FAKE_FETCH_ERROR, planningStore } from "@mocks/handlers/planning";
import { server } from "@mocks/server";
import { screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/test/render";
import { CalendarsCard } from "./calendars-card";

const user = buildUser();

describe("the Calendars card", () => {
  it("subscribes to an ICS address with a name and lists it with its last sync", async () => {
    const { user: actor } = renderWithProviders(<CalendarsCard />, { user });
    expect(await screen.findByText("No calendars yet.")).toBeInTheDocument();

    await actor.type(screen.getByLabelText("Name"), "Work");
    await actor.type(screen.getByLabelText("ICS address"), "https://calendar.example.com/work.ics");
    await actor.click(screen.getByRole("button", { name: "Add calendar" }));

    const list = await screen.findByRole("list", { name: "Your calendars" });
    expect(within(list).getByText("Work")).toBeInTheDocument();
    expect(within(list).getByText("https://calendar.example.com/work.ics")).toBeInTheDocument();
    expect(within(list).getByText(/^Last synced /)).toBeInTheDocument();
    expect(await screen.findByText("Calendar added")).toBeInTheDocument();
    expect(screen.getByLabelText("ICS address")).toHaveValue("");
  });

  it("shows the last error plainly, and Sync now asks again", async () => {
    planningStore.reset({
      calendars: [
        {
          id: "cal-1",
          name: "Home",
          url: "https://unreachable.example.com/home.ics",
          last_synced_at: "2026-11-20T08:00:00.000Z",
          error: FAKE_FETCH_ERROR,
        },
      ],
    });
    let syncs = 0;
    server.use(
      http.post(apiRoutes.syncCalendar.path, () => {
        syncs += 1;
      }),
    );
    const { user: actor } = renderWithProviders(<CalendarsCard />, { user });
    expect(await screen.findByText(`Last sync failed: ${FAKE_FETCH_ERROR}`)).toBeInTheDocument();
    expect(screen.getByText("Last synced Nov 20, 2026, 8:00 AM")).toBeInTheDocument();

    await actor.click(screen.getByRole("button", { name: 'Sync "Home" now' }));
    expect(await screen.findByText("Sync failed")).toBeInTheDocument();
    expect(syncs).toBe(1);
  });

  it("uploads an .ics file as text/calendar", async () => {
    const bodies: { type: string | null; text: string }[] = [];
    server.use(
      http.post(apiRoutes.importCalendar.path, async ({ request }) => {
        bodies.push({ type: request.headers.get("Content-Type"), text: await request.clone().text() });
      }),
    );
    const { user: actor, container } = renderWithProviders(<CalendarsCard />, { user });
    await screen.findByText("No calendars yet.");
    const ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n";
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await actor.upload(input, new File([ics], "team.ics", { type: "text/calendar" }));

    const list = await screen.findByRole("list", { name: "Your calendars" });
    expect(within(list).getByText("Imported calendar")).toBeInTheDocument();
    expect(within(list).getByText("Uploaded file")).toBeInTheDocument();
    expect(bodies).toEqual([{ type: "text/calendar", text: ics }]);
  });

  it("deletes a calendar only after the confirmation", async () => {
    planningStore.reset({
      calendars: [
        { id: "cal-1", name: "Home", url: "https://example.com/h.ics", last_synced_at: null, error: null },
      ],
    });
    const { user: actor } = renderWithProviders(<CalendarsCard />, { user });
    expect(await screen.findByText("Not synced yet")).toBeInTheDocument();

    await actor.click(screen.getByRole("button", { name: 'Delete "Home"' }));
    let dialog = await screen.findByRole("dialog", { name: "Delete calendar?" });
    await actor.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(planningStore.calendars()).toHaveLength(1);

    await actor.click(screen.getByRole("button", { name: 'Delete "Home"' }));
    dialog = await screen.findByRole("dialog", { name: "Delete calendar?" });
    await actor.click(within(dialog).getByRole("button", { name: "Delete calendar" }));
    expect(await screen.findByText("No calendars yet.")).toBeInTheDocument();
    expect(planningStore.calendars()).toHaveLength(0);
  });
});
