import { buildTask, buildUser } from "@mocks/fixtures";
import { planningStore } from "@mocks/handlers/planning";
import { taskStore } from "@mocks/handlers/tasks";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { localDay } from "@/lib/due-dates";
import { renderWithProviders } from "@/test/render";
import { instantAt } from "../lib/calendar-grid";
import { CalendarPage } from "./calendar-page";

const ZONE = "Europe/Berlin";
const user = buildUser({ clock: "24h", timezone: ZONE });
const today = localDay(new Date(), ZONE);
const at = (minute: number) => new Date(instantAt(today, minute, ZONE)).toISOString();

beforeEach(() => {
  taskStore.reset([
    buildTask({
      id: "t-block",
      title: "Write the report",
      scheduled_start: at(10 * 60),
      duration_minutes: 45,
    }),
    buildTask({ id: "t-free", title: "Call the bank", priority: "high" }),
    buildTask({ id: "t-done", title: "Old thing", status: "completed" }),
  ]);
  planningStore.reset({
    calendars: [
      { id: "cal-1", name: "Work", url: "https://example.com/work.ics", last_synced_at: null, error: null },
    ],
    events: [
      { calendar_id: "cal-1", title: "Stand-up", start: at(9 * 60), end: at(9 * 60 + 30), all_day: false },
      {
        calendar_id: "cal-1",
        title: "Company holiday",
        start: `${today}T00:00:00.000Z`,
        end: `${today}T00:00:00.000Z`.replace(today, nextDay(today)),
        all_day: true,
      },
    ],
  });
});

function nextDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

describe("the calendar", () => {
  it("shows events greyed, scheduled tasks as blocks and the open tasks without a time beside them", async () => {
    renderWithProviders(<CalendarPage />, { user });

    expect(await screen.findByRole("heading", { name: "Calendar" })).toBeInTheDocument();
    expect(await screen.findByText("Stand-up")).toBeInTheDocument();
    expect(screen.getByText("Company holiday")).toBeInTheDocument();
    const block = document.querySelector('[data-task-block="t-block"]') as HTMLElement;
    expect(block).toHaveTextContent("Write the report");
    expect(block).toHaveTextContent("10:00–10:45");
    // 10:00 is 600 minutes from midnight; 45 minutes tall.
    expect(block.style.top).toBe("600px");
    expect(block.style.height).toBe("45px");
    const side = screen.getByRole("list", { name: "Tasks not scheduled" });
    expect(within(side).getByText("Call the bank")).toBeInTheDocument();
    expect(within(side).queryByText("Old thing")).not.toBeInTheDocument();
    expect(within(side).getByText("30 min")).toBeInTheDocument();
  });

  it("draws a line for now across today's column and opens the grid an hour before it", async () => {
    renderWithProviders(<CalendarPage />, { user });
    expect(await screen.findByText("Stand-up")).toBeInTheDocument();
    // TEST_NOW is 12:00 UTC: 13:00 in Berlin, 780 minutes into the day.
    const line = document.querySelector("[data-now-line]") as HTMLElement;
    expect(line).toHaveTextContent("Now, 13:00");
    expect(line.style.top).toBe("780px");
    expect(screen.getByRole("region", { name: "Time grid" }).scrollTop).toBe(720);
  });

  it("marks a block that ends after its task is due", async () => {
    taskStore.reset([
      buildTask({
        id: "t-late",
        title: "Send the invoice",
        scheduled_start: at(16 * 60),
        duration_minutes: 60,
        due_date: at(16 * 60 + 30),
      }),
      buildTask({
        id: "t-block",
        title: "Write the report",
        scheduled_start: at(10 * 60),
        duration_minutes: 45,
      }),
    ]);
    renderWithProviders(<CalendarPage />, { user });
    await screen.findByText("Send the invoice");
    const late = document.querySelector('[data-task-block="t-late"]') as HTMLElement;
    expect(late).toHaveAttribute("title", "Ends after the task is due");
    expect(late).toHaveTextContent("After due · Send the invoice");
    const onTime = document.querySelector('[data-task-block="t-block"]') as HTMLElement;
    expect(onTime).not.toHaveAttribute("data-after-due");
  });

  it("schedules a task by keyboard through its menu's Schedule… dialog", async () => {
    const { user: actor } = renderWithProviders(<CalendarPage />, { user });
    await screen.findByText("Stand-up");

    await actor.click(screen.getByRole("button", { name: 'Options for "Call the bank"' }));
    await actor.click(await screen.findByRole("menuitem", { name: "Schedule…" }));
    const dialog = await screen.findByRole("dialog", { name: "Schedule task" });
    const start = within(dialog).getByLabelText("Start");
    await actor.clear(start);
    const [year, month, day] = today.split("-");
    await actor.type(start, `${month}/${day}/${year}`);
    const startTime = within(dialog).getByLabelText("Start time");
    await actor.clear(startTime);
    await actor.type(startTime, "2:30 PM");
    const duration = within(dialog).getByLabelText("Duration (minutes)");
    await actor.clear(duration);
    await actor.type(duration, "90");
    await actor.click(within(dialog).getByRole("button", { name: "Schedule" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(taskStore.find("t-free")).toMatchObject({
      scheduled_start: at(14 * 60 + 30),
      duration_minutes: 90,
    });
    const block = await waitFor(() => {
      const element = document.querySelector('[data-task-block="t-free"]') as HTMLElement | null;
      expect(element).not.toBeNull();
      return element!;
    });
    expect(block.style.height).toBe("90px");
  });

  it("refuses a duration outside 5 to 720 minutes in the dialog", async () => {
    const { user: actor } = renderWithProviders(<CalendarPage />, { user });
    await screen.findByText("Stand-up");
    await actor.click(screen.getByRole("button", { name: 'Options for "Call the bank"' }));
    await actor.click(await screen.findByRole("menuitem", { name: "Schedule…" }));
    const dialog = await screen.findByRole("dialog", { name: "Schedule task" });
    const duration = within(dialog).getByLabelText("Duration (minutes)");
    await actor.clear(duration);
    await actor.type(duration, "2");
    await actor.click(within(dialog).getByRole("button", { name: "Schedule" }));
    expect(await within(dialog).findByText("Enter whole minutes from 5 to 720")).toBeInTheDocument();
    expect(taskStore.find("t-free")?.scheduled_start).toBeNull();
  });

  it("takes a block off the calendar with Unschedule", async () => {
    const { user: actor } = renderWithProviders(<CalendarPage />, { user });
    await screen.findByText("Stand-up");
    await actor.click(screen.getByRole("button", { name: 'Options for "Write the report"' }));
    await actor.click(await screen.findByRole("menuitem", { name: "Unschedule" }));
    const side = screen.getByRole("list", { name: "Tasks not scheduled" });
    expect(await within(side).findByText("Write the report")).toBeInTheDocument();
    await waitFor(() => expect(taskStore.find("t-block")?.scheduled_start).toBeNull());
  });

  it("shows a proposal before changing anything, applies it on Accept and reverts it with Undo", async () => {
    planningStore.proposeFor(today, {
      blocks: [
        {
          task_id: "t-free",
          start: at(13 * 60),
          end: at(14 * 60 + 30),
          reason: "high priority, 90 min, the only free afternoon slot",
        },
      ],
      unscheduled: [{ task_id: "t-block", reason: "over today's capacity" }],
      overcommitted_minutes: 150,
    });
    const { user: actor } = renderWithProviders(<CalendarPage />, { user });
    await screen.findByText("Stand-up");

    await actor.click(screen.getByRole("button", { name: "Plan my day" }));
    expect(
      await screen.findByText("high priority, 90 min, the only free afternoon slot"),
    ).toBeInTheDocument();
    expect(screen.getByText("Overcommitted by 2 h 30")).toBeInTheDocument();
    const didNotFit = screen.getByRole("region", { name: "Did not fit" });
    expect(within(didNotFit).getByText("Write the report")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Move the lowest to tomorrow" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Keep them unscheduled" })).toBeChecked();
    // Nothing has changed yet.
    expect(taskStore.find("t-free")?.scheduled_start).toBeNull();

    await actor.click(screen.getByRole("button", { name: "Accept" }));
    await waitFor(() =>
      expect(taskStore.find("t-free")).toMatchObject({ scheduled_start: at(13 * 60), duration_minutes: 90 }),
    );
    // The toast offers Undo, and so does the panel while the plan can still be undone.
    const toast = (await screen.findByText("Plan applied", { selector: "[data-title]" })).closest(
      "[data-sonner-toast]",
    ) as HTMLElement;
    expect(screen.getByText("Plan applied.")).toBeInTheDocument();
    await actor.click(within(toast).getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(taskStore.find("t-free")?.scheduled_start).toBeNull());
    expect(await screen.findByText("Plan undone")).toBeInTheDocument();
    expect(planningStore.pendingUndos()).toBe(0);
  });

  it("moves what did not fit to tomorrow when asked, and Undo reverts both days", async () => {
    const tomorrow = nextDay(today);
    const tomorrowAt = (minute: number) => new Date(instantAt(tomorrow, minute, ZONE)).toISOString();
    planningStore.proposeFor(today, {
      blocks: [{ task_id: "t-free", start: at(13 * 60), end: at(14 * 60), reason: "due today" }],
      unscheduled: [{ task_id: "t-block", reason: "over today's capacity" }],
      overcommitted_minutes: 45,
    });
    planningStore.proposeFor(tomorrow, {
      blocks: [
        { task_id: "t-free", start: tomorrowAt(9 * 60), end: tomorrowAt(10 * 60), reason: "x" },
        { task_id: "t-block", start: tomorrowAt(10 * 60 + 10), end: tomorrowAt(10 * 60 + 55), reason: "y" },
      ],
      unscheduled: [],
      overcommitted_minutes: 0,
    });
    const { user: actor } = renderWithProviders(<CalendarPage />, { user });
    await screen.findByText("Stand-up");
    await actor.click(screen.getByRole("button", { name: "Plan my day" }));
    expect(await screen.findByText("Overcommitted by 45 min")).toBeInTheDocument();
    await actor.click(screen.getByRole("radio", { name: "Move the lowest to tomorrow" }));
    await actor.click(screen.getByRole("button", { name: "Accept" }));

    await waitFor(() => expect(taskStore.find("t-block")?.scheduled_start).toBe(tomorrowAt(10 * 60 + 10)));
    // Only what did not fit today moves to tomorrow.
    expect(taskStore.find("t-free")?.scheduled_start).toBe(at(13 * 60));
    expect(planningStore.pendingUndos()).toBe(2);

    const panel = (await screen.findByText("Plan applied.")).parentElement as HTMLElement;
    await actor.click(within(panel).getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(planningStore.pendingUndos()).toBe(0));
    expect(taskStore.find("t-block")?.scheduled_start).toBe(at(10 * 60));
    expect(taskStore.find("t-free")?.scheduled_start).toBeNull();
  });
});
