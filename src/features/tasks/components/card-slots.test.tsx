import { taskFromWire } from "@contract/tasks";
import { buildTask, buildUser } from "@mocks/fixtures";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "@/test/render";
import { setUpTaskTests } from "../testing/msw-helpers";
import { slotKeys } from "../use-card-slots";
import { TaskList } from "./task-list";

setUpTaskTests();

const actions = {
  onToggle: vi.fn(),
  onStatusChange: vi.fn(),
  onEdit: vi.fn(),
  onDelete: vi.fn(),
  onAddSubtask: vi.fn(),
  onMoveToProject: vi.fn(),
  readOnlyIds: new Set<string>(),
};
const soup = taskFromWire(buildTask({ id: "soup", title: "Cook soup" }));
const train = taskFromWire(buildTask({ id: "train", title: "Book the train" }));
const plants = taskFromWire(buildTask({ id: "plants", title: "Water plants", description: "The fern too" }));

const itemOf = (title: string) => screen.getByRole("group", { name: title }).closest("li");

describe("slotKeys", () => {
  it("keeps the key of a task still shown and gives a newcomer the key of one that left", () => {
    expect(slotKeys(new Map(), ["a", "b"])).toEqual(["card-0", "card-1"]);
    const before = new Map([
      ["a", "card-0"],
      ["b", "card-1"],
      ["c", "card-2"],
    ]);
    expect(slotKeys(before, ["x", "b", "y", "z"])).toEqual(["card-0", "card-1", "card-2", "card-3"]);
  });
});

describe("Cards kept for another task", () => {
  it("update in place, and drop the focus and the open field they held for the task before", async () => {
    const { user, rerender } = renderWithProviders(
      <TaskList tasks={[soup, train]} timeZone="UTC" {...actions} />,
      { user: buildUser({ timezone: "UTC" }) },
    );
    const soupItem = itemOf("Cook soup");
    const trainItem = itemOf("Book the train");
    await user.click(screen.getByRole("button", { name: 'More actions for "Cook soup"' }));
    await user.click(await screen.findByRole("menuitem", { name: "Add subtask" }));
    const field = await screen.findByRole("textbox", { name: 'New subtask of "Cook soup"' });
    await vi.waitFor(() => expect(field).toHaveFocus());

    rerender(<TaskList tasks={[train, plants]} timeZone="UTC" {...actions} />);

    // The train's card is the same; the plants took the soup's elements, updated to say so.
    expect(itemOf("Book the train")).toBe(trainItem);
    const plantsItem = itemOf("Water plants");
    expect(plantsItem).toBe(soupItem);
    expect(screen.queryByRole("group", { name: "Cook soup" })).not.toBeInTheDocument();
    const card = within(plantsItem!);
    expect(card.getByRole("heading", { name: "Water plants" })).toBeInTheDocument();
    expect(card.getByText("The fern too")).toBeInTheDocument();
    expect(card.getByRole("button", { name: 'Edit "Water plants"' })).toBeInTheDocument();
    expect(card.queryByRole("textbox")).not.toBeInTheDocument();
    await user.click(card.getByRole("button", { name: 'Delete "Water plants"' }));
    expect(actions.onDelete).toHaveBeenCalledWith(plants);

    // A key meant for the focused card never acts on the task that takes its place.
    screen.getByRole("group", { name: "Water plants" }).focus();
    rerender(<TaskList tasks={[train, soup]} timeZone="UTC" {...actions} />);
    expect(itemOf("Cook soup")).toBe(soupItem);
    expect(document.body).toHaveFocus();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
  });

  it("close a menu left open for the task before", async () => {
    const { user, rerender } = renderWithProviders(
      <TaskList tasks={[soup, train]} timeZone="UTC" {...actions} />,
      { user: buildUser({ timezone: "UTC" }) },
    );
    await user.click(screen.getByRole("button", { name: 'More actions for "Cook soup"' }));
    expect(await screen.findByRole("menuitem", { name: "Move to project…" })).toBeInTheDocument();

    rerender(<TaskList tasks={[plants, train]} timeZone="UTC" {...actions} />);

    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: 'More actions for "Water plants"' }));
    await user.click(await screen.findByRole("menuitem", { name: "Move to project…" }));
    expect(actions.onMoveToProject).toHaveBeenCalledWith(plants);
  });
});
