import { buildTask, buildUser } from "@mocks/fixtures";
import { taskStore } from "@mocks/handlers/tasks";
import { act, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { renderApp } from "@/test/render-app";

const ada = buildUser({ first_name: "Ada", username: "ada" });

function statValue(title: string): string | null | undefined {
  return within(screen.getByRole("group", { name: title })).queryByText(/^\d+$/)?.textContent;
}

beforeEach(() => {
  taskStore.reset();
});

describe("/dashboard (spec §2)", () => {
  it("composes greeting, stat cards, the Email Auto Parser card and the empty state leading to /tasks", async () => {
    const { user, settled } = await renderApp("/dashboard", { user: ada });
    expect(screen.getByRole("heading", { level: 1, name: /, Ada$/ })).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Go to Tasks" })).toBeInTheDocument();
    expect(statValue("Total Tasks")).toBe("0");
    expect(screen.getByText("Email Auto Parser")).toBeInTheDocument();

    await user.click(screen.getByRole("link", { name: "Go to Tasks" }));
    await settled();
    expect(screen.getByRole("heading", { level: 1, name: "Tasks" })).toBeInTheDocument();
    expect(await screen.findByText("Get started by creating your first task")).toBeInTheDocument();
  });

  it("follows a change made on the Tasks screen", async () => {
    taskStore.reset([buildTask({ title: "Water plants" }), buildTask({ title: "Pay rent" })]);
    const { user, router, settled } = await renderApp("/dashboard", { user: ada });
    expect(await screen.findByText("0%")).toBeInTheDocument();
    expect(statValue("Pending")).toBe("2");

    await act(() => router.navigate("/tasks"));
    await settled();
    await user.click(await screen.findByRole("checkbox", { name: 'Mark "Water plants" as completed' }));
    await act(() => router.navigate("/dashboard"));
    await settled();

    expect(await screen.findByText("50%")).toBeInTheDocument();
    expect(statValue("Completed")).toBe("1");
    expect(statValue("Pending")).toBe("1");
  });
});
