import { buildTask, buildUser } from "@mocks/fixtures";
import { taskStore } from "@mocks/handlers/tasks";
import { server } from "@mocks/server";
import { apiRoutes } from "@contract/routes";
import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { env } from "@/config/env";
import { renderWithProviders } from "@/test/render";
import { DashboardHeader } from "./dashboard-header";
import { EmailParserCard } from "./email-parser-card";
import { TaskProgressCard } from "./task-progress-card";
import { TaskStatCards } from "./task-stat-cards";

vi.setConfig({ testTimeout: 20_000 });

const ada = buildUser({ first_name: "Ada", username: "ada", is_premium: false });

function statValue(title: string): string | null | undefined {
  return within(screen.getByRole("group", { name: title })).queryByText(/^\d+$/)?.textContent;
}

async function findToast(text: string): Promise<HTMLElement> {
  const item = (await screen.findByText(text)).closest("li[data-sonner-toast]");
  if (!(item instanceof HTMLElement)) throw new Error(`No toast ${text}`);
  return item;
}

beforeEach(() => {
  taskStore.reset();
});

describe("Dashboard header", () => {
  afterEach(() => vi.useRealTimers());

  function at(hours: number) {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 10, 20, hours, 30));
  }

  it("greets by the local time of day and the first name", () => {
    at(9);
    renderWithProviders(<DashboardHeader />, { user: ada });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Good morning, Ada");
  });

  it("uses the username when there is no first name", () => {
    at(15);
    renderWithProviders(<DashboardHeader />, { user: buildUser({ first_name: null, username: "lovelace" }) });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Good afternoon, lovelace");
  });

  it("says 'there' without a first name or username", () => {
    at(20);
    renderWithProviders(<DashboardHeader />, { user: buildUser({ first_name: "", username: "" }) });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Good evening, there");
  });

  it("links 'AI Extract' to /extract", () => {
    renderWithProviders(<DashboardHeader />, { user: ada });
    expect(screen.getByRole("link", { name: "AI Extract" })).toHaveAttribute("href", "/extract");
  });

  it("shows a Free badge and an 'Upgrade to Premium' button whose toast is 'Premium Upgrade'", async () => {
    const { user } = renderWithProviders(<DashboardHeader />, { user: ada });
    expect(screen.getByText("Free")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Upgrade to Premium" }));
    const upgrade = await findToast("Premium Upgrade");
    expect(
      within(upgrade).getByText("Please contact the administrator to upgrade to Premium."),
    ).toBeInTheDocument();
  });

  it("shows a Premium badge and no upgrade button to premium users", () => {
    renderWithProviders(<DashboardHeader />, { user: buildUser({ is_premium: true }) });
    expect(screen.getByText("Premium")).toBeInTheDocument();
    expect(screen.queryByText("Free")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Upgrade to Premium" })).not.toBeInTheDocument();
  });
});

describe("Stat cards and Progress card", () => {
  function renderStats() {
    return renderWithProviders(
      <>
        <TaskStatCards />
        <TaskProgressCard />
      </>,
      { user: ada },
    );
  }

  it("counts Total Tasks, Completed, In Progress and Pending from the full task list", async () => {
    taskStore.reset([
      buildTask({ status: "completed" }),
      buildTask({ status: "completed" }),
      buildTask({ status: "in_progress" }),
      buildTask({ status: "pending" }),
      buildTask({ status: "pending" }),
      buildTask({ status: "pending", due_date: "2020-01-01T00:00:00.000Z" }),
      buildTask({ status: "cancelled" }),
    ]);
    renderStats();
    expect(await screen.findByText("29%")).toBeInTheDocument();
    expect(statValue("Total Tasks")).toBe("7");
    expect(statValue("Completed")).toBe("2");
    expect(statValue("In Progress")).toBe("1");
    expect(statValue("Pending")).toBe("3");
  });

  it("shows the completion rate and what remains (pending plus in progress)", async () => {
    taskStore.reset([
      buildTask({ status: "completed" }),
      buildTask({ status: "in_progress" }),
      buildTask({ status: "pending" }),
      buildTask({ status: "pending" }),
    ]);
    renderStats();
    expect(await screen.findByText("Progress")).toBeInTheDocument();
    expect(await screen.findByText("25%")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Completion rate" })).toHaveAttribute(
      "aria-valuenow",
      "25",
    );
    expect(screen.getByText("1 of 4 completed · 3 remaining")).toBeInTheDocument();
  });

  it("shows the empty state with 'Go to Tasks' when there are no tasks", async () => {
    renderStats();
    const goToTasks = await screen.findByRole("link", { name: "Go to Tasks" });
    expect(goToTasks).toHaveAttribute("href", "/tasks");
    expect(screen.getByText("No tasks yet")).toBeInTheDocument();
    expect(statValue("Total Tasks")).toBe("0");
    expect(screen.queryByText("Progress")).not.toBeInTheDocument();
  });

  it("reads a 404 as no tasks", async () => {
    server.use(
      http.get(apiRoutes.listTasks.path, () => HttpResponse.json({ message: "Not found" }, { status: 404 })),
    );
    renderStats();
    expect(await screen.findByRole("link", { name: "Go to Tasks" })).toBeInTheDocument();
  });

  it("says 'Failed to load tasks. Please try again.' with the server's message when the statistics cannot load", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      server.use(
        http.get(apiRoutes.taskStats.path, () =>
          HttpResponse.json({ message: "Maintenance" }, { status: 503 }),
        ),
      );
      renderStats();
      for (let second = 0; second < 15 && !screen.queryByText("Maintenance"); second++) {
        await vi.advanceTimersByTimeAsync(1_000);
      }
      expect(await screen.findByText("Failed to load tasks. Please try again.")).toBeInTheDocument();
      expect(screen.getByText("Maintenance")).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("Email Auto Parser card", () => {
  it("shows the personal address and explains what mail to it does", () => {
    renderWithProviders(<EmailParserCard />, { user: ada });
    expect(screen.getByText("Email Auto Parser")).toBeInTheDocument();
    expect(screen.getByText(`ada@${env.mailDomain}`)).toBeInTheDocument();
    expect(screen.getByText(/send or forward e-mails to your personal address/i)).toHaveTextContent(
      /AI extracts the relevant information/,
    );
  });

  it("lets the address wrap only before the '@' and the dots, and says whose mail becomes tasks", () => {
    renderWithProviders(<EmailParserCard />, { user: ada });
    const address = screen.getByText(`ada@${env.mailDomain}`);
    expect(address.innerHTML).toBe(`ada<wbr>${`@${env.mailDomain}`.replaceAll(".", "<wbr>.")}`);
    expect(
      screen.getByText(`Only mail sent from your account’s own address (${ada.email}) becomes tasks.`),
    ).toBeInTheDocument();
  });

  it("copies the address and confirms with 'Email copied!'", async () => {
    const { user } = renderWithProviders(<EmailParserCard />, { user: ada });
    await user.click(screen.getByRole("button", { name: "Copy email address" }));
    const copied = await findToast("Email copied!");
    expect(
      within(copied).getByText("Your personal email address has been copied to clipboard."),
    ).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(`ada@${env.mailDomain}`);
  });
});
