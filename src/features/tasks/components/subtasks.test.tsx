import { buildTask, buildUser } from "@mocks/fixtures";
import { projectStore } from "@mocks/handlers/projects";
import { taskStore } from "@mocks/handlers/tasks";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "@/test/render";
import { recordBodies, setUpTaskTests, toastWith } from "../testing/msw-helpers";
import { TasksPage } from "./tasks-page";

vi.setConfig({ testTimeout: 20_000 });

const user = buildUser({ timezone: "UTC" });

function card(title: string): HTMLElement {
  return screen.getByRole("group", { name: title });
}

/** The list item holding a task's card, with its level in the tree. */
function levelOf(title: string): string | null {
  return card(title).closest("li")?.getAttribute("aria-level") ?? null;
}

setUpTaskTests();
beforeEach(() => {
  projectStore.reset([{ id: "p-home", name: "Home" }]);
  taskStore.reset([
    buildTask({ id: "trip", title: "Plan the trip", created_at: "2026-11-20T09:00:00.000Z" }),
    buildTask({ id: "tickets", title: "Book tickets", parent_id: "trip", status: "completed" }),
    buildTask({ id: "hotel", title: "Find a hotel", parent_id: "trip" }),
    buildTask({ id: "bags", title: "Pack bags", parent_id: "trip", priority: "high" }),
    buildTask({ id: "socks", title: "Socks", parent_id: "bags" }),
    buildTask({ id: "rent", title: "Pay rent" }),
  ]);
});

describe("Tasks screen: subtasks", () => {
  it("indents subtasks under their parent with its progress, and collapses them", async () => {
    const { user: actor } = renderWithProviders(<TasksPage />, { user, route: "/tasks" });
    await screen.findByRole("heading", { name: "Plan the trip" });
    expect(levelOf("Plan the trip")).toBe("1");
    expect(levelOf("Find a hotel")).toBe("2");
    expect(levelOf("Socks")).toBe("3");
    expect(within(card("Plan the trip")).getByTitle("Subtasks done")).toHaveTextContent("1/3");

    await actor.click(screen.getByRole("button", { name: 'Collapse subtasks of "Plan the trip"' }));
    expect(screen.queryByRole("heading", { name: "Find a hotel" })).not.toBeInTheDocument();
    await actor.click(screen.getByRole("button", { name: 'Expand subtasks of "Plan the trip"' }));
    expect(screen.getByRole("heading", { name: "Find a hotel" })).toBeInTheDocument();
  });

  it("shows a subtask whose parent a filter hides, with the parent's title as context", async () => {
    renderWithProviders(<TasksPage />, { user, route: "/tasks?priority=high" });
    const bags = await screen.findByRole("group", { name: "Pack bags" });
    expect(bags).toHaveTextContent("Subtask of");
    expect(bags).toHaveTextContent("Plan the trip");
    expect(screen.queryByRole("heading", { name: "Plan the trip" })).not.toBeInTheDocument();
  });

  it("adds a subtask inline from the card's menu", async () => {
    const bodies = recordBodies("post", "/api/v1/tasks");
    const { user: actor } = renderWithProviders(<TasksPage />, { user, route: "/tasks" });
    await actor.click(await screen.findByRole("button", { name: 'More actions for "Pay rent"' }));
    await actor.click(await screen.findByRole("menuitem", { name: "Add subtask" }));
    await actor.type(
      screen.getByRole("textbox", { name: 'New subtask of "Pay rent"' }),
      "Find the IBAN{Enter}",
    );

    await waitFor(() => expect(bodies).toEqual([{ title: "Find the IBAN", parent_id: "rent" }]));
    await waitFor(() => expect(levelOf("Find the IBAN")).toBe("2"));
  });

  it("indents the focused task with Tab under the task above at its level, and outdents with Shift-Tab", async () => {
    const bodies = recordBodies("put", "/api/v1/tasks/:id");
    const { user: actor } = renderWithProviders(<TasksPage />, { user, route: "/tasks" });
    await screen.findByRole("heading", { name: "Pay rent" });
    card("Pay rent").focus();
    await actor.keyboard("{Tab}");
    await waitFor(() => expect(taskStore.find("rent")?.parent_id).toBe("trip"));
    expect(bodies).toEqual([{ parent_id: "trip" }]);
    await waitFor(() => expect(levelOf("Pay rent")).toBe("2"));

    card("Pay rent").focus();
    await actor.keyboard("{Shift>}{Tab}{/Shift}");
    await waitFor(() => expect(taskStore.find("rent")?.parent_id).toBeNull());
    await waitFor(() => expect(levelOf("Pay rent")).toBe("1"));
  });

  it("offers no 'Add subtask' on a task at the fourth level, where none could nest", async () => {
    taskStore.reset([
      buildTask({ id: "l1", title: "Level 1" }),
      buildTask({ id: "l2", title: "Level 2", parent_id: "l1" }),
      buildTask({ id: "l3", title: "Level 3", parent_id: "l2" }),
      buildTask({ id: "l4", title: "Level 4", parent_id: "l3" }),
    ]);
    const { user: actor } = renderWithProviders(<TasksPage />, { user, route: "/tasks" });
    await actor.click(await screen.findByRole("button", { name: 'More actions for "Level 4"' }));
    expect(await screen.findByRole("menuitem", { name: "Move to project…" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Add subtask" })).not.toBeInTheDocument();
    await actor.keyboard("{Escape}");
    await actor.click(screen.getByRole("button", { name: 'More actions for "Level 3"' }));
    expect(await screen.findByRole("menuitem", { name: "Add subtask" })).toBeInTheDocument();
  });

  it("refuses to indent beyond four levels, saying why", async () => {
    taskStore.reset([
      buildTask({ id: "l1", title: "Level 1" }),
      buildTask({ id: "l2", title: "Level 2", parent_id: "l1" }),
      buildTask({ id: "l3", title: "Level 3", parent_id: "l2" }),
      buildTask({ id: "l4", title: "Level 4", parent_id: "l3" }),
      buildTask({
        id: "l4b",
        title: "Another level 4",
        parent_id: "l3",
        // Made after "Level 4": listed below it, whose subtask Tab would make it.
        created_at: "2026-11-21T09:00:00.000Z",
      }),
    ]);
    const bodies = recordBodies("put", "/api/v1/tasks/:id");
    const { user: actor } = renderWithProviders(<TasksPage />, { user, route: "/tasks?sort=created" });
    await screen.findByRole("heading", { name: "Another level 4" });
    card("Another level 4").focus();
    await actor.keyboard("{Tab}");
    expect(await screen.findByText("Subtasks go at most 4 levels deep")).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it("asks before completing a parent with open subtasks, and completes them all when told to", async () => {
    const bodies = recordBodies("put", "/api/v1/tasks/:id");
    const { user: actor } = renderWithProviders(<TasksPage />, { user, route: "/tasks" });
    await actor.click(await screen.findByRole("checkbox", { name: /Plan the trip/ }));
    const dialog = await screen.findByRole("dialog", { name: "Complete its 3 open subtasks too?" });
    await actor.click(within(dialog).getByRole("button", { name: "Complete all" }));

    await waitFor(() => expect(bodies).toEqual([{ status: "completed", complete_subtasks: true }]));
    await waitFor(() => expect(taskStore.find("socks")?.status).toBe("completed"));
    expect(taskStore.find("hotel")?.status).toBe("completed");
  });

  it("completes only the parent when told so, and nothing when the question is closed", async () => {
    const bodies = recordBodies("put", "/api/v1/tasks/:id");
    const { user: actor } = renderWithProviders(<TasksPage />, { user, route: "/tasks" });
    await actor.click(await screen.findByRole("checkbox", { name: /Plan the trip/ }));
    await actor.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(bodies).toEqual([]);

    await actor.click(screen.getByRole("checkbox", { name: /Plan the trip/ }));
    await actor.click(await screen.findByRole("button", { name: "Only this task" }));
    await waitFor(() => expect(bodies).toEqual([{ status: "completed" }]));
    expect(taskStore.find("hotel")?.status).toBe("pending");
  });

  it("deletes a parent with its subtree, and Undo brings all of it back", async () => {
    const { user: actor } = renderWithProviders(<TasksPage />, { user, route: "/tasks" });
    await actor.click(await screen.findByRole("button", { name: 'Delete "Plan the trip"' }));
    expect(screen.queryByRole("heading", { name: "Socks" })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Find a hotel" })).not.toBeInTheDocument();
    await screen.findByText("Task deleted");
    expect(toastWith("Task deleted")).toHaveTextContent("Plan the trip, with 4 subtasks");

    await actor.click(within(toastWith("Task deleted")).getByRole("button", { name: "Undo" }));
    expect(await screen.findByRole("heading", { name: "Socks" })).toBeInTheDocument();
    expect(taskStore.all()).toHaveLength(6);
  });

  it("deletes the whole subtree at once", async () => {
    const { user: actor } = renderWithProviders(<TasksPage />, { user, route: "/tasks" });
    await actor.click(await screen.findByRole("button", { name: 'Delete "Plan the trip"' }));
    await waitFor(() => expect(taskStore.all().map((task) => task.id)).toEqual(["rent"]));
  });

  it("moves a task with its subtasks to another project from the card's menu", async () => {
    const { user: actor } = renderWithProviders(<TasksPage />, { user, route: "/tasks" });
    await actor.click(await screen.findByRole("button", { name: 'More actions for "Plan the trip"' }));
    await actor.click(await screen.findByRole("menuitem", { name: "Move to project…" }));
    const dialog = await screen.findByRole("dialog", { name: "Move to project" });
    await within(dialog).findByRole("option", { name: "Home" });
    await actor.selectOptions(within(dialog).getByRole("combobox", { name: "Project" }), "Home");
    await actor.click(within(dialog).getByRole("button", { name: "Move" }));

    await waitFor(() => expect(taskStore.find("socks")?.project_id).toBe("p-home"));
    expect(taskStore.find("trip")?.project_id).toBe("p-home");
  });
});
