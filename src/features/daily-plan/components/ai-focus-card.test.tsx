import type { GenerationStatusJson } from "@contract/daily";
import { apiRoutes } from "@contract/routes";
import { act, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildTask, buildUser } from "@mocks/fixtures";
import {
  buildDailyReport,
  buildDailyStatus,
  dailyStatusHandler,
  generationHandlers,
} from "@mocks/handlers/daily";
import { premiumLimitHandler } from "@mocks/handlers/premium";
import { server } from "@mocks/server";
import { useSessionStore } from "@/stores/session-store";
import { renderWithProviders } from "@/test/render";
import { useDailyPlanGenerationStore } from "@/stores/daily-plan-generation-store";
import { AiFocusCard } from "./ai-focus-card";
import { DailyPlanPage } from "./daily-plan-page";

const user = buildUser();

function renderCard() {
  return renderWithProviders(<AiFocusCard />, { user });
}

beforeEach(() => {
  useDailyPlanGenerationStore.getState().reset();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("Today's AI Focus", () => {
  it("shows 'Loading daily tasks...' while the status loads, then invites to generate", async () => {
    renderCard();
    expect(screen.getByText("Loading daily tasks...")).toBeInTheDocument();
    expect(
      await screen.findByText("Click 'Generate AI Tasks' to get your daily AI-prioritized tasks"),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Generate AI Tasks" })).toBeEnabled();
  });

  it("hides the button and shows the limit message when the AI limit is reached", async () => {
    server.use(
      dailyStatusHandler(
        buildDailyStatus({
          can_use_llm: false,
          llm_usage_info: { current_usage: 20, usage_limit: 20, usage_percentage: 100 },
        }),
      ),
    );
    renderCard();
    expect(
      await screen.findByText("Usage limit reached (20/20). Upgrade to Premium for unlimited AI tasks."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /AI Tasks/ })).not.toBeInTheDocument();
  });

  it("shows a repeating task's rule in words, as its card does", async () => {
    const report = buildDailyReport(1, 1);
    report.llm_prioritized_tasks[0] = {
      ...report.llm_prioritized_tasks[0]!,
      due_date: "2026-11-23T09:00:00.000Z",
      recurrence: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO",
    };
    server.use(
      dailyStatusHandler(
        buildDailyStatus({ cached_report: report, cache_age_hours: 1, cache_is_valid: true }),
      ),
    );
    renderCard();
    const words = await screen.findByText("every 2 weeks on Monday");
    expect(words.closest("span")).toHaveTextContent("Repeats every 2 weeks on Monday");
    expect(screen.getAllByText(/^Repeats/)).toHaveLength(1);
  });

  it("shows 'No tasks scheduled for today' when there is no AI access and no plan", async () => {
    server.use(dailyStatusHandler(buildDailyStatus({ can_use_llm: false })));
    renderCard();
    expect(await screen.findByText("No tasks scheduled for today")).toBeInTheDocument();
  });

  it("shows a cached plan: at most 3 priorities and 2 other tasks, the cache age and 'Regenerate AI Tasks'", async () => {
    const report = buildDailyReport(5, 4);
    report.llm_prioritized_tasks[0] = {
      ...report.llm_prioritized_tasks[0]!,
      status: "in_progress",
      due_date: "2026-12-01T10:00:00.000Z",
    };
    server.use(
      dailyStatusHandler(
        buildDailyStatus({ cached_report: report, cache_age_hours: 3.7, cache_is_valid: true }),
      ),
    );
    renderCard();
    expect(await screen.findByText("Cached 3h ago")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Regenerate AI Tasks" })).toBeInTheDocument();
    const priorities = within(screen.getByRole("region", { name: "AI priorities" }));
    expect(priorities.getAllByRole("listitem")).toHaveLength(3);
    expect(priorities.getByText("Priority 1")).toBeInTheDocument();
    expect(priorities.getByText("Why 1")).toBeInTheDocument();
    expect(priorities.getByText("in progress")).toBeInTheDocument();
    expect(priorities.getAllByText("High")).toHaveLength(3);
    expect(priorities.getByText("Dec 1, 2026")).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Other tasks" })).getAllByRole("listitem")).toHaveLength(
      2,
    );
    expect(screen.queryByText("Not up-to-date")).not.toBeInTheDocument();
  });

  it("marks an outdated plan 'Not up-to-date' with a hint to regenerate", async () => {
    server.use(
      dailyStatusHandler(
        buildDailyStatus({
          cached_report: buildDailyReport(1, 0),
          cache_age_hours: 1,
          cache_is_valid: false,
        }),
      ),
    );
    renderCard();
    expect(await screen.findByText("Not up-to-date")).toBeInTheDocument();
    expect(screen.getByText(/may be outdated/)).toBeInTheDocument();
  });

  it("disables the button while the status is being fetched", async () => {
    let release: () => void = () => undefined;
    server.use(
      http.get(apiRoutes.dailyStatus.path, async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json(buildDailyStatus());
      }),
    );
    renderCard();
    expect(screen.queryByRole("button", { name: "Generate AI Tasks" })).not.toBeInTheDocument();
    await waitFor(() => expect(release).toBeTypeOf("function"));
    act(() => release());
    expect(await screen.findByRole("button", { name: "Generate AI Tasks" })).toBeEnabled();
  });
});

describe("generating the plan", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  function scriptPolls(answers: GenerationStatusJson[]) {
    let polls = 0;
    server.use(
      ...generationHandlers("request-42", () => {
        const answer = answers[Math.min(polls, answers.length - 1)]!;
        polls += 1;
        return answer;
      }),
    );
    return () => polls;
  }

  it("polls every 1.5 s, shows the result when completed and refetches the status", async () => {
    let statusCalls = 0;
    const report = buildDailyReport(2, 1);
    server.use(
      dailyStatusHandler(() => {
        statusCalls += 1;
        return statusCalls === 1
          ? buildDailyStatus()
          : buildDailyStatus({ cached_report: report, cache_age_hours: 0, cache_is_valid: true });
      }),
    );
    const polls = scriptPolls([
      { status: "queued", result: null, error: null },
      { status: "running", result: null, error: null },
      { status: "completed", result: report, error: null },
    ]);
    server.use(premiumLimitHandler({ current_usage: 4, usage_limit: 20 }));
    const { user: actor } = renderCard();
    await actor.click(await screen.findByRole("button", { name: "Generate AI Tasks" }));
    expect(await screen.findByText("AI is analyzing your tasks...")).toBeInTheDocument();
    expect(screen.getByText(/30-60 seconds/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Generate AI Tasks" })).toBeDisabled();
    await waitFor(() => expect(polls()).toBe(1));

    await act(() => vi.advanceTimersByTimeAsync(1_500));
    await waitFor(() => expect(polls()).toBe(2));
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    await waitFor(() => expect(polls()).toBe(3));

    expect(await screen.findByText("Priority 1")).toBeInTheDocument();
    expect(screen.queryByText("AI is analyzing your tasks...")).not.toBeInTheDocument();
    await waitFor(() => expect(statusCalls).toBe(2));
    expect(await screen.findByRole("button", { name: "Regenerate AI Tasks" })).toBeEnabled();
    // The completed plan was charged: the session's usage (the shell's badge) follows /premium/limit.
    await waitFor(() => expect(useSessionStore.getState().user?.llm_usage_count).toBe(4));
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(polls()).toBe(3); // polling stopped
  });

  it("logs a failed generation, stops polling and lets the user try again", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const polls = scriptPolls([
      { status: "queued", result: null, error: null },
      { status: "failed", result: null, error: "The AI service is unavailable" },
    ]);
    const { user: actor } = renderCard();
    await actor.click(await screen.findByRole("button", { name: "Generate AI Tasks" }));
    await waitFor(() => expect(polls()).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith("Daily plan generation failed:", "The AI service is unavailable"),
    );
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(polls()).toBe(2);
    expect(screen.queryByText("AI is analyzing your tasks...")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Generate AI Tasks" })).toBeEnabled();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument(); // only logged
  });

  it("stops polling after 2 minutes with a warning, and the user can try again", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const polls = scriptPolls([{ status: "running", result: null, error: null }]);
    const { user: actor } = renderCard();
    await actor.click(await screen.findByRole("button", { name: "Generate AI Tasks" }));
    await waitFor(() => expect(polls()).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(118_500));
    expect(warn).not.toHaveBeenCalled();
    expect(screen.getByText("AI is analyzing your tasks...")).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/timed out after 2 minutes/)),
    );
    const pollsAtTimeout = polls();
    expect(pollsAtTimeout).toBeGreaterThanOrEqual(70);
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(polls()).toBe(pollsAtTimeout);
    expect(screen.getByRole("button", { name: "Generate AI Tasks" })).toBeEnabled();
  });
});

describe("the Daily Plan page", () => {
  it("shows every priority with its reason and every other task", async () => {
    server.use(
      dailyStatusHandler(
        buildDailyStatus({ cached_report: buildDailyReport(5, 4), cache_age_hours: 1, cache_is_valid: true }),
      ),
    );
    renderWithProviders(<DailyPlanPage />, { user });
    expect(screen.getByRole("heading", { name: "Daily Plan" })).toBeInTheDocument();
    expect(await screen.findByText("Priority 1")).toBeInTheDocument();
    for (let index = 1; index <= 5; index += 1) {
      expect(screen.getByText(`Priority ${index}`)).toBeInTheDocument();
      expect(screen.getByText(`Reason ${index}`)).toBeInTheDocument();
    }
    for (let index = 1; index <= 4; index += 1)
      expect(screen.getByText(`Other ${index}`)).toBeInTheDocument();
  });

  it("ticks a task off from the plan and refreshes the status", async () => {
    const task = buildTask({ title: "Call the bank" });
    let statusCalls = 0;
    server.use(
      dailyStatusHandler(() => {
        statusCalls += 1;
        return buildDailyStatus({
          cached_report: {
            llm_prioritized_tasks: [{ ...task, reason: "Due today" }],
            remaining_tasks: [],
            generated_at: "x",
            local_date: "y",
          },
          cache_age_hours: 0,
          cache_is_valid: statusCalls === 1,
        });
      }),
    );
    let sent: unknown;
    server.use(
      http.put(apiRoutes.updateTask.path, async ({ request, params }) => {
        sent = { id: params.id, body: await request.json() };
        return HttpResponse.json({ ...task, status: "completed" });
      }),
    );
    const { user: actor } = renderWithProviders(<DailyPlanPage />, { user });
    await actor.click(await screen.findByRole("checkbox", { name: 'Mark "Call the bank" as completed' }));
    await waitFor(() => expect(sent).toEqual({ id: task.id, body: { status: "completed" } }));
    expect(await screen.findByText("Not up-to-date")).toBeInTheDocument();
  });
});
