import { buildTask, buildUser } from "@mocks/fixtures";
import { taskStore } from "@mocks/handlers/tasks";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "@/test/render";
import { setUpTaskTests } from "../testing/msw-helpers";
import { TasksPage } from "./tasks-page";

vi.setConfig({ testTimeout: 20_000 });

const user = buildUser({ timezone: "UTC" });
const COLUMN_WIDTH = 280;
const COLUMNS = ["pending", "inprogress", "completed", "cancelled"];

/**
 * jsdom lays nothing out: give the columns side by side and each card the rectangle of the column
 * it is in, so that dnd-kit's keyboard sensor measures a board as a browser would.
 */
function layOutBoard() {
  // Picking a card up scrolls it into view, which jsdom does not implement.
  Element.prototype.scrollIntoView ??= () => {};
  const original = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
    const column = this.closest<HTMLElement>("[data-testid^='board-column-']");
    if (!column) return original.call(this);
    const index = COLUMNS.indexOf(column.dataset.testid!.replace("board-column-", ""));
    const left = index * (COLUMN_WIDTH + 12);
    const isColumn = this === column;
    const rect = isColumn
      ? { left, top: 0, width: COLUMN_WIDTH, height: 600 }
      : { left: left + 8, top: 40, width: COLUMN_WIDTH - 16, height: 60 };
    return DOMRect.fromRect({ x: rect.left, y: rect.top, width: rect.width, height: rect.height });
  });
}

function column(name: string) {
  return screen.getByRole("region", { name: new RegExp(`^${name}`) });
}

setUpTaskTests();
beforeEach(() => {
  taskStore.reset([
    buildTask({ id: "a", title: "Pay rent", status: "pending" }),
    buildTask({ id: "b", title: "Ship report", status: "in_progress" }),
    buildTask({ id: "c", title: "Old chore", status: "completed" }),
  ]);
});
afterEach(() => vi.restoreAllMocks());

describe("Tasks screen: the board", () => {
  it("shows one column per status, with its tasks and count, after choosing Board", async () => {
    const { user: actor } = renderWithProviders(<TasksPage />, { user, route: "/tasks" });
    await screen.findByRole("heading", { name: "Pay rent" });
    await actor.click(
      within(screen.getByRole("group", { name: "Layout" })).getByRole("button", { name: "Board" }),
    );
    // The board downloads when first shown.
    await screen.findByRole("region", { name: /^Pending/ });

    expect(within(column("Pending")).getByRole("button", { name: "Pay rent" })).toBeInTheDocument();
    expect(within(column("In Progress")).getByRole("button", { name: "Ship report" })).toBeInTheDocument();
    expect(within(column("Completed")).getByRole("button", { name: "Old chore" })).toBeInTheDocument();
    expect(within(column("Cancelled")).queryAllByRole("listitem")).toHaveLength(0);
    expect(screen.getByRole("button", { name: "Board" })).toHaveAttribute("aria-pressed", "true");
  });

  it("moves a card to the next column by keyboard and saves its new status", async () => {
    layOutBoard();
    const { user: actor } = renderWithProviders(<TasksPage />, { user, route: "/tasks?layout=board" });
    const handle = await screen.findByRole("button", { name: 'Move "Pay rent"' });
    handle.focus();
    await actor.keyboard(" ");
    // Picked up, and announced over the column it is in.
    await screen.findByText('"Pay rent" is over Pending.');
    await actor.keyboard("{ArrowRight}");
    await screen.findByText('"Pay rent" is over In Progress.');
    await actor.keyboard(" ");

    await waitFor(() => expect(taskStore.find("a")?.status).toBe("in_progress"));
    await waitFor(() =>
      expect(within(column("In Progress")).getByRole("button", { name: "Pay rent" })).toBeInTheDocument(),
    );
  });

  it("leaves the status alone when the move is cancelled with Escape", async () => {
    layOutBoard();
    const { user: actor } = renderWithProviders(<TasksPage />, { user, route: "/tasks?layout=board" });
    const handle = await screen.findByRole("button", { name: 'Move "Ship report"' });
    handle.focus();
    await actor.keyboard(" ");
    await screen.findByText('"Ship report" is over In Progress.');
    await actor.keyboard("{ArrowLeft}");
    await actor.keyboard("{Escape}");
    await screen.findByText(/Moving "Ship report" cancelled/);
    expect(taskStore.find("b")?.status).toBe("in_progress");
  });
});
