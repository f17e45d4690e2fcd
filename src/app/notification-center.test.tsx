import { buildTask, buildUser } from "@mocks/fixtures";
import { buildNotification, notificationStore } from "@mocks/handlers/notifications";
import { taskStore } from "@mocks/handlers/tasks";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "@/test/render-app";

const user = buildUser();

describe("the notification bell", () => {
  it("shows no dot and says so when nothing is unread", async () => {
    notificationStore.reset([buildNotification({ read_at: "2026-11-21T10:01:00.000Z" })]);
    const { user: actor } = await renderApp("/profile", { user });

    const bell = await screen.findByRole("button", { name: "Notifications" });
    expect(within(bell).queryByTestId("unread-dot")).not.toBeInTheDocument();
    await actor.click(bell);
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: "Mark all as read" })).toHaveAttribute("data-disabled");
  });

  it("lists the newest notifications, each linking to what it is about, and marks all as read", async () => {
    notificationStore.reset([
      buildNotification({
        kind: "reminder",
        task_id: "task-42",
        text: "Reminder: Call the plumber",
        created_at: "2026-11-21T10:03:00.000Z",
      }),
      buildNotification({
        kind: "plan_ready",
        text: "Your daily plan is ready",
        created_at: "2026-11-21T10:02:00.000Z",
      }),
      buildNotification({
        kind: "email_tasks",
        text: '2 tasks created from the e-mail "Weekly sync"',
        created_at: "2026-11-21T10:01:00.000Z",
        read_at: "2026-11-21T10:05:00.000Z",
      }),
    ]);
    const { user: actor } = await renderApp("/profile", { user });

    await actor.click(await screen.findByRole("button", { name: "Notifications (2 unread)" }));
    const menu = await screen.findByRole("menu");
    const links = within(menu)
      .getAllByRole("menuitem")
      .filter((item) => item.tagName === "A");
    expect(
      links.map((link) => [
        link.textContent?.replace(/\d+ \w+ ago.*$/, "").trim(),
        link.getAttribute("href"),
      ]),
    ).toEqual([
      ["Reminder: Call the plumber", "/tasks?task=task-42"],
      ["Your daily plan is ready", "/daily"],
      ['2 tasks created from the e-mail "Weekly sync"', "/tasks?tag=email"],
    ]);
    expect(within(links[0]!).getByText(", unread")).toBeInTheDocument();

    await actor.click(within(menu).getByRole("menuitem", { name: "Mark all as read" }));
    const bell = await screen.findByRole("button", { name: "Notifications" });
    expect(within(bell).queryByTestId("unread-dot")).not.toBeInTheDocument();
    expect(notificationStore.all().every((item) => item.read_at !== null)).toBe(true);
  });

  it("opens a reminded task's Edit dialog, reading the notification", async () => {
    taskStore.reset([buildTask({ id: "task-7", title: "Renew the passport" })]);
    notificationStore.reset([buildNotification({ task_id: "task-7", text: "Reminder: Renew the passport" })]);
    const { user: actor, router, settled } = await renderApp("/dashboard", { user });

    await actor.click(await screen.findByRole("button", { name: "Notifications (1 unread)" }));
    await actor.click(await screen.findByRole("menuitem", { name: /Reminder: Renew the passport/ }));
    await settled();

    const dialog = await screen.findByRole("dialog", { name: "Edit Task" });
    expect(within(dialog).getByLabelText("Title")).toHaveValue("Renew the passport");
    await waitFor(() => expect(router.state.location.search).toBe(""));
    await waitFor(() => expect(notificationStore.all()[0]?.read_at).not.toBeNull());
  });

  it("keeps the Edit dialog open when the task list was already on screen", async () => {
    taskStore.reset([buildTask({ id: "task-9", title: "Book the venue" })]);
    notificationStore.reset([buildNotification({ task_id: "task-9", text: "Reminder: Book the venue" })]);
    const { user: actor } = await renderApp("/tasks", { user });
    await screen.findByRole("heading", { name: "Book the venue" });

    await actor.click(await screen.findByRole("button", { name: "Notifications (1 unread)" }));
    await actor.click(await screen.findByRole("menuitem", { name: /Reminder: Book the venue/ }));

    const dialog = await screen.findByRole("dialog", { name: "Edit Task" });
    await waitFor(() => expect(within(dialog).getByLabelText("Title")).toHaveFocus());
    expect(screen.getByRole("dialog", { name: "Edit Task" })).toBeInTheDocument();
  });

  it("finds a task newer than the list already loaded", async () => {
    taskStore.reset([]);
    notificationStore.reset([]);
    const { user: actor } = await renderApp("/tasks", { user });
    await screen.findByText("No tasks found");
    // Meanwhile a task with a reminder was made elsewhere, and its reminder rang.
    taskStore.reset([buildTask({ id: "task-10", title: "Fresh from e-mail" })]);
    notificationStore.reset([buildNotification({ task_id: "task-10", text: "Reminder: Fresh from e-mail" })]);

    await actor.click(await screen.findByRole("button", { name: "Notifications" }));
    await actor.click(await screen.findByRole("menuitem", { name: /Reminder: Fresh from e-mail/ }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Task" });
    expect(within(dialog).getByLabelText("Title")).toHaveValue("Fresh from e-mail");
  });

  it("works from the keyboard: open with Enter, move with the arrows, follow with Enter", async () => {
    taskStore.reset([buildTask({ id: "task-8", title: "Water the plants" })]);
    notificationStore.reset([buildNotification({ task_id: "task-8", text: "Reminder: Water the plants" })]);
    const { user: actor, settled } = await renderApp("/profile", { user });

    const bell = await screen.findByRole("button", { name: "Notifications (1 unread)" });
    bell.focus();
    await actor.keyboard("{Enter}");
    await screen.findByRole("menu");
    await actor.keyboard("{ArrowDown}");
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/Reminder: Water the plants/));
    await actor.keyboard("{Enter}");
    await settled();
    expect(await screen.findByRole("dialog", { name: "Edit Task" })).toBeInTheDocument();
  });
});
