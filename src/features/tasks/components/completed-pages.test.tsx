import { apiRoutes } from "@contract/routes";
import { buildTask, buildUser } from "@mocks/fixtures";
import { taskStore } from "@mocks/handlers/tasks";
import { server } from "@mocks/server";
import { screen, within } from "@testing-library/react";
import { http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "@/test/render";
import { setUpTaskTests } from "../testing/msw-helpers";
import { TasksPage } from "./tasks-page";

// Sixty cards and two pages: slow on a shared machine.
vi.setConfig({ testTimeout: 60_000 });

const user = buildUser({ timezone: "UTC" });

/** Completed one an hour apart: "Done 1" the newest. */
function history(count: number) {
  return Array.from({ length: count }, (_, index) =>
    buildTask({
      title: `Done ${index + 1}`,
      status: "completed",
      completed_at: new Date(Date.UTC(2026, 10, 20, 12) - index * 3_600_000).toISOString(),
    }),
  );
}

/** The query strings of the list calls the screen makes. */
function listQueries(): string[] {
  const queries: string[] = [];
  server.use(
    http.get(apiRoutes.listTasks.path, ({ request }) => {
      queries.push(new URL(request.url).search);
    }),
  );
  return queries;
}

function shownTitles(): string[] {
  return within(screen.getByRole("list", { name: /tasks/i }))
    .getAllByRole("heading")
    .map((heading) => heading.textContent ?? "");
}

setUpTaskTests();

describe("Tasks screen: a long history of completed tasks", () => {
  it("shows the open tasks and the newest completed ones, and the rest a page at a time with 'Load more completed tasks'", async () => {
    taskStore.reset([buildTask({ title: "Open task" }), ...history(60)]);
    const queries = listQueries();
    const { user: clicker } = renderWithProviders(<TasksPage />, { user, route: "/tasks" });
    expect(await screen.findByRole("heading", { name: "Done 50" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Open task" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Done 51" })).not.toBeInTheDocument();
    expect(queries.some((query) => query.includes("order=completed_at") && !query.includes("after="))).toBe(
      true,
    );
    // The open tasks come without the completed ones; the history never comes whole.
    expect(queries.every((query) => query.includes("status="))).toBe(true);

    await clicker.click(screen.getByRole("button", { name: "Load more completed tasks" }));
    expect(await screen.findByRole("heading", { name: "Done 60" })).toBeInTheDocument();
    expect(queries.some((query) => query.includes("after="))).toBe(true);
    expect(screen.queryByRole("button", { name: "Load more completed tasks" })).not.toBeInTheDocument();
    expect(shownTitles()).toHaveLength(61);
  });

  it("asks for no completed task where the view shows none: Today", async () => {
    taskStore.reset([buildTask({ title: "Open task" }), ...history(3)]);
    const queries = listQueries();
    renderWithProviders(<TasksPage />, { user, route: "/tasks?view=today" });
    expect(await screen.findByText("No tasks found")).toBeInTheDocument();
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.some((query) => query.includes("order=completed_at"))).toBe(false);
  });

  it("finds an old completed task by a search the server runs on the whole history", async () => {
    taskStore.reset([
      buildTask({ title: "Open task" }),
      ...history(80),
      buildTask({ title: "Ancient receipt", status: "completed", completed_at: "2020-01-01T00:00:00.000Z" }),
    ]);
    renderWithProviders(<TasksPage />, { user, route: "/tasks?q=receipt" });
    expect(await screen.findByRole("heading", { name: "Ancient receipt" })).toBeInTheDocument();
  });
});
