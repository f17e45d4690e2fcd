import { buildTask, buildUser } from "@mocks/fixtures";
import { planningStore } from "@mocks/handlers/planning";
import { taskStore } from "@mocks/handlers/tasks";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { localDay } from "@/lib/due-dates";
import { renderWithProviders } from "@/test/render";
import { instantAt } from "../lib/calendar-grid";
import { DayScheduleCard } from "./day-schedule-card";

const ZONE = "America/New_York";
const user = buildUser({ clock: "24h", timezone: ZONE, default_duration_minutes: 20 });
const today = localDay(new Date(), ZONE);
const at = (minute: number) => new Date(instantAt(today, minute, ZONE)).toISOString();

describe("today's schedule on the Daily Plan page", () => {
  it("lists today's scheduled open tasks in time order, with the default duration for those without one", async () => {
    taskStore.reset([
      buildTask({ title: "Afternoon review", scheduled_start: at(15 * 60), duration_minutes: 45 }),
      buildTask({ title: "Morning email", scheduled_start: at(9 * 60) }),
      buildTask({ title: "Finished", scheduled_start: at(11 * 60), status: "completed" }),
      buildTask({ title: "Not planned" }),
    ]);
    renderWithProviders(<DayScheduleCard />, { user });
    const list = await screen.findByRole("list", { name: "Scheduled today" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "09:00–09:20Morning email",
      "15:00–15:45Afternoon review",
    ]);
  });

  it("says when nothing is scheduled, and shows today's proposal once asked for", async () => {
    taskStore.reset([buildTask({ id: "t-1", title: "Call the bank" })]);
    planningStore.proposeFor(today, {
      blocks: [{ task_id: "t-1", start: at(10 * 60), end: at(10 * 60 + 30), reason: "due today, 30 min" }],
      unscheduled: [],
      overcommitted_minutes: 0,
    });
    const { user: actor } = renderWithProviders(<DayScheduleCard />, { user });
    expect(
      await screen.findByText("Nothing scheduled today. Plan your day to fit tasks around your events."),
    ).toBeInTheDocument();
    await actor.click(screen.getByRole("button", { name: "Plan my day" }));
    const blocks = await screen.findByRole("list", { name: "Proposed blocks" });
    expect(within(blocks).getByText("due today, 30 min")).toBeInTheDocument();
    expect(within(blocks).getByText("Call the bank")).toBeInTheDocument();
    expect(within(blocks).getByText("10:00–10:30")).toBeInTheDocument();
    expect(screen.queryByText(/^Overcommitted/)).not.toBeInTheDocument();
  });
});
