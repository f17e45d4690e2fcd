import { buildTask, buildUser } from "@mocks/fixtures";
import { projectStore } from "@mocks/handlers/projects";
import { sharingStore } from "@mocks/handlers/sharing";
import { taskStore } from "@mocks/handlers/tasks";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { renderApp } from "@/test/render-app";

const user = buildUser({ timezone: "UTC" });
const BOB = { id: "user-2", username: "bob" };
const CARA = { id: "user-3", username: "cara", email: "cara@example.com" };

beforeEach(() => {
  projectStore.reset([
    { id: "p-home", name: "Home", color: "green" },
    { id: "p-trip", name: "Trip", role: "viewer", owner: BOB, member_count: 1 },
  ]);
  taskStore.reset([
    buildTask({ id: "tap", title: "Fix the tap", project_id: "p-home" }),
    buildTask({ id: "tickets", title: "Book the tickets", project_id: "p-trip" }),
  ]);
  sharingStore.reset({
    accounts: [CARA],
    members: { "p-trip": [{ user: { id: "user-1", username: "ada" }, role: "viewer", pending: false }] },
    activity: {
      "p-trip": [
        {
          actor: BOB,
          kind: "status_changed",
          task_id: "tickets",
          task_title: "Book the tickets",
          at: "2026-11-21T09:00:00.000Z",
          from: "pending",
          to: "completed",
        },
      ],
    },
  });
});

describe("Sharing a project", () => {
  it("invites an account by e-mail with a role, then changes the role and removes the member", async () => {
    const { user: actor } = await renderApp("/projects/p-home", { user });
    await actor.click(await screen.findByRole("button", { name: "Share" }));
    const dialog = await screen.findByRole("dialog", { name: 'Share "Home"' });
    const people = await within(dialog).findByRole("list", { name: "People with access" });
    expect(within(people).getByText("Owner")).toBeInTheDocument();

    await actor.type(within(dialog).getByRole("textbox", { name: "Username or e-mail" }), "cara@example.com");
    await actor.selectOptions(within(dialog).getByRole("combobox", { name: "Role" }), "Viewer");
    await actor.click(within(dialog).getByRole("button", { name: "Invite" }));
    expect(await screen.findByText("Invitation sent")).toBeInTheDocument();
    expect(await within(people).findByText("Invited")).toBeInTheDocument();
    const role = within(people).getByRole("combobox", { name: "Role of cara" });
    expect(role).toHaveValue("viewer");

    await actor.selectOptions(role, "Admin");
    await expect
      .poll(() => within(people).getByRole("combobox", { name: "Role of cara" }))
      .toHaveValue("admin");
    await actor.click(within(people).getByRole("button", { name: "Remove cara" }));
    expect(await screen.findByText("cara was removed")).toBeInTheDocument();
    expect(within(people).queryByText("cara")).not.toBeInTheDocument();
  });

  it("says so when no account has that username or e-mail", async () => {
    const { user: actor } = await renderApp("/projects/p-home", { user });
    await actor.click(await screen.findByRole("button", { name: "Share" }));
    const dialog = await screen.findByRole("dialog", { name: 'Share "Home"' });
    await actor.type(within(dialog).getByRole("textbox", { name: "Username or e-mail" }), "nobody");
    await actor.click(within(dialog).getByRole("button", { name: "Invite" }));
    expect(await screen.findByText("No account with this username or e-mail")).toBeInTheDocument();
  });

  it("shows a viewer the role in the sidebar and heading, no editing, and lets them leave", async () => {
    const { user: actor, router } = await renderApp("/projects/p-trip", { user });
    const link = within(screen.getByRole("navigation", { name: "Projects" })).getByRole("link", {
      name: /Trip/,
    });
    expect(link).toHaveTextContent("Shared with you as Viewer");
    expect(await screen.findByText(/shared by bob, you are viewer/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Create Task" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();

    await actor.click(screen.getByRole("button", { name: /Members/ }));
    const dialog = await screen.findByRole("dialog", { name: 'Share "Trip"' });
    expect(within(dialog).queryByRole("textbox", { name: "Username or e-mail" })).not.toBeInTheDocument();
    await actor.click(within(dialog).getByRole("button", { name: "Leave project" }));
    expect(await screen.findByText('You left "Trip"')).toBeInTheDocument();
    await expect.poll(() => router.state.location.pathname).toBe("/tasks");
  });

  it("shows a shared project's activity once unfolded", async () => {
    const { user: actor } = await renderApp("/projects/p-trip", { user });
    await actor.click(await screen.findByText("Activity"));
    const feed = await screen.findByRole("list", { name: "Activity in Trip" });
    expect(feed).toHaveTextContent('bob completed "Book the tickets"');
  });
});
