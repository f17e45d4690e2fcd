import { buildTask, buildUser } from "@mocks/fixtures";
import { planningStore } from "@mocks/handlers/planning";
import { projectStore } from "@mocks/handlers/projects";
import { taskStore } from "@mocks/handlers/tasks";
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "@/test/render";
import { CalendarPage } from "./calendar-page";

const user = buildUser({ clock: "24h", timezone: "UTC" });
const BOB = { id: "user-2", username: "bob" };

beforeEach(() => {
  // Monday 17 June 2030, 08:00 UTC; only Date is faked, so the screen's own timers run.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2030-06-17T08:00:00.000Z"));
  projectStore.reset([
    { id: "p-menu", name: "Menu", role: "viewer", owner: BOB, member_count: 1 },
    { id: "p-trip", name: "Trip", role: "editor", owner: BOB, member_count: 1 },
  ]);
  taskStore.reset([
    buildTask({ id: "soup", title: "Cook soup", project_id: "p-menu" }),
    buildTask({ id: "train", title: "Book the train", project_id: "p-trip" }),
    buildTask({
      id: "menu-block",
      title: "Taste the menu",
      project_id: "p-menu",
      scheduled_start: "2030-06-17T10:00:00.000Z",
      duration_minutes: 60,
    }),
    buildTask({
      id: "trip-block",
      title: "Pack the bags",
      project_id: "p-trip",
      scheduled_start: "2030-06-17T12:00:00.000Z",
      duration_minutes: 60,
    }),
  ]);
  planningStore.reset({ calendars: [], events: [] });
});
afterEach(() => vi.useRealTimers());

describe("a viewer's tasks on the calendar", () => {
  it("are listed and drawn without a menu, and an editor's keep theirs", async () => {
    renderWithProviders(<CalendarPage />, { user, route: "/calendar?date=2030-06-17" });
    const side = await screen.findByRole("list", { name: "Tasks not scheduled" });
    // Once the projects (with the roles) have loaded.
    await within(side).findByText("View only");
    const soup = within(side).getByText("Cook soup").closest("li")!;
    expect(within(soup).queryByRole("button", { name: 'Options for "Cook soup"' })).not.toBeInTheDocument();
    expect(within(soup).getByText("View only")).toBeInTheDocument();
    expect(within(side).getAllByText("View only")).toHaveLength(1);
    const train = within(side).getByText("Book the train").closest("li")!;
    expect(within(train).getByRole("button", { name: 'Options for "Book the train"' })).toBeInTheDocument();

    const viewerBlock = document.querySelector('[data-task-block="menu-block"]') as HTMLElement;
    expect(within(viewerBlock).queryByRole("button", { name: /Options for/ })).not.toBeInTheDocument();
    expect(viewerBlock.querySelector("[data-resize-handle]")).toBeNull();
    const editorBlock = document.querySelector('[data-task-block="trip-block"]') as HTMLElement;
    expect(
      within(editorBlock).getByRole("button", { name: 'Options for "Pack the bags"' }),
    ).toBeInTheDocument();
  });
});
