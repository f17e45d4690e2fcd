import { buildTask, buildUser } from "@mocks/fixtures";
import { projectStore } from "@mocks/handlers/projects";
import { taskStore } from "@mocks/handlers/tasks";
import { server } from "@mocks/server";
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "@/test/render";
import { recordBodies, setUpTaskTests } from "../testing/msw-helpers";
import { TasksPage } from "./tasks-page";

vi.setConfig({ testTimeout: 20_000 });

const user = buildUser({ timezone: "UTC" });

setUpTaskTests();
beforeEach(() => {
  projectStore.reset([]);
  taskStore.reset([
    buildTask({ id: "move", title: "Move house" }),
    // Made in the order A, B, C, then C moved first.
    buildTask({ id: "a", title: "A: book the van", parent_id: "move", position: 1 }),
    buildTask({ id: "b", title: "B: label boxes", parent_id: "move", position: 2 }),
    buildTask({ id: "c", title: "C: return keys", parent_id: "move", position: 0 }),
  ]);
});

/** The subtasks' titles as the Tasks list (behind the dialog) shows them, top to bottom. */
function listed(): string[] {
  return screen
    .getAllByRole("heading", { hidden: true })
    .map((heading) => heading.textContent ?? "")
    .filter((title) => /^[ABC]: /.test(title));
}

async function openEdit(title: string) {
  const rendered = renderWithProviders(<TasksPage />, { user, route: "/tasks" });
  await rendered.user.click(await screen.findByRole("button", { name: `Edit "${title}"` }));
  const dialog = await screen.findByRole("dialog", { name: "Edit Task" });
  const list = await within(dialog).findByRole("list", { name: `Subtasks of "${title}"` });
  const order = () =>
    within(list)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
  return { ...rendered, dialog, order };
}

describe("the order of subtasks", () => {
  it("lists subtasks by their position, on the Tasks screen and in the Edit dialog", async () => {
    const { order } = await openEdit("Move house");
    expect(order()).toEqual(["C: return keys", "A: book the van", "B: label boxes"]);
    expect(listed()).toEqual(["C: return keys", "A: book the van", "B: label boxes"]);
  });

  it("moves the focused subtask with Alt+ArrowDown and Alt+ArrowUp, saves its place and says so", async () => {
    const bodies = recordBodies("put", "/api/v1/tasks/:id");
    const { user: actor, dialog, order } = await openEdit("Move house");
    const handle = within(dialog).getByRole("button", { name: 'Move "C: return keys", 1 of 3' });
    handle.focus();
    await actor.keyboard("{Alt>}{ArrowDown}{/Alt}");

    expect(order()).toEqual(["A: book the van", "C: return keys", "B: label boxes"]);
    expect(within(dialog).getByText('"C: return keys" moved to place 2 of 3.')).toHaveAttribute(
      "role",
      "status",
    );
    await waitFor(() => expect(bodies).toEqual([{ position: 1 }]));
    await waitFor(() => expect(taskStore.find("a")?.position).toBe(0));
    expect(handle).toHaveFocus();
    await waitFor(() => expect(listed()).toEqual(["A: book the van", "C: return keys", "B: label boxes"]));

    await actor.keyboard("{Alt>}{ArrowUp}{/Alt}");
    await waitFor(() => expect(order()).toEqual(["C: return keys", "A: book the van", "B: label boxes"]));
    await actor.keyboard("{Alt>}{ArrowUp}{/Alt}");
    // Already first: nothing more is sent.
    await waitFor(() => expect(bodies).toEqual([{ position: 1 }, { position: 0 }]));
    // Arrows without Alt do not move it.
    await actor.keyboard("{ArrowDown}");
    expect(order()).toEqual(["C: return keys", "A: book the van", "B: label boxes"]);
  });

  it("puts a subtask back where it was when the server refuses the move", async () => {
    server.use(
      http.put("/api/v1/tasks/:id", () => HttpResponse.json({ message: "Task not found" }, { status: 404 })),
    );
    const { user: actor, dialog, order } = await openEdit("Move house");
    within(dialog).getByRole("button", { name: 'Move "B: label boxes", 3 of 3' }).focus();
    await actor.keyboard("{Alt>}{ArrowUp}{/Alt}");
    expect(await screen.findByText("Task not found")).toBeInTheDocument();
    await waitFor(() => expect(order()).toEqual(["C: return keys", "A: book the van", "B: label boxes"]));
  });

  it("shows no subtask list for a task without subtasks", async () => {
    const { user: actor } = renderWithProviders(<TasksPage />, { user, route: "/tasks" });
    await actor.click(await screen.findByRole("button", { name: 'Edit "A: book the van"' }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Task" });
    expect(within(dialog).queryByRole("list", { name: /^Subtasks of/ })).not.toBeInTheDocument();
  });
});
