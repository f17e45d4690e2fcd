import { buildTask, buildUser } from "@mocks/fixtures";
import { projectStore } from "@mocks/handlers/projects";
import { taskStore } from "@mocks/handlers/tasks";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { renderApp } from "@/test/render-app";

const user = buildUser({ timezone: "UTC" });

function projectsNav() {
  return screen.getByRole("navigation", { name: "Projects" });
}

beforeEach(() => {
  projectStore.reset([
    { id: "p-home", name: "Home", color: "green" },
    { id: "p-old", name: "Old stuff", archived: true },
  ]);
  taskStore.reset([
    buildTask({ id: "tap", title: "Fix the tap", project_id: "p-home" }),
    buildTask({ id: "paint", title: "Buy paint", project_id: "p-home", status: "completed" }),
    buildTask({ id: "mail", title: "Answer mail" }),
  ]);
});

describe("Projects", () => {
  it("lists the projects not archived in the sidebar with their open-task counts", async () => {
    await renderApp("/tasks", { user });
    const nav = projectsNav();
    await within(nav).findByRole("link", { name: /Home/ });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((link) => [link.textContent, link.getAttribute("href")]),
    ).toEqual([
      ["Inbox1 open task", "/projects/project-inbox"],
      ["Home1 open task", "/projects/p-home"],
    ]);
  });

  it("creates a project with a colour from the palette and opens its page", async () => {
    const { user: actor } = await renderApp("/tasks", { user });
    await actor.click(within(projectsNav()).getByRole("button", { name: "New project" }));
    const dialog = await screen.findByRole("dialog", { name: "New project" });
    await actor.click(within(dialog).getByRole("button", { name: "Create project" }));
    expect(within(dialog).getByText("Name is required")).toBeInTheDocument();
    await actor.type(within(dialog).getByRole("textbox", { name: "Name" }), "Garden");
    await actor.click(within(dialog).getByRole("radio", { name: "Teal" }));
    await actor.click(within(dialog).getByRole("button", { name: "Create project" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Garden" })).toBeInTheDocument();
    expect(projectStore.all().find((project) => project.name === "Garden")?.color).toBe("teal");
  });

  it("says so when the name is taken", async () => {
    const { user: actor } = await renderApp("/tasks", { user });
    await actor.click(within(projectsNav()).getByRole("button", { name: "New project" }));
    const dialog = await screen.findByRole("dialog", { name: "New project" });
    await actor.type(within(dialog).getByRole("textbox", { name: "Name" }), "home");
    await actor.click(within(dialog).getByRole("button", { name: "Create project" }));
    expect(await screen.findByText("A project with this name already exists")).toBeInTheDocument();
  });

  it("shows only the project's tasks on its page, and creates new ones in it", async () => {
    const { user: actor } = await renderApp("/projects/p-home", { user });
    expect(await screen.findByRole("heading", { name: "Fix the tap" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Buy paint" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Answer mail" })).not.toBeInTheDocument();

    await actor.click(screen.getByRole("button", { name: "Create Task" }));
    const dialog = await screen.findByRole("dialog", { name: "Create New Task" });
    await within(dialog).findByRole("option", { name: "Home" });
    expect(within(dialog).getByRole("combobox", { name: "Project" })).toHaveValue("p-home");
    await actor.type(within(dialog).getByRole("textbox", { name: "Title" }), "Oil the hinges");
    await actor.click(within(dialog).getByRole("button", { name: "Create Task" }));
    await waitFor(() =>
      expect(taskStore.all().find((task) => task.title === "Oil the hinges")?.project_id).toBe("p-home"),
    );
  });

  it("renames and archives a project from its page", async () => {
    const { user: actor } = await renderApp("/projects/p-home", { user });
    await actor.click(await screen.findByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit project" });
    const name = within(dialog).getByRole("textbox", { name: "Name" });
    await actor.clear(name);
    await actor.type(name, "House");
    await actor.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("heading", { level: 1, name: "House" })).toBeInTheDocument();

    await actor.click(screen.getByRole("button", { name: "Archive" }));
    await waitFor(() =>
      expect(within(projectsNav()).queryByRole("link", { name: /House/ })).not.toBeInTheDocument(),
    );
    expect(screen.getByText("Archived")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Unarchive" })).toBeInTheDocument();
  });

  it("lists the archived projects under 'Archived' in the sidebar, and Unarchive brings one back", async () => {
    const { user: actor } = await renderApp("/tasks", { user });
    const folded = await within(projectsNav()).findByRole("button", { name: "Archived (1)" });
    expect(folded).toHaveAttribute("aria-expanded", "false");
    await actor.click(folded);
    const archived = within(projectsNav()).getByRole("list", { name: "Archived projects" });
    await actor.click(within(archived).getByRole("link", { name: "Old stuff" }));
    expect(await screen.findByRole("heading", { level: 1, name: /^Old stuff/ })).toBeInTheDocument();

    await actor.click(screen.getByRole("button", { name: "Unarchive" }));
    expect(await within(projectsNav()).findByRole("link", { name: /^Old stuff/ })).toHaveAttribute(
      "href",
      "/projects/p-old",
    );
    expect(within(projectsNav()).queryByRole("button", { name: /^Archived/ })).not.toBeInTheDocument();
  });

  it("deletes a project, moving its tasks to the Inbox, the confirmation naming how many", async () => {
    const { user: actor, router } = await renderApp("/projects/p-home", { user });
    await actor.click(await screen.findByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: 'Delete "Home"?' });
    expect(within(dialog).getByRole("radio", { name: "Move its 2 tasks to the Inbox" })).toBeChecked();
    await actor.click(within(dialog).getByRole("button", { name: "Delete project" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/tasks"));
    expect(taskStore.find("tap")?.project_id).toBe("project-inbox");
    expect(projectStore.find("p-home")).toBeUndefined();
  });

  it("deletes a project with its tasks when told to", async () => {
    const { user: actor } = await renderApp("/projects/p-home", { user });
    await actor.click(await screen.findByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: 'Delete "Home"?' });
    await actor.click(within(dialog).getByRole("radio", { name: "Delete its 2 tasks too" }));
    await actor.click(within(dialog).getByRole("button", { name: "Delete project and 2 tasks" }));
    await waitFor(() => expect(taskStore.all().map((task) => task.id)).toEqual(["mail"]));
  });

  it("offers neither delete nor archive on the Inbox", async () => {
    await renderApp("/projects/project-inbox", { user });
    expect(await screen.findByRole("heading", { level: 1, name: "Inbox" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Archive" })).not.toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Answer mail" })).toBeInTheDocument();
  });

  it("says so for an unknown project", async () => {
    await renderApp("/projects/nope", { user });
    expect(await screen.findByText("Project not found")).toBeInTheDocument();
  });
});
