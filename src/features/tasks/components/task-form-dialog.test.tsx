import { apiRoutes } from "@contract/routes";
import type { TaskJson } from "@contract/tasks";
import { buildTask, buildUser } from "@mocks/fixtures";
import { taskStore } from "@mocks/handlers/tasks";
import { server } from "@mocks/server";
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { queryKeys } from "@/api/query-keys";
import { renderWithProviders } from "@/test/render";
import { holdRequests, recordBodies, toastWith, setUpTaskTests } from "../testing/msw-helpers";
import { TasksPage } from "./tasks-page";

/** A task list no screen here shows (a filtered one): it must be marked stale by a task change. */
const otherTaskList = queryKeys.tasks.list({ status: ["completed"] });

// Dialog tests type a lot; the shared CI machine is slow.
vi.setConfig({ testTimeout: 20_000 });

// The profile's zone is not the machine's: due dates must follow the profile.
const user = buildUser({ timezone: "Asia/Tokyo" });

async function renderTasks(...tasks: TaskJson[]) {
  taskStore.reset(tasks);
  const view = renderWithProviders(<TasksPage />, { user, route: "/tasks" });
  await screen.findByText(
    tasks.length === 0 ? "No tasks found" : tasks.length === 1 ? "1 task" : `${tasks.length} tasks`,
  );
  return view;
}

setUpTaskTests();

describe("Create Task dialog", () => {
  async function openCreateDialog() {
    const view = await renderTasks(buildTask({ title: "Existing" }));
    await view.user.click(screen.getByRole("button", { name: "Create Task" }));
    const dialog = await screen.findByRole("dialog", { name: "Create New Task" });
    return { ...view, dialog };
  }

  it("is 425 px wide at most and has the title, description, priority, due date and tags fields, with priority medium by default", async () => {
    const { dialog } = await openCreateDialog();
    expect(dialog).toHaveClass("sm:max-w-[425px]");
    expect(within(dialog).getByLabelText("Title")).toHaveValue("");
    expect(within(dialog).getByLabelText("Description")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Priority")).toHaveDisplayValue("Medium");
    // Typed in the user's format (month first, 12-hour clock by default).
    expect(within(dialog).getByLabelText("Due Date")).toHaveAttribute("placeholder", "MM/DD/YYYY");
    expect(within(dialog).getByLabelText("Due time (optional)")).toHaveAttribute("placeholder", "h:mm AM");
    expect(within(dialog).getByLabelText("Tags")).toBeInTheDocument();
    expect(within(dialog).queryByLabelText("Status")).not.toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Create Task" })).toBeInTheDocument();
  });

  it("says 'Title is required' and sends nothing when the title is empty", async () => {
    const bodies = recordBodies("post", apiRoutes.createTask.path);
    const { user: actor, dialog } = await openCreateDialog();
    await actor.type(within(dialog).getByLabelText("Title"), "   ");
    await actor.click(within(dialog).getByRole("button", { name: "Create Task" }));
    expect(await within(dialog).findByText("Title is required")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Title")).toHaveAttribute("aria-invalid", "true");
    expect(bodies).toEqual([]);
  });

  it("adds tags with Enter, ignores duplicates, removes a tag on click, and creates the task in the user's time zone", async () => {
    const bodies = recordBodies("post", apiRoutes.createTask.path);
    const { user: actor, dialog } = await openCreateDialog();
    await actor.type(within(dialog).getByLabelText("Title"), "Book flights");
    await actor.type(within(dialog).getByLabelText("Description"), "Window seat");
    await actor.selectOptions(within(dialog).getByLabelText("Priority"), "High");
    // 10:00 in Tokyo is 01:00 UTC.
    await actor.type(within(dialog).getByLabelText("Due Date"), "12/01/2026");
    await actor.type(within(dialog).getByLabelText("Due time (optional)"), "10:00 AM");
    expect(within(dialog).getByText("Time zone: Asia/Tokyo")).toBeInTheDocument();

    const tagInput = within(dialog).getByLabelText("Tags");
    await actor.type(tagInput, "travel{Enter}");
    await actor.type(tagInput, "family{Enter}");
    await actor.type(tagInput, "Travel{Enter}");
    expect(tagInput).toHaveValue("");
    const tagList = within(dialog).getByRole("list", { name: "Added tags" });
    expect(
      within(tagList)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["travel", "family"]);
    await actor.click(within(dialog).getByRole("button", { name: "Remove tag family" }));
    expect(within(dialog).queryByRole("button", { name: "Remove tag family" })).not.toBeInTheDocument();

    await actor.click(within(dialog).getByRole("button", { name: "Create Task" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(bodies).toEqual([
      {
        title: "Book flights",
        description: "Window seat",
        priority: "high",
        due_date: "2026-12-01T01:00:00.000Z",
        tags: ["travel"],
        remind_at: null,
      },
    ]);
    // The list is refetched: the new task shows, with its due date back in Tokyo time.
    const heading = await screen.findByRole("heading", { name: "Book flights" });
    expect(
      within(heading.closest("li")!).getByText(/^Dec 1, 2026, \d{1,2}:\d{2} [AP]M$/),
    ).toBeInTheDocument();
    expect(screen.getByText("2 tasks")).toBeInTheDocument();
  });

  it("reads 'Creating...' while the task is being created", async () => {
    const { release } = holdRequests("post", apiRoutes.createTask.path);
    const { user: actor, dialog } = await openCreateDialog();
    await actor.type(within(dialog).getByLabelText("Title"), "Book flights");
    await actor.click(within(dialog).getByRole("button", { name: "Create Task" }));
    expect(await within(dialog).findByRole("button", { name: "Creating..." })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("clears the form and the tags when closed", async () => {
    const { user: actor, dialog } = await openCreateDialog();
    await actor.type(within(dialog).getByLabelText("Title"), "Half-typed");
    await actor.type(within(dialog).getByLabelText("Tags"), "draft{Enter}");
    await actor.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    await actor.click(screen.getByRole("button", { name: "Create Task" }));
    const reopened = await screen.findByRole("dialog", { name: "Create New Task" });
    expect(within(reopened).getByLabelText("Title")).toHaveValue("");
    expect(within(reopened).queryByRole("button", { name: "Remove tag draft" })).not.toBeInTheDocument();
  });

  it("shows the 'Error' toast with the server's message, or 'Failed to create task', and stays open", async () => {
    server.use(http.post(apiRoutes.createTask.path, () => new HttpResponse(null, { status: 500 })));
    const { user: actor, dialog } = await openCreateDialog();
    await actor.type(within(dialog).getByLabelText("Title"), "Book flights");
    await actor.click(within(dialog).getByRole("button", { name: "Create Task" }));
    expect(await screen.findByText("Failed to create task")).toBeInTheDocument();
    expect(within(toastWith("Failed to create task")).getByText("Error")).toBeInTheDocument();

    server.use(
      http.post(apiRoutes.createTask.path, () =>
        HttpResponse.json({ message: "Too many tasks" }, { status: 400 }),
      ),
    );
    await actor.click(within(dialog).getByRole("button", { name: "Create Task" }));
    expect(await screen.findByText("Too many tasks")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Create New Task" })).toBeInTheDocument();
    expect(taskStore.all()).toHaveLength(1);
  });

  it("refreshes every task list (the dashboard counts its statistics from them) and the daily status after creating", async () => {
    const { user: actor, dialog, queryClient } = await openCreateDialog();
    queryClient.setQueryData(otherTaskList, []);
    queryClient.setQueryData(queryKeys.daily.status(), {});
    await actor.type(within(dialog).getByLabelText("Title"), "Book flights");
    await actor.click(within(dialog).getByRole("button", { name: "Create Task" }));
    await waitFor(() => {
      for (const key of [otherTaskList, queryKeys.daily.status()]) {
        expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
      }
    });
  });
});

describe("Edit Task dialog", () => {
  const task = buildTask({
    title: "Quarterly report",
    description: "Numbers for Q4",
    status: "in_progress",
    priority: "urgent",
    tags: ["work"],
    // 15:30 UTC is 00:30 the next day in Tokyo.
    due_date: "2026-12-01T15:30:00.000Z",
  });

  async function openEditDialog() {
    const view = await renderTasks(task);
    await view.user.click(screen.getByRole("button", { name: 'Edit "Quarterly report"' }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Task" });
    return { ...view, dialog };
  }

  it("shows the task with its due date converted into the user's time zone, and a Status field", async () => {
    const { dialog } = await openEditDialog();
    expect(dialog).toHaveClass("sm:max-w-[425px]");
    expect(within(dialog).getByLabelText("Title")).toHaveValue("Quarterly report");
    expect(within(dialog).getByLabelText("Description")).toHaveValue("Numbers for Q4");
    expect(within(dialog).getByLabelText("Priority")).toHaveDisplayValue("Urgent");
    expect(within(dialog).getByLabelText("Status")).toHaveDisplayValue("In Progress");
    expect(within(dialog).getByLabelText("Due Date")).toHaveValue("12/02/2026");
    expect(within(dialog).getByLabelText("Due time (optional)")).toHaveValue("12:30 AM");
    expect(within(dialog).getByRole("button", { name: "Remove tag work" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Save Changes" })).toBeInTheDocument();
  });

  it("saves only what changed, reading 'Saving...' meanwhile, and shows the result", async () => {
    const bodies = recordBodies("put", apiRoutes.updateTask.path);
    const { release } = holdRequests("put", apiRoutes.updateTask.path);
    const { user: actor, dialog } = await openEditDialog();
    await actor.selectOptions(within(dialog).getByLabelText("Status"), "Completed");
    const dueDate = within(dialog).getByLabelText("Due Date");
    await actor.clear(dueDate);
    await actor.type(dueDate, "12/03/2026");
    const dueTime = within(dialog).getByLabelText("Due time (optional)");
    await actor.clear(dueTime);
    await actor.type(dueTime, "9:00 AM");
    await actor.type(within(dialog).getByLabelText("Tags"), "finance{Enter}");
    await actor.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(await within(dialog).findByRole("button", { name: "Saving..." })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    expect(bodies).toEqual([
      { status: "completed", due_date: "2026-12-03T00:00:00.000Z", tags: ["work", "finance"] },
    ]);
    const heading = screen.getByRole("heading", { name: "Quarterly report" });
    expect(heading).toHaveClass("line-through");
    const card = heading.closest("li")!;
    expect(within(card).getByText("finance")).toBeInTheDocument();
    expect(within(card).getByText(/^Dec 3, 2026, \d{1,2}:\d{2} [AP]M$/)).toBeInTheDocument();
  });

  it("validates the title with 'Title is required'", async () => {
    const { user: actor, dialog } = await openEditDialog();
    await actor.clear(within(dialog).getByLabelText("Title"));
    await actor.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(await within(dialog).findByText("Title is required")).toBeInTheDocument();
  });

  it("shows the 'Error' toast 'Failed to update task' when saving fails without a message", async () => {
    server.use(http.put(apiRoutes.updateTask.path, () => new HttpResponse(null, { status: 500 })));
    const { user: actor, dialog } = await openEditDialog();
    await actor.type(within(dialog).getByLabelText("Title"), " (final)");
    await actor.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Failed to update task")).toBeInTheDocument();
    expect(within(toastWith("Failed to update task")).getByText("Error")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Edit Task" })).toBeInTheDocument();
  });

  it("shows the server's message in the 'Error' toast when saving is refused", async () => {
    server.use(
      http.put(apiRoutes.updateTask.path, () =>
        HttpResponse.json({ message: "title: too long" }, { status: 400 }),
      ),
    );
    const { user: actor, dialog } = await openEditDialog();
    await actor.type(within(dialog).getByLabelText("Title"), "!");
    await actor.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("title: too long")).toBeInTheDocument();
  });
});

describe("Repeat control", () => {
  async function openCreateDialog() {
    const view = await renderTasks(buildTask({ title: "Existing" }));
    await view.user.click(screen.getByRole("button", { name: "Create Task" }));
    const dialog = await screen.findByRole("dialog", { name: "Create New Task" });
    return { ...view, dialog };
  }

  it("offers Never, Daily, Weekdays, Weekly and Monthly on the due date's day, and Custom…", async () => {
    const { user: actor, dialog } = await openCreateDialog();
    const repeat = within(dialog).getByLabelText("Repeat");
    expect(repeat).toHaveDisplayValue("Never");
    // Tuesday 1 December 2026
    await actor.type(within(dialog).getByLabelText("Due Date"), "12/01/2026");
    expect(
      within(repeat)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual([
      "Never",
      "Daily",
      "Weekdays (Monday to Friday)",
      "Weekly on Tuesday",
      "Monthly on the 1st",
      "Custom…",
    ]);
  });

  it("creates a task repeating weekly on its due date's day, and shows the rule in words on its card", async () => {
    const bodies = recordBodies("post", apiRoutes.createTask.path);
    const { user: actor, dialog } = await openCreateDialog();
    await actor.type(within(dialog).getByLabelText("Title"), "Team standup notes");
    await actor.type(within(dialog).getByLabelText("Due Date"), "11/30/2026");
    await actor.selectOptions(within(dialog).getByLabelText("Repeat"), "Weekly on Monday");
    await actor.click(within(dialog).getByRole("button", { name: "Create Task" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(bodies).toEqual([expect.objectContaining({ recurrence: "FREQ=WEEKLY;BYDAY=MO" })]);
    const card = screen.getByRole("heading", { name: "Team standup notes" }).closest("li")!;
    expect(await within(card).findByText("every week on Monday")).toBeInTheDocument();
  });

  it("builds a custom rule from the interval and unit typed with the keyboard", async () => {
    const bodies = recordBodies("post", apiRoutes.createTask.path);
    const { user: actor, dialog } = await openCreateDialog();
    await actor.type(within(dialog).getByLabelText("Title"), "Change the filter");
    await actor.type(within(dialog).getByLabelText("Due Date"), "12/01/2026");
    await actor.selectOptions(within(dialog).getByLabelText("Repeat"), "Custom…");
    const every = within(dialog).getByLabelText("Repeat every");
    await actor.clear(every);
    await actor.type(every, "3");
    await actor.selectOptions(within(dialog).getByLabelText("Unit"), "months");
    await actor.click(within(dialog).getByRole("button", { name: "Create Task" }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ recurrence: "FREQ=MONTHLY;INTERVAL=3" });
  });

  it("says 'A repeating task needs a due date' and sends nothing without one", async () => {
    const bodies = recordBodies("post", apiRoutes.createTask.path);
    const { user: actor, dialog } = await openCreateDialog();
    await actor.type(within(dialog).getByLabelText("Title"), "Water the plants");
    await actor.selectOptions(within(dialog).getByLabelText("Repeat"), "Daily");
    await actor.click(within(dialog).getByRole("button", { name: "Create Task" }));
    expect(await within(dialog).findByText("A repeating task needs a due date")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Repeat")).toHaveAttribute("aria-invalid", "true");
    expect(bodies).toEqual([]);
  });

  it("shows a task's rule in the Edit dialog, keeps a rule it cannot show, and sends null for Never", async () => {
    const bodies = recordBodies("put", apiRoutes.updateTask.path);
    const weekly = buildTask({
      title: "Standup",
      due_date: "2026-11-30T00:00:00.000Z", // Monday 09:00 in Tokyo
      recurrence: "FREQ=WEEKLY;INTERVAL=2",
    });
    const lastFriday = buildTask({
      title: "Timesheet",
      due_date: "2026-11-27T08:00:00.000Z",
      recurrence: "FREQ=MONTHLY;BYDAY=-1FR",
    });
    const view = await renderTasks(weekly, lastFriday);
    await view.user.click(screen.getByRole("button", { name: 'Edit "Standup"' }));
    let dialog = await screen.findByRole("dialog", { name: "Edit Task" });
    expect(within(dialog).getByLabelText("Repeat")).toHaveDisplayValue("Custom…");
    expect(within(dialog).getByLabelText("Repeat every")).toHaveValue(2);
    expect(within(dialog).getByLabelText("Unit")).toHaveDisplayValue("weeks");
    await view.user.selectOptions(within(dialog).getByLabelText("Repeat"), "Never");
    await view.user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(bodies).toEqual([{ recurrence: null }]);

    await view.user.click(screen.getByRole("button", { name: 'Edit "Timesheet"' }));
    dialog = await screen.findByRole("dialog", { name: "Edit Task" });
    expect(within(dialog).getByLabelText("Repeat")).toHaveDisplayValue(
      "As before: every month on the last Friday",
    );
    await view.user.type(within(dialog).getByLabelText("Title"), "s");
    await view.user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ title: "Timesheets" });
  });
});

describe("'Remind me' in the task dialog", () => {
  async function renderAs(profile: ReturnType<typeof buildUser>, ...tasks: TaskJson[]) {
    taskStore.reset(tasks);
    const view = renderWithProviders(<TasksPage />, { user: profile, route: "/tasks" });
    await screen.findByText(tasks.length === 1 ? "1 task" : `${tasks.length} tasks`);
    return view;
  }

  it("starts at the user's default lead time and counts it back from the due time", async () => {
    const bodies = recordBodies("post", apiRoutes.createTask.path);
    const { user: actor } = await renderAs(
      buildUser({ timezone: "Asia/Tokyo", default_reminder_minutes: 30 }),
      buildTask({ title: "Existing" }),
    );
    await actor.click(screen.getByRole("button", { name: "Create Task" }));
    const dialog = await screen.findByRole("dialog", { name: "Create New Task" });
    const remindMe = within(dialog).getByLabelText("Remind me");
    expect(remindMe).toHaveDisplayValue("30 minutes before");
    await actor.type(within(dialog).getByLabelText("Title"), "Dentist");
    await actor.type(within(dialog).getByLabelText("Due Date"), "12/01/2026");
    // A date alone has no time to count from: the field says so.
    expect(remindMe).toHaveAccessibleDescription("A reminder before the due date needs a due time.");
    await actor.type(within(dialog).getByLabelText("Due time (optional)"), "10:00 AM");
    expect(remindMe).not.toHaveAccessibleDescription();
    await actor.selectOptions(remindMe, "1 hour before");
    await actor.click(within(dialog).getByRole("button", { name: "Create Task" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(bodies).toEqual([
      expect.objectContaining({ title: "Dentist", remind_at: "2026-12-01T00:00:00.000Z" }),
    ]);
  });

  it("takes a time of its own, in the user's zone, and asks for one when it is missing", async () => {
    const bodies = recordBodies("post", apiRoutes.createTask.path);
    const { user: actor } = await renderAs(
      buildUser({ timezone: "Asia/Tokyo" }),
      buildTask({ title: "Existing" }),
    );
    await actor.click(screen.getByRole("button", { name: "Create Task" }));
    const dialog = await screen.findByRole("dialog", { name: "Create New Task" });
    expect(within(dialog).getByLabelText("Remind me")).toHaveDisplayValue("No reminder");
    await actor.type(within(dialog).getByLabelText("Title"), "Call Grace");
    await actor.selectOptions(within(dialog).getByLabelText("Remind me"), "At a set time…");
    await actor.click(within(dialog).getByRole("button", { name: "Create Task" }));
    expect(await within(dialog).findByText("Choose when to be reminded")).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await actor.type(within(dialog).getByLabelText("Reminder time"), "12/01/2026");
    await actor.type(within(dialog).getByLabelText("Time to remind"), "9:15 AM");
    await actor.click(within(dialog).getByRole("button", { name: "Create Task" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(bodies).toEqual([
      expect.objectContaining({ title: "Call Grace", remind_at: "2026-12-01T00:15:00.000Z" }),
    ]);
  });

  it("shows a task's reminder when editing, and removes it with 'No reminder'", async () => {
    const bodies = recordBodies("put", apiRoutes.updateTask.path);
    const { user: actor } = await renderAs(
      buildUser({ timezone: "UTC" }),
      buildTask({
        title: "Renew the passport",
        due_date: "2026-12-01T09:00:00.000Z",
        remind_at: "2026-11-30T09:00:00.000Z",
      }),
    );
    await actor.click(screen.getByRole("button", { name: 'Edit "Renew the passport"' }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Task" });
    expect(within(dialog).getByLabelText("Remind me")).toHaveDisplayValue("1 day before");
    await actor.selectOptions(within(dialog).getByLabelText("Remind me"), "No reminder");
    await actor.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(bodies).toEqual([{ remind_at: null }]);
  });
});

describe("task time in the dialog and on the card", () => {
  it("creates a task with an estimate and a scheduled start read in the user's zone", async () => {
    const bodies = recordBodies("post", apiRoutes.createTask.path);
    const { user: actor } = await renderTasks();
    await actor.click(screen.getAllByRole("button", { name: "Create Task" })[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Create New Task" });
    await actor.type(within(dialog).getByLabelText("Title"), "Write the report");
    await actor.type(within(dialog).getByLabelText("Estimate (minutes)"), "45");
    await actor.type(within(dialog).getByLabelText("Scheduled"), "12/01/2026");
    await actor.type(within(dialog).getByLabelText("Scheduled time"), "10:00 AM");
    await actor.click(within(dialog).getByRole("button", { name: "Create Task" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    expect(bodies).toEqual([
      expect.objectContaining({
        title: "Write the report",
        duration_minutes: 45,
        // 10:00 in Tokyo.
        scheduled_start: "2026-12-01T01:00:00.000Z",
      }),
    ]);
    const card = screen.getByRole("heading", { name: "Write the report" }).closest("li")!;
    expect(within(card).getByText("45 min")).toBeInTheDocument();
    expect(within(card).getByText("Tue 10:00 AM")).toBeInTheDocument();
  });

  it("refuses an estimate outside 5 to 720 minutes", async () => {
    const bodies = recordBodies("post", apiRoutes.createTask.path);
    const { user: actor } = await renderTasks();
    await actor.click(screen.getAllByRole("button", { name: "Create Task" })[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Create New Task" });
    await actor.type(within(dialog).getByLabelText("Title"), "Too long");
    await actor.type(within(dialog).getByLabelText("Estimate (minutes)"), "800");
    await actor.click(within(dialog).getByRole("button", { name: "Create Task" }));
    expect(
      await within(dialog).findByText("Enter whole minutes from 5 to 720, or leave it empty"),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it("shows a task's time when editing and sends only the estimate when only it changed, or null when cleared", async () => {
    const bodies = recordBodies("put", apiRoutes.updateTask.path);
    const { user: actor } = await renderTasks(
      buildTask({
        title: "Plan the week",
        duration_minutes: 30,
        scheduled_start: "2026-12-01T01:00:00.000Z",
      }),
    );
    await actor.click(screen.getByRole("button", { name: 'Edit "Plan the week"' }));
    let dialog = await screen.findByRole("dialog", { name: "Edit Task" });
    expect(within(dialog).getByLabelText("Estimate (minutes)")).toHaveValue(30);
    expect(within(dialog).getByLabelText("Scheduled")).toHaveValue("12/01/2026");
    expect(within(dialog).getByLabelText("Scheduled time")).toHaveValue("10:00 AM");
    const estimate = within(dialog).getByLabelText("Estimate (minutes)");
    await actor.clear(estimate);
    await actor.type(estimate, "60");
    await actor.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await actor.click(screen.getByRole("button", { name: 'Edit "Plan the week"' }));
    dialog = await screen.findByRole("dialog", { name: "Edit Task" });
    await actor.clear(within(dialog).getByLabelText("Scheduled"));
    await actor.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    expect(bodies).toEqual([{ duration_minutes: 60 }, { scheduled_start: null }]);
  });
});
