import { buildTask, buildUser } from "@mocks/fixtures";
import { projectStore } from "@mocks/handlers/projects";
import { sharingStore } from "@mocks/handlers/sharing";
import { taskStore } from "@mocks/handlers/tasks";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "@/test/render";
import { setUpTaskTests } from "../testing/msw-helpers";
import { TasksPage } from "./tasks-page";

vi.setConfig({ testTimeout: 20_000 });

const user = buildUser({ timezone: "UTC" });
const BOB = { id: "user-2", username: "bob" };

setUpTaskTests();

beforeEach(() => {
  projectStore.reset([
    { id: "p-menu", name: "Menu", role: "viewer", owner: BOB, member_count: 1 },
    { id: "p-trip", name: "Trip", role: "editor", owner: BOB, member_count: 1 },
  ]);
  sharingStore.reset({
    members: {
      "p-menu": [{ user: { id: "user-1", username: "ada" }, role: "viewer", pending: false }],
      "p-trip": [{ user: { id: "user-1", username: "ada" }, role: "editor", pending: false }],
    },
  });
  taskStore.reset([
    buildTask({
      id: "soup",
      title: "Cook soup",
      project_id: "p-menu",
      description: "With leeks",
      tags: ["dinner"],
    }),
    buildTask({ id: "train", title: "Book the train", project_id: "p-trip" }),
  ]);
});

describe("A viewer's task cards", () => {
  it("offer no change on a viewer's card, and every change on an editor's", async () => {
    renderWithProviders(<TasksPage />, { user, route: "/tasks" });
    const soup = await screen.findByRole("group", { name: "Cook soup" });
    // Once the projects (with the roles) have loaded.
    await within(soup).findByRole("button", { name: 'View "Cook soup"' });
    expect(within(soup).getByRole("checkbox", { name: 'Mark "Cook soup" as completed' })).toBeDisabled();
    expect(within(soup).queryByRole("combobox", { name: 'Status of "Cook soup"' })).not.toBeInTheDocument();
    expect(within(soup).queryByRole("button", { name: 'Edit "Cook soup"' })).not.toBeInTheDocument();
    expect(within(soup).queryByRole("button", { name: 'Delete "Cook soup"' })).not.toBeInTheDocument();
    expect(within(soup).queryByRole("button", { name: /More actions/ })).not.toBeInTheDocument();
    expect(within(soup).queryByRole("checkbox", { name: /Select/ })).not.toBeInTheDocument();
    expect(within(soup).getByText("Pending")).toBeInTheDocument();

    const train = screen.getByRole("group", { name: "Book the train" });
    expect(within(train).getByRole("checkbox", { name: 'Mark "Book the train" as completed' })).toBeEnabled();
    expect(within(train).getByRole("combobox", { name: 'Status of "Book the train"' })).toBeInTheDocument();
    expect(within(train).getByRole("button", { name: 'Delete "Book the train"' })).toBeInTheDocument();
  });

  it("never selects a viewer's card by keyboard, and selects an editor's", async () => {
    const { user: actor } = renderWithProviders(<TasksPage />, { user, route: "/tasks" });
    const soup = await screen.findByRole("group", { name: "Cook soup" });
    await within(soup).findByRole("button", { name: 'View "Cook soup"' });
    soup.focus();
    await actor.keyboard(" ");
    expect(screen.queryByRole("toolbar", { name: "Selected tasks" })).not.toBeInTheDocument();
    screen.getByRole("group", { name: "Book the train" }).focus();
    await actor.keyboard(" ");
    expect(
      within(screen.getByRole("toolbar", { name: "Selected tasks" })).getByText("1 selected"),
    ).toBeInTheDocument();
  });

  it("opens a viewer's task to read, with nothing to save", async () => {
    const { user: actor } = renderWithProviders(<TasksPage />, { user, route: "/tasks" });
    await actor.click(await screen.findByRole("button", { name: 'View "Cook soup"' }));
    const dialog = await screen.findByRole("dialog", { name: "Task" });
    expect(within(dialog).getByText("With leeks")).toBeInTheDocument();
    expect(within(dialog).getByText("dinner")).toBeInTheDocument();
    expect(within(dialog).getByText("Menu")).toBeInTheDocument();
    expect(within(dialog).queryByRole("textbox", { name: "Title" })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Save Changes" })).not.toBeInTheDocument();
    await actor.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(taskStore.find("soup")?.status).toBe("pending");
  });

  it("has no drag handle on a viewer's board card", async () => {
    renderWithProviders(<TasksPage />, { user, route: "/tasks?layout=board" });
    await screen.findByRole("button", { name: 'Move "Book the train"' });
    await screen.findByTitle('View "Cook soup" (read only)');
    expect(screen.queryByRole("button", { name: 'Move "Cook soup"' })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cook soup" })).toHaveAttribute(
      "title",
      'View "Cook soup" (read only)',
    );
  });
});
