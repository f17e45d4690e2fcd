import { apiRoutes } from "@contract/routes";
import type { TaskJson } from "@contract/tasks";
import { buildTask, buildUser } from "@mocks/fixtures";
import { taskStore } from "@mocks/handlers/tasks";
import { server } from "@mocks/server";
import { act, screen, waitFor, within } from "@testing-library/react";
import { delay, http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryKeys } from "@/api/query-keys";
import { renderWithProviders } from "@/test/render";
import { countRequests, holdRequests, recordBodies, toastWith, setUpTaskTests } from "../testing/msw-helpers";
import { TasksPage } from "./tasks-page";

/** A task list no screen here shows (a filtered one): it must be marked stale by a task change. */
const otherTaskList = queryKeys.tasks.list({ status: ["completed"] });

// Screen tests click and type a lot; the shared CI machine is slow.
vi.setConfig({ testTimeout: 20_000 });

const user = buildUser({ timezone: "Asia/Tokyo" });

function renderTasks(...tasks: TaskJson[]) {
  taskStore.reset(tasks);
  return renderWithProviders(<TasksPage />, { user, route: "/tasks" });
}

/** The card (list item) showing a task title. */
function card(title: string): HTMLElement {
  const heading = screen.getByRole("heading", { name: title });
  const item = heading.closest("li");
  if (!item) throw new Error(`No card for ${title}`);
  return item;
}

setUpTaskTests();
afterEach(() => vi.restoreAllMocks());

describe("Tasks screen: header and states", () => {
  it("shows the title, subtitle, 'Create Task' and the search box", async () => {
    renderTasks(buildTask({ title: "Buy milk" }));
    expect(screen.getByRole("heading", { level: 1, name: "Tasks" })).toBeInTheDocument();
    expect(screen.getByText("Manage your tasks and stay organized")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create Task" })).toBeInTheDocument();
    expect(screen.getByPlaceholderText("Search tasks...")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Buy milk" })).toBeInTheDocument();
  });

  it("shows three skeleton cards while loading", async () => {
    server.use(http.get(apiRoutes.listTasks.path, () => delay("infinite")));
    renderTasks();
    expect(await screen.findAllByTestId("task-skeleton")).toHaveLength(3);
    expect(screen.queryByText("No tasks found")).not.toBeInTheDocument();
  });

  it("shows 'No tasks found' with 'Get started by creating your first task' and a 'Create Task' button when there are none", async () => {
    const { user: actor } = renderTasks();
    const empty = (await screen.findByText("No tasks found")).closest("div")!;
    expect(within(empty).getByText("Get started by creating your first task")).toBeInTheDocument();
    await actor.click(within(empty).getByRole("button", { name: "Create Task" }));
    expect(await screen.findByRole("dialog", { name: "Create New Task" })).toBeInTheDocument();
  });

  it("shows 'No tasks found' with 'Try adjusting your search query' when a search matches nothing", async () => {
    const { user: actor } = renderTasks(buildTask({ title: "Buy milk" }));
    await screen.findByRole("heading", { name: "Buy milk" });
    await actor.type(screen.getByPlaceholderText("Search tasks..."), "dentist");
    expect(await screen.findByText("No tasks found")).toBeInTheDocument();
    expect(screen.getByText("Try adjusting your search query")).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "Create Task" })).toHaveLength(1);
  });

  it("filters by title, description and tags as the user types, and the badge counts what is shown", async () => {
    const { user: actor } = renderTasks(
      buildTask({ title: "Buy milk", tags: ["errands"] }),
      buildTask({ title: "Write report", description: "For the quarterly review" }),
      buildTask({ title: "Call the bank" }),
    );
    expect(await screen.findByText("3 tasks")).toBeInTheDocument();
    const search = screen.getByPlaceholderText("Search tasks...");
    await actor.type(search, "quarterly");
    expect(await screen.findByText("1 task")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Write report" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Buy milk" })).not.toBeInTheDocument();
    await actor.clear(search);
    await actor.type(search, "ERRANDS");
    expect(await screen.findByText("1 task")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Buy milk" })).toBeInTheDocument();
  });

  it("treats a 404 on loading as an empty list, without retrying", async () => {
    server.use(
      http.get(apiRoutes.listTasks.path, () => HttpResponse.json({ message: "Not found" }, { status: 404 })),
    );
    const requests = countRequests("get", apiRoutes.listTasks.path);
    renderTasks();
    expect(await screen.findByText("No tasks found")).toBeInTheDocument();
    expect(screen.queryByText("Failed to load tasks. Please try again.")).not.toBeInTheDocument();
    // Give a retry (1 s later) the chance to happen.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    // Once each: the tasks not completed, and the first page of the completed ones.
    expect(requests.count).toBe(2);
  });

  describe("load failure", () => {
    beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
    afterEach(() => vi.useRealTimers());

    async function failAfterRetries(response: () => Response) {
      server.use(http.get(apiRoutes.listTasks.path, response));
      const requests = countRequests("get", apiRoutes.listTasks.path);
      renderTasks();
      // The retries wait 1 s, 2 s and 4 s (TanStack Query's backoff): move the clock on.
      for (
        let second = 0;
        second < 15 && !screen.queryByText("Failed to load tasks. Please try again.");
        second++
      ) {
        await act(() => vi.advanceTimersByTimeAsync(1_000));
      }
      expect(screen.getByText("Failed to load tasks. Please try again.")).toBeInTheDocument();
      return requests;
    }

    it("shows 'Failed to load tasks. Please try again.' with the server's message after 3 retries", async () => {
      const requests = await failAfterRetries(() =>
        HttpResponse.json({ message: "Database is unavailable" }, { status: 503 }),
      );
      expect(screen.getByText("Database is unavailable")).toBeInTheDocument();
      // 4 times each: the tasks not completed, and the first page of the completed ones.
      expect(requests.count).toBe(8);
    });

    it("falls back to 'Unknown error occurred' when the server gives no message", async () => {
      await failAfterRetries(() => new HttpResponse(null, { status: 500 }));
      expect(screen.getByText("Unknown error occurred")).toBeInTheDocument();
    });
  });
});

describe("Task cards", () => {
  it("shows title, description, status, priority, tags and the due date in the user's time zone", async () => {
    renderTasks(
      buildTask({
        title: "Prepare slides",
        description: "For Monday's meeting",
        status: "in_progress",
        priority: "high",
        tags: ["work", "q4"],
        // 20:00 UTC on Dec 1 is already Dec 2 in Tokyo.
        due_date: "2026-12-01T20:00:00.000Z",
      }),
    );
    await screen.findByRole("heading", { name: "Prepare slides" });
    const slides = card("Prepare slides");
    expect(within(slides).getByText("For Monday's meeting")).toBeInTheDocument();
    expect(within(slides).getByRole("combobox", { name: 'Status of "Prepare slides"' })).toHaveDisplayValue(
      "In Progress",
    );
    expect(within(slides).getByText("High")).toBeInTheDocument();
    expect(within(slides).getByText("work")).toBeInTheDocument();
    expect(within(slides).getByText("q4")).toBeInTheDocument();
    expect(within(slides).getByText(/^Dec 2, 2026, \d{1,2}:\d{2} [AP]M$/)).toBeInTheDocument();
    expect(within(slides).getByRole("button", { name: 'Edit "Prepare slides"' })).toBeInTheDocument();
    expect(within(slides).getByRole("button", { name: 'Delete "Prepare slides"' })).toBeInTheDocument();
  });

  it("shows a repeat icon and the rule in words on a repeating task's card, and nothing on the others", async () => {
    renderTasks(
      buildTask({
        title: "Standup",
        due_date: "2026-11-30T00:00:00.000Z",
        recurrence: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO",
      }),
      buildTask({ title: "Once", due_date: "2026-11-30T00:00:00.000Z" }),
    );
    await screen.findByRole("heading", { name: "Standup" });
    const words = await within(card("Standup")).findByText("every 2 weeks on Monday");
    expect(words.closest("span")).toHaveTextContent("Repeats every 2 weeks on Monday");
    expect(within(card("Once")).queryByText(/Repeats/)).not.toBeInTheDocument();
  });

  it("offers the four statuses and shows an unknown priority as Medium", async () => {
    renderTasks({ ...buildTask({ title: "Odd" }), priority: "critical" as never });
    await screen.findByRole("heading", { name: "Odd" });
    const odd = card("Odd");
    const options = within(within(odd).getByRole("combobox")).getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual([
      "Pending",
      "In Progress",
      "Completed",
      "Cancelled",
    ]);
    expect(within(odd).getByText("Medium")).toBeInTheDocument();
  });

  it("marks a past due date as overdue unless the task is completed, a cancelled one included", async () => {
    const past = "2020-01-06T09:00:00.000Z";
    renderTasks(
      buildTask({ title: "Late", due_date: past }),
      buildTask({ title: "Dropped", status: "cancelled", due_date: past }),
      buildTask({ title: "Done late", status: "completed", due_date: past }),
      buildTask({ title: "Later", due_date: "2099-01-06T09:00:00.000Z" }),
    );
    await screen.findByRole("heading", { name: "Late" });
    expect(within(card("Late")).getByText("Overdue, due")).toBeInTheDocument();
    expect(within(card("Dropped")).getByText("Overdue, due")).toBeInTheDocument();
    expect(within(card("Done late")).queryByText("Overdue, due")).not.toBeInTheDocument();
    expect(within(card("Later")).queryByText("Overdue, due")).not.toBeInTheDocument();
  });

  it("strikes through the title of a completed task", async () => {
    renderTasks(buildTask({ title: "Done thing", status: "completed" }), buildTask({ title: "Open thing" }));
    expect(await screen.findByRole("heading", { name: "Done thing" })).toHaveClass("line-through");
    expect(screen.getByRole("heading", { name: "Open thing" })).not.toHaveClass("line-through");
  });

  it("renders only the cards in view when there are thousands of tasks", async () => {
    // jsdom has no layout: give every element a card's height so the virtualiser can measure.
    vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockReturnValue(120);
    renderTasks(...Array.from({ length: 3_000 }, (_, n) => buildTask({ title: `Bulk task ${n}` })));
    expect(await screen.findByText("3000 tasks")).toBeInTheDocument();
    const rendered = within(screen.getByRole("list", { name: "Tasks" })).getAllByRole("listitem");
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.length).toBeLessThan(100);
    expect(rendered[0]).toHaveAttribute("aria-setsize", "3000");
  });
});

describe("Toggle and status changes (optimistic)", () => {
  it("completes a task at once and sends status completed; toggling again sets pending", async () => {
    const bodies = recordBodies("put", apiRoutes.updateTask.path);
    const { release } = holdRequests("put", apiRoutes.updateTask.path);
    const { user: actor } = renderTasks(buildTask({ title: "Water plants" }));
    const toggle = await screen.findByRole("checkbox", { name: 'Mark "Water plants" as completed' });
    expect(toggle).not.toBeChecked();

    await actor.click(toggle);
    // Before the server has answered:
    expect(toggle).toBeChecked();
    expect(screen.getByRole("heading", { name: "Water plants" })).toHaveClass("line-through");
    release();
    await waitFor(() => expect(taskStore.all()[0]?.status).toBe("completed"));

    await actor.click(screen.getByRole("checkbox", { name: 'Mark "Water plants" as completed' }));
    await waitFor(() => expect(taskStore.all()[0]?.status).toBe("pending"));
    expect(bodies).toEqual([{ status: "completed" }, { status: "pending" }]);
    expect(screen.getByRole("checkbox", { name: 'Mark "Water plants" as completed' })).not.toBeChecked();
  });

  it("offers Undo once a task is completed, which makes it pending again", async () => {
    const bodies = recordBodies("put", apiRoutes.updateTask.path);
    const { user: actor } = renderTasks(buildTask({ title: "Water plants", status: "in_progress" }));
    await actor.click(await screen.findByRole("checkbox", { name: 'Mark "Water plants" as completed' }));
    await waitFor(() => expect(taskStore.all()[0]?.status).toBe("completed"));
    await actor.click(within(toastWith("Task completed")).getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(taskStore.all()[0]?.status).toBe("in_progress"));
    expect(bodies).toEqual([{ status: "completed" }, { status: "in_progress" }]);
    expect(screen.getByRole("checkbox", { name: 'Mark "Water plants" as completed' })).not.toBeChecked();
  });

  it("says when a repeating task comes back once it is completed: 'Next: Mon 30 Nov'", async () => {
    const { user: actor } = renderTasks(
      // Monday 23 November 2026, 09:00 in Tokyo, every Monday
      buildTask({
        title: "Team notes",
        due_date: "2026-11-23T00:00:00.000Z",
        recurrence: "FREQ=WEEKLY;BYDAY=MO",
      }),
    );
    await actor.click(await screen.findByRole("checkbox", { name: 'Mark "Team notes" as completed' }));
    expect(await screen.findByText("Next: Mon 30 Nov")).toBeInTheDocument();
    expect(toastWith("Next: Mon 30 Nov")).toHaveTextContent("Task completed");
  });

  it("rolls the toggle back and shows the 'Error' toast with the server's message when the update fails", async () => {
    server.use(
      http.put(apiRoutes.updateTask.path, () =>
        HttpResponse.json({ message: "Task is locked" }, { status: 409 }),
      ),
    );
    const { user: actor } = renderTasks(buildTask({ title: "Water plants" }));
    const toggle = await screen.findByRole("checkbox", { name: 'Mark "Water plants" as completed' });
    // The refetch after the failure never answers: only the rollback can uncheck the toggle.
    server.use(http.get(apiRoutes.listTasks.path, () => delay("infinite")));
    await actor.click(toggle);
    expect(await screen.findByText("Task is locked")).toBeInTheDocument();
    expect(within(toastWith("Task is locked")).getByText("Error")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole("checkbox", { name: 'Mark "Water plants" as completed' })).not.toBeChecked(),
    );
  });

  it("falls back to 'Failed to update task' when a status change fails without a message", async () => {
    server.use(http.put(apiRoutes.updateTask.path, () => new HttpResponse(null, { status: 500 })));
    const { user: actor } = renderTasks(buildTask({ title: "Water plants" }));
    const status = await screen.findByRole("combobox", { name: 'Status of "Water plants"' });
    await actor.selectOptions(status, "Cancelled");
    expect(await screen.findByText("Failed to update task")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole("combobox", { name: 'Status of "Water plants"' })).toHaveDisplayValue(
        "Pending",
      ),
    );
  });

  it("sets any status from the dropdown, sending in_progress on the wire", async () => {
    const bodies = recordBodies("put", apiRoutes.updateTask.path);
    const { user: actor } = renderTasks(buildTask({ title: "Draft essay", status: "completed" }));
    const status = await screen.findByRole("combobox", { name: 'Status of "Draft essay"' });
    await actor.selectOptions(status, "In Progress");
    expect(status).toHaveDisplayValue("In Progress");
    await waitFor(() => expect(taskStore.all()[0]?.status).toBe("in_progress"));
    expect(bodies).toEqual([{ status: "in_progress" }]);
    expect(screen.getByRole("heading", { name: "Draft essay" })).not.toHaveClass("line-through");
  });

  it("refreshes every task list (the dashboard counts its statistics from them) and the daily status after a change", async () => {
    const { user: actor, queryClient } = renderTasks(buildTask({ title: "Water plants" }));
    queryClient.setQueryData(otherTaskList, []);
    queryClient.setQueryData(queryKeys.daily.status(), {});
    await actor.click(await screen.findByRole("checkbox", { name: 'Mark "Water plants" as completed' }));
    await waitFor(() => {
      for (const key of [otherTaskList, queryKeys.daily.status()]) {
        expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
      }
    });
  });
});

describe("Delete with undo (a mis-click loses no data)", () => {
  it("deletes at once, and its Undo brings the task back from the trash", async () => {
    const { user: actor } = renderTasks(buildTask({ title: "Old note" }), buildTask({ title: "Keep me" }));
    await actor.click(await screen.findByRole("button", { name: 'Delete "Old note"' }));
    expect(screen.queryByRole("heading", { name: "Old note" })).not.toBeInTheDocument();
    await waitFor(() => expect(taskStore.all().map((task) => task.title)).toEqual(["Keep me"]));
    expect(screen.getByText("1 task")).toBeInTheDocument();

    await actor.click(within(toastWith("Task deleted")).getByRole("button", { name: "Undo" }));
    expect(await screen.findByRole("heading", { name: "Old note" })).toBeInTheDocument();
    expect(taskStore.all()).toHaveLength(2);
  });

  it("deletes several tasks at once while their toasts stay open", async () => {
    const { user: actor } = renderTasks(
      buildTask({ title: "First" }),
      buildTask({ title: "Second" }),
      buildTask({ title: "Keep me" }),
    );
    await actor.click(await screen.findByRole("button", { name: 'Delete "First"' }));
    await actor.click(await screen.findByRole("button", { name: 'Delete "Second"' }));
    await waitFor(() => expect(taskStore.all().map((task) => task.title)).toEqual(["Keep me"]));
    expect(screen.getAllByText("Task deleted")).toHaveLength(2);
  });

  it("keeps a task hidden while its delete is on its way, even when the list is refetched", async () => {
    const held = holdRequests("delete", apiRoutes.deleteTask.path);
    const { user: actor, queryClient } = renderTasks(
      buildTask({ title: "Old note" }),
      buildTask({ title: "Keep me" }),
    );
    await actor.click(await screen.findByRole("button", { name: 'Delete "Old note"' }));
    await queryClient.refetchQueries({ queryKey: queryKeys.tasks.lists() });
    expect(screen.getByRole("heading", { name: "Keep me" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Old note" })).not.toBeInTheDocument();
    held.release();
    expect(await screen.findByText("Task deleted")).toBeInTheDocument();
  });

  it("brings the task back with the 'Error' toast 'Failed to delete task' when the delete fails", async () => {
    server.use(http.delete(apiRoutes.deleteTask.path, () => new HttpResponse(null, { status: 500 })));
    const { user: actor } = renderTasks(buildTask({ title: "Old note" }));
    await actor.click(await screen.findByRole("button", { name: 'Delete "Old note"' }));
    expect(await screen.findByText("Failed to delete task")).toBeInTheDocument();
    expect(within(toastWith("Failed to delete task")).getByText("Error")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Old note" })).toBeInTheDocument();
  });
});
