import { buildTask, buildUser } from "@mocks/fixtures";
import { taskStore } from "@mocks/handlers/tasks";
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "@/test/render";
import { setUpTaskTests } from "../testing/msw-helpers";
import { TasksPage } from "./tasks-page";

vi.setConfig({ testTimeout: 20_000 });

const user = buildUser({ timezone: "UTC" });
const NOW = new Date("2026-11-23T09:00:00Z");

function renderTasks(route = "/tasks") {
  taskStore.reset([
    buildTask({
      title: "Pay rent",
      status: "pending",
      priority: "high",
      tags: ["home"],
      due_date: "2026-11-23T18:00:00Z",
    }),
    buildTask({
      title: "Ship report",
      status: "in_progress",
      priority: "urgent",
      tags: ["work"],
      due_date: "2026-11-25T23:59:59.999Z",
    }),
    buildTask({
      title: "Old chore",
      status: "completed",
      priority: "low",
      tags: ["home"],
      due_date: "2026-11-20T10:00:00Z",
    }),
    buildTask({ title: "Dropped idea", status: "cancelled", priority: "medium", due_date: null }),
  ]);
  return renderWithProviders(<TasksPage />, { user, route });
}

function titlesOnScreen(): string[] {
  return ["Pay rent", "Ship report", "Old chore", "Dropped idea"].filter((title) =>
    screen.queryByRole("heading", { name: title }),
  );
}

setUpTaskTests();
beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
});
afterEach(() => vi.useRealTimers());

describe("Tasks screen: filters, sort and views", () => {
  it("keeps the chips in one row behind 'Filters', closed until opened", async () => {
    const { user: actor } = renderTasks();
    await screen.findByRole("heading", { name: "Pay rent" });
    const filters = screen.getByRole("button", { name: "Filters" });
    expect(filters).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("group", { name: "Status" })).not.toBeInTheDocument();

    await actor.click(filters);
    expect(filters).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("group", { name: "Status" })).toBeInTheDocument();
    await actor.click(
      within(screen.getByRole("group", { name: "Priority" })).getByRole("button", { name: "High" }),
    );
    expect(screen.getByRole("button", { name: "Filters, 1 on" })).toBeInTheDocument();
  });

  it("narrows the list with status, priority and tag chips, and clears them", async () => {
    const { user: actor } = renderTasks();
    await screen.findByRole("heading", { name: "Pay rent" });
    await actor.click(screen.getByRole("button", { name: "Filters" }));

    await actor.click(
      within(screen.getByRole("group", { name: "Tag" })).getByRole("button", { name: "home" }),
    );
    expect(titlesOnScreen()).toEqual(["Pay rent", "Old chore"]);
    expect(screen.getByText("2 tasks")).toBeInTheDocument();

    const status = screen.getByRole("group", { name: "Status" });
    await actor.click(within(status).getByRole("button", { name: "Completed" }));
    expect(within(status).getByRole("button", { name: "Completed" })).toHaveAttribute("aria-pressed", "true");
    expect(titlesOnScreen()).toEqual(["Old chore"]);

    await actor.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(titlesOnScreen()).toHaveLength(4);

    await actor.click(
      within(screen.getByRole("group", { name: "Priority" })).getByRole("button", { name: "Urgent" }),
    );
    expect(titlesOnScreen()).toEqual(["Ship report"]);
  });

  it("hides completed tasks and remembers the choice", async () => {
    const { user: actor, unmount } = renderTasks();
    await screen.findByRole("heading", { name: "Old chore" });
    await actor.click(screen.getByRole("button", { name: "Filters" }));
    await actor.click(screen.getByRole("switch", { name: "Hide completed" }));
    expect(screen.queryByRole("heading", { name: "Old chore" })).not.toBeInTheDocument();
    unmount();

    renderTasks();
    await screen.findByRole("heading", { name: "Pay rent" });
    // A filter is on: the chips row opens with the screen.
    expect(screen.getByRole("switch", { name: "Hide completed" })).toBeChecked();
    expect(screen.queryByRole("heading", { name: "Old chore" })).not.toBeInTheDocument();
  });

  it("sorts by due date, priority or newest first", async () => {
    const { user: actor } = renderTasks();
    await screen.findByRole("heading", { name: "Pay rent" });
    const cards = () =>
      screen.getAllByRole("listitem").map((item) => within(item).getByRole("heading").textContent);
    expect(cards()).toEqual(["Old chore", "Pay rent", "Ship report", "Dropped idea"]);

    await actor.selectOptions(screen.getByRole("combobox", { name: "Sort by" }), "Priority");
    expect(cards()).toEqual(["Ship report", "Pay rent", "Dropped idea", "Old chore"]);
  });

  it("'Today' shows what is overdue or due today, 'Upcoming' the next days grouped by day", async () => {
    const { user: actor } = renderTasks();
    await screen.findByRole("heading", { name: "Pay rent" });
    const views = screen.getByRole("group", { name: "View" });

    await actor.click(within(views).getByRole("button", { name: "Today" }));
    expect(titlesOnScreen()).toEqual(["Pay rent"]);

    await actor.click(within(views).getByRole("button", { name: "Upcoming" }));
    const day = screen.getByRole("region", { name: "Wednesday, Nov 25" });
    expect(within(day).getByRole("heading", { name: "Ship report" })).toBeInTheDocument();
    expect(titlesOnScreen()).toEqual(["Ship report"]);
  });

  it("marks tasks due today, shows due times, leaves all-day dates without one and strikes cancelled tasks", async () => {
    renderTasks();
    const rent = (await screen.findByRole("heading", { name: "Pay rent" })).closest("li")!;
    expect(within(rent).getByText("Today, 6:00 PM")).toBeInTheDocument();
    const report = screen.getByRole("heading", { name: "Ship report" }).closest("li")!;
    expect(within(report).getByText("Nov 25, 2026")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Dropped idea" })).toHaveClass("line-through");
    expect(within(rent).getByRole("button", { name: 'Edit "Pay rent"' })).toHaveAttribute(
      "title",
      "Edit task",
    );
  });
});
