import { apiRoutes } from "@contract/routes";
import { buildTask, buildUser } from "@mocks/fixtures";
import { taskStore } from "@mocks/handlers/tasks";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { apiClient } from "@/lib/api-client";
import { renderWithProviders, signInAs } from "@/test/render";
import { TrashPage } from "./trash-page";

vi.setConfig({ testTimeout: 20_000 });

const user = buildUser();

/** Seeds the fake with tasks and deletes `deleted` through the API, as the Tasks screen does. */
async function renderTrash(deleted: string[]) {
  signInAs(user);
  for (const id of deleted) await apiClient.delete(apiRoutes.deleteTask.path.replace(":id", id));
  return renderWithProviders(<TrashPage />, { user, route: "/trash" });
}

beforeEach(() => {
  taskStore.reset([
    buildTask({ id: "trip", title: "Plan the trip" }),
    buildTask({ id: "socks", title: "Socks", parent_id: "trip" }),
    buildTask({ id: "rent", title: "Pay the rent" }),
  ]);
});

describe("Trash screen", () => {
  it("says the trash is empty when nothing was deleted", async () => {
    renderWithProviders(<TrashPage />, { user, route: "/trash" });
    expect(screen.getByRole("heading", { level: 1, name: "Trash" })).toBeInTheDocument();
    expect(screen.getByText("Deleted tasks stay here for 30 days.")).toBeInTheDocument();
    expect(await screen.findByText("The trash is empty")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Empty trash" })).toBeDisabled();
  });

  it("lists a deleted task with its subtasks and how long it stays, and restores it", async () => {
    const { user: actor } = await renderTrash(["trip"]);
    const list = await screen.findByRole("list", { name: "Deleted tasks" });
    expect(within(list).getByText("Plan the trip")).toBeInTheDocument();
    expect(within(list).getByText("With 1 subtask · Deleted for good in 30 days")).toBeInTheDocument();

    await actor.click(screen.getByRole("button", { name: 'Restore "Plan the trip"' }));
    expect(await screen.findByText("The trash is empty")).toBeInTheDocument();
    expect(
      taskStore
        .all()
        .map((task) => task.id)
        .sort(),
    ).toEqual(["rent", "socks", "trip"]);
    expect(screen.getByText("Task restored")).toBeInTheDocument();
  });

  it("empties the trash after asking once more", async () => {
    const { user: actor } = await renderTrash(["trip", "rent"]);
    await screen.findByText("Pay the rent");
    await actor.click(screen.getByRole("button", { name: "Empty trash" }));
    const dialog = await screen.findByRole("dialog", { name: "Empty the trash?" });
    expect(within(dialog).getByText("2 tasks will be deleted for good.")).toBeInTheDocument();
    await actor.click(within(dialog).getByRole("button", { name: "Delete for good" }));
    expect(await screen.findByText("The trash is empty")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
