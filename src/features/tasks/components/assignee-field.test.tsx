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

const user = buildUser();
const BOB = { id: "user-2", username: "bob" };

setUpTaskTests();

beforeEach(() => {
  projectStore.reset([{ id: "p-trip", name: "Trip", role: "editor", owner: BOB, member_count: 1 }]);
  sharingStore.reset({
    members: { "p-trip": [{ user: { id: "user-1", username: "ada" }, role: "editor", pending: false }] },
  });
  taskStore.reset([
    buildTask({ id: "tickets", title: "Book the tickets", project_id: "p-trip" }),
    buildTask({ id: "mail", title: "Answer mail" }),
  ]);
});

async function editTask(title: string) {
  const view = renderWithProviders(<TasksPage />, { user, route: "/tasks" });
  await view.user.click(await screen.findByRole("button", { name: `Edit "${title}"` }));
  return { ...view, dialog: await screen.findByRole("dialog", { name: "Edit Task" }) };
}

describe("Assignee picker", () => {
  it("offers a shared project's members, saves the choice and shows it on the card and in Assigned to me", async () => {
    const { user: actor, dialog } = await editTask("Book the tickets");
    const picker = await within(dialog).findByRole("combobox", { name: "Assignee" });
    await within(picker).findByRole("option", { name: "ada (me)" });
    expect(
      within(picker)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Nobody", "bob", "ada (me)"]);
    await actor.selectOptions(picker, "ada (me)");
    await actor.click(within(dialog).getByRole("button", { name: "Save Changes" }));

    await expect.poll(() => taskStore.find("tickets")?.assignee_id).toBe("user-1");
    const card = await screen.findByRole("group", { name: "Book the tickets" });
    expect(await within(card).findByTitle("Assigned to you")).toHaveTextContent("a");

    await actor.click(screen.getByRole("button", { name: "Assigned to me" }));
    expect(await screen.findByText("1 task")).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Answer mail" })).not.toBeInTheDocument();
  });

  it("names another member on the card", async () => {
    taskStore.reset([
      buildTask({ id: "tickets", title: "Book the tickets", project_id: "p-trip", assignee_id: "user-2" }),
    ]);
    renderWithProviders(<TasksPage />, { user, route: "/tasks" });
    const card = await screen.findByRole("group", { name: "Book the tickets" });
    expect(await within(card).findByTitle("Assigned to bob")).toHaveTextContent("b");
  });

  it("has no assignee for a task of a project nobody shares", async () => {
    const { dialog } = await editTask("Answer mail");
    await within(dialog).findByRole("combobox", { name: "Project" });
    expect(within(dialog).queryByRole("combobox", { name: "Assignee" })).not.toBeInTheDocument();
  });
});
