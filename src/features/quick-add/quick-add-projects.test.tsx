import { apiRoutes } from "@contract/routes";
import { projectNameKey } from "@contract/projects";
import type { ParseTaskResponse } from "@contract/quick-add";
import { buildUser } from "@mocks/fixtures";
import { projectStore } from "@mocks/handlers/projects";
import { taskStore } from "@mocks/handlers/tasks";
import { server } from "@mocks/server";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { renderWithProviders } from "@/test/render";
import { pastedLines } from "./quick-add-text";
import { QuickAdd } from "./quick-add";

/** A stand-in for the server's reader of `+Name`: the projects fake says which names are known. */
function fakeReading(text: string): ParseTaskResponse {
  const match = /\+(\S+)/.exec(text);
  const known = match
    ? projectStore.all().find((project) => projectNameKey(project.name) === projectNameKey(match[1]!))
    : undefined;
  return {
    title: text.replace(/\+\S+/, "").replace(/\s+/g, " ").trim(),
    priority: null,
    due_date: null,
    tags: [],
    recurrence: null,
    project_id: known?.id ?? null,
    project_name: match && !known ? match[1]! : null,
    duration_minutes: null,
    spans: match ? [{ start: match.index, end: match.index + match[0].length, kind: "project" }] : [],
  };
}

beforeEach(() => {
  taskStore.reset();
  projectStore.reset([{ id: "p-home", name: "Home" }]);
  server.use(
    http.post(apiRoutes.parseTask.path, async ({ request }) => {
      const { text } = (await request.json()) as { text: string };
      return HttpResponse.json(fakeReading(text));
    }),
  );
});

describe("Quick add: projects and pasted lists", () => {
  it("shows the project a known +Name picks and creates the task in it", async () => {
    const { user } = renderWithProviders(<QuickAdd />, { user: buildUser() });
    const field = screen.getByRole("textbox", { name: "Quick add" });
    await user.type(field, "Fix the tap +home");
    expect(await screen.findByText("Project: Home")).toBeInTheDocument();
    await user.keyboard("{Enter}");
    await waitFor(() =>
      expect(taskStore.all().map((task) => [task.title, task.project_id])).toEqual([
        ["Fix the tap", "p-home"],
      ]),
    );
  });

  it("says an unknown +Name is a new project, and Enter creates it with the task in it", async () => {
    const { user } = renderWithProviders(<QuickAdd />, { user: buildUser() });
    await user.type(screen.getByRole("textbox", { name: "Quick add" }), "Buy paint +Garden");
    expect(await screen.findByText("New project: Garden (created with the task)")).toBeInTheDocument();
    await user.keyboard("{Enter}");
    expect(await screen.findByText('Task created in the new project "Garden"')).toBeInTheDocument();
    const garden = projectStore.all().find((project) => project.name === "Garden");
    expect(taskStore.all().map((task) => [task.title, task.project_id])).toEqual([["Buy paint", garden?.id]]);
  });

  it("puts tasks typed on a project's page in that project", async () => {
    const { user } = renderWithProviders(<QuickAdd projectId="p-home" />, { user: buildUser() });
    await user.type(screen.getByRole("textbox", { name: "Quick add" }), "Water plants{Enter}");
    await waitFor(() => expect(taskStore.all()[0]?.project_id).toBe("p-home"));
  });

  it("offers one task per pasted line, indentation making subtasks", async () => {
    const { user } = renderWithProviders(<QuickAdd />, { user: buildUser() });
    const field = screen.getByRole("textbox", { name: "Quick add" });
    fireEvent.paste(field, {
      clipboardData: {
        getData: () => "Move house\n  - Pack books\n  - Book van\n    Compare prices\nCall mum",
      },
    });
    expect(await screen.findByText("Add 5 tasks, one per line?")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add 5 tasks" }));

    await waitFor(() => expect(taskStore.all()).toHaveLength(5));
    const byTitle = new Map(taskStore.all().map((task) => [task.title, task]));
    expect(byTitle.get("Pack books")?.parent_id).toBe(byTitle.get("Move house")?.id);
    expect(byTitle.get("Compare prices")?.parent_id).toBe(byTitle.get("Book van")?.id);
    expect(byTitle.get("Call mum")?.parent_id).toBeNull();
    expect(await screen.findByText("5 tasks created")).toBeInTheDocument();
  });
});

describe("pastedLines", () => {
  it("reads indentation as levels, never more than one deeper than the line above, at most four", () => {
    expect(pastedLines("a\n\t\t\tb\n  c\nd", 4)).toEqual([
      { text: "a", depth: 0 },
      { text: "b", depth: 1 },
      { text: "c", depth: 1 },
      { text: "d", depth: 0 },
    ]);
    expect(pastedLines("a\n b\n  c\n   d\n    e", 4).map((line) => line.depth)).toEqual([0, 1, 2, 3, 3]);
    expect(pastedLines("1. one\n2) two\n[ ] three\n\n", 4).map((line) => line.text)).toEqual([
      "one",
      "two",
      "three",
    ]);
  });
});
