import { buildTask, buildUser } from "@mocks/fixtures";
import { projectStore } from "@mocks/handlers/projects";
import { taskStore } from "@mocks/handlers/tasks";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "@/test/render";
import { setUpTaskTests, toastWith } from "../testing/msw-helpers";
import { TasksPage } from "./tasks-page";

vi.setConfig({ testTimeout: 20_000 });

const user = buildUser({ timezone: "UTC" });

setUpTaskTests();
beforeEach(() => {
  projectStore.reset([{ id: "work", name: "Work" }]);
  taskStore.reset([
    buildTask({ id: "a", title: "Alpha", created_at: "2026-11-20T09:00:00.000Z" }),
    buildTask({ id: "b", title: "Bravo", status: "in_progress", created_at: "2026-11-20T09:01:00.000Z" }),
    buildTask({ id: "c", title: "Charlie", created_at: "2026-11-20T09:02:00.000Z" }),
    buildTask({ id: "d", title: "Delta", created_at: "2026-11-20T09:03:00.000Z" }),
  ]);
});

const bar = () => screen.getByRole("toolbar", { name: "Selected tasks" });
const box = (title: string) => screen.getByRole("checkbox", { name: `Select "${title}"` });
const statuses = () => Object.fromEntries(taskStore.all().map((task) => [task.title, task.status]));

async function renderTasks(route = "/tasks") {
  const rendered = renderWithProviders(<TasksPage />, { user, route });
  await screen.findAllByRole("checkbox", { name: /^Select / });
  return rendered;
}

describe("Tasks screen: selecting several tasks", () => {
  it("selects with checkboxes and a Shift-click range, completes them all, and one Undo puts them back", async () => {
    const { user: actor } = await renderTasks();
    const order = screen
      .getAllByRole("checkbox", { name: /^Select / })
      .map((each) => each.getAttribute("aria-label"));
    const [first, , third] = order.map((label) => label!.slice('Select "'.length, -1));
    await actor.click(box(first!));
    await actor.keyboard("{Shift>}");
    await actor.click(box(third!));
    await actor.keyboard("{/Shift}");
    expect(within(bar()).getByText("3 selected")).toBeInTheDocument();

    await actor.click(within(bar()).getByRole("button", { name: "Complete" }));
    await waitFor(() =>
      expect(Object.values(statuses()).filter((status) => status === "completed")).toHaveLength(3),
    );
    expect(screen.queryByRole("toolbar", { name: "Selected tasks" })).not.toBeInTheDocument();

    await actor.click(within(toastWith("3 tasks completed")).getByRole("button", { name: "Undo" }));
    await waitFor(() =>
      expect(statuses()).toEqual({
        Alpha: "pending",
        Bravo: "in_progress",
        Charlie: "pending",
        Delta: "pending",
      }),
    );
  });

  it("moves the selection to a project, and Undo moves it back", async () => {
    const { user: actor } = await renderTasks();
    await actor.click(box("Alpha"));
    await actor.click(box("Delta"));
    await actor.selectOptions(within(bar()).getByRole("combobox", { name: "Move to project" }), "Work");
    await waitFor(() => expect(taskStore.find("a")?.project_id).toBe("work"));
    expect(taskStore.find("d")?.project_id).toBe("work");
    await actor.click(within(toastWith("2 tasks moved to Work")).getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(taskStore.find("a")?.project_id).toBe("project-inbox"));
  });

  it("reschedules the selection to a day, and Undo clears the dates again", async () => {
    const { user: actor } = await renderTasks();
    await actor.click(box("Bravo"));
    await actor.click(box("Charlie"));
    await actor.type(within(bar()).getByLabelText("Reschedule to"), "11/25/2026{Enter}");
    await waitFor(() => expect(taskStore.find("b")?.due_date).toBe("2026-11-25T23:59:59.999Z"));
    expect(taskStore.find("c")?.due_date).toBe("2026-11-25T23:59:59.999Z");
    await actor.click(within(toastWith("2 tasks rescheduled")).getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(taskStore.find("b")?.due_date).toBeNull());
  });

  it("deletes the selection at once, and one Undo restores every task", async () => {
    const { user: actor } = await renderTasks();
    await actor.click(box("Alpha"));
    await actor.click(box("Bravo"));
    await actor.click(within(bar()).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(
        taskStore
          .all()
          .map((task) => task.id)
          .sort(),
      ).toEqual(["c", "d"]),
    );
    await actor.click(within(toastWith("2 tasks deleted")).getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(taskStore.all()).toHaveLength(4));
  });

  it("selects by keyboard: Space toggles the focused card, Shift+Down extends, Escape clears", async () => {
    const { user: actor } = await renderTasks();
    const cards = screen.getAllByRole("group").filter((each) => each.hasAttribute("data-task-card"));
    cards[0]!.focus();
    await actor.keyboard(" ");
    expect(within(bar()).getByText("1 selected")).toBeInTheDocument();
    await actor.keyboard("{Shift>}{ArrowDown}{ArrowDown}{/Shift}");
    expect(within(bar()).getByText("3 selected")).toBeInTheDocument();
    expect(document.activeElement).toBe(cards[2]);
    await actor.keyboard("{Escape}");
    expect(screen.queryByRole("toolbar", { name: "Selected tasks" })).not.toBeInTheDocument();
  });

  it("selects cards on the board too", async () => {
    const { user: actor } = await renderTasks("/tasks?layout=board");
    await screen.findByRole("region", { name: /^Pending/ });
    await actor.click(box("Alpha"));
    await actor.click(box("Bravo"));
    await actor.click(within(bar()).getByRole("button", { name: "Complete" }));
    await waitFor(() => expect(statuses()).toMatchObject({ Alpha: "completed", Bravo: "completed" }));
  });
});
