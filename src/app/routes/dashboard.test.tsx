import { apiRoutes } from "@contract/routes";
import { buildTask, buildUser } from "@mocks/fixtures";
import { currentAccount, seedAccount } from "@mocks/handlers/account";
import { taskStore } from "@mocks/handlers/tasks";
import { server } from "@mocks/server";
import { act, cleanup, screen, within } from "@testing-library/react";
import { http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "@/test/render-app";

const ada = buildUser({ first_name: "Ada", username: "ada" });

function statValue(title: string): string | null | undefined {
  return within(screen.getByRole("group", { name: title })).queryByText(/^\d+$/)?.textContent;
}

beforeEach(() => {
  taskStore.reset();
});

describe("/dashboard", () => {
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

describe("/dashboard: figures from the server's counts", () => {
  it("shows the statistics the server counted, without downloading the task list", async () => {
    taskStore.reset([
      buildTask({ title: "Water plants" }),
      ...Array.from({ length: 3 }, () => buildTask({ status: "completed" })),
    ]);
    const lists: string[] = [];
    server.use(
      http.get(apiRoutes.listTasks.path, ({ request }) => {
        lists.push(request.url);
      }),
    );
    await renderApp("/dashboard", { user: ada });
    expect(await screen.findByText("75%")).toBeInTheDocument();
    expect(statValue("Total Tasks")).toBe("4");
    expect(statValue("Completed")).toBe("3");
    expect(lists).toEqual([]);
  });
});

describe("/dashboard: the one-time timezone offer", () => {
  // A browser in Berlin, an account still in the default UTC.
  beforeEach(() => vi.stubEnv("TZ", "Europe/Berlin"));
  afterEach(() => vi.unstubAllEnvs());

  it("offers the browser's zone; Apply saves it and the offer does not come back", async () => {
    seedAccount(ada);
    const { user } = await renderApp("/dashboard", { user: ada });
    const offer = screen.getByRole("region", { name: "Use Europe/Berlin as your timezone?" });

    await user.click(within(offer).getByRole("button", { name: "Apply" }));

    expect(await screen.findByText("Dates now follow Europe/Berlin.")).toBeInTheDocument();
    expect(currentAccount().user.timezone).toBe("Europe/Berlin");
    expect(screen.queryByRole("region", { name: /as your timezone\?$/ })).not.toBeInTheDocument();
  });

  it("'Keep UTC' leaves the timezone as it is and is remembered", async () => {
    seedAccount(ada);
    const { user } = await renderApp("/dashboard", { user: ada });
    await user.click(screen.getByRole("button", { name: "Keep UTC" }));
    expect(screen.queryByRole("region", { name: /as your timezone\?$/ })).not.toBeInTheDocument();
    expect(currentAccount().user.timezone).toBe("UTC");

    cleanup();
    await renderApp("/dashboard", { user: ada });
    expect(screen.getByRole("heading", { level: 1, name: /, Ada$/ })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: /as your timezone\?$/ })).not.toBeInTheDocument();
  });

  it("does not offer anything when the browser's zone is the saved one", async () => {
    await renderApp("/dashboard", { user: buildUser({ first_name: "Ada", timezone: "Europe/Berlin" }) });
    expect(screen.getByRole("heading", { level: 1, name: /, Ada$/ })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: /as your timezone\?$/ })).not.toBeInTheDocument();
  });
});
