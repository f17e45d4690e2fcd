import type { ExtractRequest } from "@contract/extract";
import type { PremiumLimit } from "@contract/premium";
import { apiRoutes } from "@contract/routes";
import { buildTask, buildUser } from "@mocks/fixtures";
import { buildExtractedTask } from "@mocks/handlers/extract";
import { premiumLimitHandler } from "@mocks/handlers/premium";
import { server } from "@mocks/server";
import { act, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse, type JsonBodyType } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryKeys } from "@/api/query-keys";
import { useSessionStore } from "@/stores/session-store";
import { renderWithProviders } from "@/test/render";
import { EXTRACTION_EXAMPLES } from "../examples";
import { useExtractionStore } from "@/stores/extraction-store";
import { ExtractPage } from "./extract-page";

function renderPage(userOverrides: Parameters<typeof buildUser>[0] = {}) {
  return renderWithProviders(<ExtractPage />, { route: "/extract", user: buildUser(userOverrides) });
}

/** Answers POST /api/v1/extract/text with `tasks` and records every request body. */
function extractAnswers(tasks: JsonBodyType) {
  const bodies: ExtractRequest[] = [];
  server.use(
    http.post(apiRoutes.extractText.path, async ({ request }) => {
      bodies.push((await request.json()) as ExtractRequest);
      return HttpResponse.json(tasks);
    }),
  );
  return bodies;
}

/** Answers POST /api/v1/tasks, failing for the titles given, and records every request body. */
function createTaskAnswers(failingTitles: string[] = []) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post(apiRoutes.createTask.path, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      if (failingTitles.includes(String(body.title))) {
        return HttpResponse.json({ message: "Title must be at most 500 characters" }, { status: 400 });
      }
      return HttpResponse.json(buildTask({ title: String(body.title) }), { status: 201 });
    }),
  );
  return bodies;
}

/** Pastes into the text area: typing character by character is slow and reads "[" as a key. */
async function enterText(user: ReturnType<typeof renderPage>["user"], text: string) {
  await user.click(textArea());
  await user.paste(text);
}

const textArea = () => screen.getByRole("textbox", { name: "Text to extract tasks from" });
const extractButton = () => screen.getByRole("button", { name: "Extract Tasks" });
const resultsPanel = () => screen.getByRole("region", { name: /Extracted Tasks/ });

beforeEach(() => {
  useExtractionStore.getState().reset();
});

afterEach(() => {
  vi.restoreAllMocks();
});

// Whole user journeys (type, extract, add): generous time on a busy CI machine.
describe("Extract screen", { timeout: 20_000 }, () => {
  it("shows the heading 'AI Text Extraction' and a 'Free Plan' badge for a free user", () => {
    renderPage({ is_premium: false });
    expect(screen.getByRole("heading", { level: 1, name: "AI Text Extraction" })).toBeInTheDocument();
    expect(screen.getByText("Free Plan")).toBeInTheDocument();
    expect(screen.queryByText("Premium")).not.toBeInTheDocument();
  });

  it("shows a 'Premium' badge for a premium user", () => {
    renderPage({ is_premium: true });
    expect(screen.getByText("Premium")).toBeInTheDocument();
    expect(screen.queryByText("Free Plan")).not.toBeInTheDocument();
  });

  it("shows the AI usage card with used / limit, a bar and the remaining count from /premium/limit", async () => {
    server.use(premiumLimitHandler({ current_usage: 7, usage_limit: 20 }));
    renderPage();
    expect(await screen.findByText("7 / 20")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "AI usage this month" })).toHaveAttribute(
      "aria-valuenow",
      "35",
    );
    expect(screen.getByText("13").closest("p")).toHaveTextContent("13 remaining");
  });

  it("caps the usage bar at 100 % and shows 0 remaining when usage is over the limit", async () => {
    server.use(premiumLimitHandler({ current_usage: 25, usage_limit: 20 }));
    renderPage();
    expect(await screen.findByText("25 / 20")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "AI usage this month" })).toHaveAttribute(
      "aria-valuenow",
      "100",
    );
    expect(screen.getByText("0").closest("p")).toHaveTextContent("0 remaining");
  });

  it("offers an 8-row text area with a character counter out of 50,000", async () => {
    const { user } = renderPage();
    expect(textArea()).toHaveAttribute("rows", "8");
    expect(screen.getByText("0 / 50,000 characters")).toBeInTheDocument();
    await enterText(user, "Call the bank");
    expect(screen.getByText("13 / 50,000 characters")).toBeInTheDocument();
    expect(textArea()).toHaveAccessibleDescription("13 / 50,000 characters");
  });

  it("selects the Pattern method by default and sends strategy 'pattern' without a timezone", async () => {
    const bodies = extractAnswers([buildExtractedTask()]);
    const { user } = renderPage();
    expect(screen.getByRole("tab", { name: "Pattern" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "AI Analysis" })).toHaveAttribute("aria-selected", "false");

    await enterText(user, "- [ ] Call the bank");
    await user.click(extractButton());

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ content: "- [ ] Call the bank", strategy: "pattern" });
  });

  it("sends strategy 'llm' when AI Analysis is chosen", async () => {
    const bodies = extractAnswers([buildExtractedTask({ source: { type: "Llm", origin: "builtin" } })]);
    const { user } = renderPage();
    await user.click(screen.getByRole("tab", { name: "AI Analysis" }));
    expect(screen.getByRole("tab", { name: "AI Analysis" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel")).toHaveTextContent(/counts toward your monthly AI usage/);

    await enterText(user, "Please call the bank.");
    await user.click(extractButton());

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ content: "Please call the bank.", strategy: "llm" });
  });

  it("disables the AI Analysis tab with a 'Limit Reached' badge when the limit is used up", async () => {
    server.use(premiumLimitHandler({ current_usage: 20, usage_limit: 20 }));
    const { user } = renderPage();
    const aiTab = await screen.findByRole("tab", { name: /AI Analysis/ });
    await waitFor(() => expect(aiTab).toBeDisabled());
    expect(within(aiTab).getByText("Limit Reached")).toBeInTheDocument();

    await user.click(aiTab);
    expect(screen.getByRole("tab", { name: "Pattern" })).toHaveAttribute("aria-selected", "true");
  });

  it("keeps the AI Analysis tab enabled below the limit", async () => {
    server.use(premiumLimitHandler({ current_usage: 19, usage_limit: 20 }));
    renderPage();
    expect(await screen.findByText("19 / 20")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "AI Analysis" })).toBeEnabled();
    expect(screen.queryByText("Limit Reached")).not.toBeInTheDocument();
  });

  it("reveals a timezone picker and 'Use browser' with the override switch, and sends the timezone only while it is on", async () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockReturnValue({
      ...new Intl.DateTimeFormat("en-US", { timeZone: "UTC" }).resolvedOptions(),
      timeZone: "America/New_York",
    });
    const bodies = extractAnswers([buildExtractedTask()]);
    const { user } = renderPage({ timezone: "Asia/Tokyo" });
    expect(screen.queryByRole("combobox", { name: "Timezone" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Use browser" })).not.toBeInTheDocument();

    const override = screen.getByRole("switch", { name: "Override timezone for this extraction" });
    await user.click(override);
    expect(override).toBeChecked();
    const picker = screen.getByRole("combobox", { name: "Timezone" });
    expect(picker).toHaveValue("Asia/Tokyo");

    await user.selectOptions(picker, "Europe/Berlin");
    await enterText(user, "TODO: Renew the passport tomorrow");
    await user.click(extractButton());
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      content: "TODO: Renew the passport tomorrow",
      strategy: "pattern",
      timezone: "Europe/Berlin",
    });

    await user.click(screen.getByRole("button", { name: "Use browser" }));
    expect(picker).toHaveValue("America/New_York");

    await user.click(override);
    expect(screen.queryByRole("combobox", { name: "Timezone" })).not.toBeInTheDocument();
    await user.click(extractButton());
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).not.toHaveProperty("timezone");
  });

  it("reads 'Extracting Tasks...' and is disabled while the extraction is pending", async () => {
    let answer: () => void = () => undefined;
    server.use(
      http.post(apiRoutes.extractText.path, async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json([buildExtractedTask()]);
      }),
    );
    const { user } = renderPage();
    await enterText(user, "- [ ] Call the bank");
    await user.click(extractButton());

    const pending = await screen.findByRole("button", { name: "Extracting Tasks..." });
    expect(pending).toBeDisabled();
    act(() => answer());
    expect(await screen.findByRole("button", { name: "Extract Tasks" })).toBeEnabled();
  });

  it("toasts 'No content' with 'Please enter some text to extract tasks from.' when the text is blank", async () => {
    const bodies = extractAnswers([]);
    const { user } = renderPage();
    await enterText(user, "   ");
    await user.click(extractButton());

    expect(await screen.findByText("No content")).toBeInTheDocument();
    expect(screen.getByText("Please enter some text to extract tasks from.")).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it("refuses text over 50,000 characters without calling the server", async () => {
    const bodies = extractAnswers([]);
    const { user } = renderPage();
    await user.click(textArea());
    await user.paste("x".repeat(50_001));
    expect(screen.getByText("50,001 / 50,000 characters")).toBeInTheDocument();
    expect(textArea()).toHaveAttribute("aria-invalid", "true");
    await user.click(extractButton());

    expect(await screen.findByText("Extraction failed")).toBeInTheDocument();
    expect(screen.getByText(/longer than 50,000 characters/)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it("toasts 'Usage limit reached' when AI Analysis is chosen and the usage reached the limit", async () => {
    let usage: PremiumLimit = { current_usage: 19, usage_limit: 20 };
    server.use(premiumLimitHandler(() => usage));
    const bodies = extractAnswers([buildExtractedTask({ source: { type: "Llm", origin: "builtin" } })]);
    const { user } = renderPage();
    await screen.findByText("19 / 20");
    await user.click(screen.getByRole("tab", { name: "AI Analysis" }));
    await enterText(user, "Please call the bank.");

    usage = { current_usage: 20, usage_limit: 20 };
    await user.click(extractButton());
    expect(await screen.findByText("20 / 20")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: /AI Analysis/ })).toBeDisabled();

    await user.click(extractButton());
    expect(await screen.findByText("Usage limit reached")).toBeInTheDocument();
    expect(
      screen.getByText(
        "You have reached your monthly AI usage limit. Please upgrade to continue using AI extraction.",
      ),
    ).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
  });

  it("toasts 'Usage limit reached' when the server refuses with 403 quota_exceeded", async () => {
    server.use(
      http.post(apiRoutes.extractText.path, () =>
        HttpResponse.json(
          { message: "You have used all 20 AI extractions this month.", code: "quota_exceeded" },
          { status: 403 },
        ),
      ),
    );
    const { user } = renderPage();
    await user.click(screen.getByRole("tab", { name: "AI Analysis" }));
    await enterText(user, "Please call the bank.");
    await user.click(extractButton());

    expect(await screen.findByText("Usage limit reached")).toBeInTheDocument();
    expect(screen.queryByText("Extraction failed")).not.toBeInTheDocument();
  });

  it("toasts 'Extraction failed' with the server's message", async () => {
    server.use(
      http.post(apiRoutes.extractText.path, () =>
        HttpResponse.json({ message: "The AI provider did not answer in time" }, { status: 504 }),
      ),
    );
    const { user } = renderPage();
    await enterText(user, "- [ ] Call the bank");
    await user.click(extractButton());

    expect(await screen.findByText("Extraction failed")).toBeInTheDocument();
    expect(screen.getByText("The AI provider did not answer in time")).toBeInTheDocument();
  });

  it("toasts 'Extraction failed' with 'Failed to extract tasks from content' when the server gives no message", async () => {
    server.use(http.post(apiRoutes.extractText.path, () => new HttpResponse(null, { status: 500 })));
    const { user } = renderPage();
    await enterText(user, "- [ ] Call the bank");
    await user.click(extractButton());

    expect(await screen.findByText("Extraction failed")).toBeInTheDocument();
    expect(screen.getByText("Failed to extract tasks from content")).toBeInTheDocument();
  });

  it("lists each extracted task with its fields, the due date in the user's timezone and the source AI or Pattern", async () => {
    extractAnswers([
      {
        title: "Renew the SSL certificate",
        description: "It expires on Friday",
        priority: "urgent",
        status: "in_progress",
        due_date: "2026-12-01T15:00:00.000Z",
        tags: ["ops", "security"],
        source: { Llm: { origin: "builtin" } },
      },
      buildExtractedTask({ title: "Book the photographer", priority: "low", status: "completed" }),
    ]);
    const { user } = renderPage({ timezone: "Asia/Tokyo" });
    await enterText(user, "anything");
    await user.click(extractButton());

    const items = await within(await screen.findByRole("region", { name: /Extracted Tasks/ })).findAllByRole(
      "listitem",
    );
    expect(items).toHaveLength(2);
    const [ai, pattern] = items as [HTMLElement, HTMLElement];
    expect(ai).toHaveTextContent("Renew the SSL certificate");
    expect(ai).toHaveTextContent("It expires on Friday");
    expect(ai).toHaveTextContent("Priority: Urgent");
    expect(ai).toHaveTextContent("Status: In Progress");
    // 15:00 UTC on Dec 1 is midnight of Dec 2 in Tokyo (dates are local to the user's zone).
    expect(ai).toHaveTextContent("Due: Dec 2, 2026");
    expect(ai).toHaveTextContent("#ops");
    expect(ai).toHaveTextContent("#security");
    expect(ai).toHaveTextContent("Source: AI");

    expect(pattern).toHaveTextContent("Book the photographer");
    expect(pattern).toHaveTextContent("Priority: Low");
    expect(pattern).toHaveTextContent("Status: Completed");
    expect(pattern).not.toHaveTextContent("Due:");
    expect(pattern).toHaveTextContent("Source: Pattern");
    expect(await screen.findByText("Tasks extracted")).toBeInTheDocument();
  });

  it("shows a proposed repeat in words and creates the task with its rule and first due date", async () => {
    extractAnswers([
      buildExtractedTask({
        title: "Water the plants",
        due_date: "2026-11-23T22:59:59.000Z",
        recurrence: "FREQ=WEEKLY;BYDAY=MO",
      }),
    ]);
    const created = createTaskAnswers();
    const { user } = renderPage();
    await enterText(user, "- [ ] Water the plants every Monday");
    await user.click(extractButton());
    expect(await within(resultsPanel()).findByText("every week on Monday")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add All Tasks to My List" }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({
      title: "Water the plants",
      due_date: "2026-11-23T22:59:59.000Z",
      recurrence: "FREQ=WEEKLY;BYDAY=MO",
    });
  });

  it("adds every task with 'Add All Tasks to My List', then clears the results and refreshes the task lists", async () => {
    extractAnswers([
      buildExtractedTask({
        title: "Renew the SSL certificate",
        description: "It expires on Friday",
        priority: "urgent",
        status: "in_progress",
        due_date: "2026-12-01T15:00:00.000Z",
        tags: ["ops"],
        source: { type: "Llm", origin: "builtin" },
      }),
      buildExtractedTask({ title: "Book the photographer", priority: "low", status: "completed" }),
    ]);
    const created = createTaskAnswers();
    const { user, queryClient } = renderPage();
    queryClient.setQueryData(queryKeys.tasks.list({}), []);
    queryClient.setQueryData(queryKeys.daily.status(), {});

    await enterText(user, "anything");
    await user.click(extractButton());
    await user.click(await screen.findByRole("button", { name: "Add All Tasks to My List" }));

    expect(await screen.findByText("2 tasks were added to your list.")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: /Extracted Tasks/ })).not.toBeInTheDocument();
    expect(created).toEqual([
      {
        title: "Renew the SSL certificate",
        description: "It expires on Friday",
        priority: "urgent",
        status: "in_progress",
        due_date: "2026-12-01T15:00:00.000Z",
        tags: ["ops"],
        source: { type: "Llm", origin: "builtin" },
      },
      {
        title: "Book the photographer",
        priority: "low",
        status: "completed",
        tags: [],
        source: { type: "Manual" },
      },
    ]);
    // The task lists (the dashboard counts its statistics from them) and the daily status are refreshed.
    expect(queryClient.getQueryState(queryKeys.tasks.list({}))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.daily.status())?.isInvalidated).toBe(true);
  });

  it("keeps the tasks that could not be created and toasts 'Error' with the server's message", async () => {
    extractAnswers([
      buildExtractedTask({ title: "Call the bank" }),
      buildExtractedTask({ title: "Too long to save" }),
    ]);
    const created = createTaskAnswers(["Too long to save"]);
    const { user } = renderPage();
    await enterText(user, "anything");
    await user.click(extractButton());
    await user.click(await screen.findByRole("button", { name: "Add All Tasks to My List" }));

    expect(await screen.findByText("Title must be at most 500 characters")).toBeInTheDocument();
    expect(screen.getByText("Error")).toBeInTheDocument();
    expect(screen.getByText("1 task was added to your list.")).toBeInTheDocument();
    expect(created).toHaveLength(2);
    const remaining = within(resultsPanel()).getAllByRole("listitem");
    expect(remaining).toHaveLength(1);
    expect(remaining[0]).toHaveTextContent("Too long to save");
  });

  it("empties the results panel with 'Clear' without creating anything", async () => {
    extractAnswers([buildExtractedTask({ title: "Call the bank" })]);
    const created = createTaskAnswers();
    const { user } = renderPage();
    await enterText(user, "anything");
    await user.click(extractButton());
    expect(await screen.findByText("Call the bank")).toBeInTheDocument();

    await user.click(within(resultsPanel()).getByRole("button", { name: "Clear" }));
    expect(screen.queryByRole("region", { name: /Extracted Tasks/ })).not.toBeInTheDocument();
    expect(created).toHaveLength(0);
  });

  it("holds the results when the user leaves the screen and comes back", async () => {
    extractAnswers([buildExtractedTask({ title: "Call the bank" })]);
    const { user, unmount } = renderPage();
    await enterText(user, "- [ ] Call the bank");
    await user.click(extractButton());
    expect(await screen.findByText("Call the bank")).toBeInTheDocument();
    unmount();

    renderPage();
    expect(within(resultsPanel()).getByText("Call the bank")).toBeInTheDocument();
    expect(textArea()).toHaveValue("- [ ] Call the bank");
  });

  it("replaces the results panel with each new extraction, even one that finds nothing", async () => {
    let answer: unknown[] = [buildExtractedTask({ title: "Call the bank" })];
    server.use(http.post(apiRoutes.extractText.path, () => HttpResponse.json(answer)));
    const { user } = renderPage();
    await enterText(user, "- [ ] Call the bank");
    await user.click(extractButton());
    expect(await screen.findByText("Call the bank")).toBeInTheDocument();

    answer = [];
    await user.click(extractButton());
    expect(await screen.findByText("No tasks found in this text")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: /Extracted Tasks/ })).not.toBeInTheDocument();
  });

  it("removes or edits an extracted task before 'Add All Tasks to My List'", async () => {
    server.use(
      http.post(apiRoutes.extractText.path, () =>
        HttpResponse.json([
          buildExtractedTask({ title: "Call the bank" }),
          buildExtractedTask({ title: "Junk line" }),
        ]),
      ),
    );
    const { user } = renderPage();
    await enterText(user, "- [ ] Call the bank");
    await user.click(extractButton());
    const panel = await screen.findByRole("region", { name: /Extracted Tasks/ });

    await user.click(within(panel).getByRole("button", { name: 'Remove "Junk line"' }));
    expect(within(panel).queryByText("Junk line")).not.toBeInTheDocument();

    await user.click(within(panel).getByRole("button", { name: 'Edit "Call the bank"' }));
    const title = within(panel).getByRole("textbox", { name: "Title" });
    await user.clear(title);
    await user.type(title, "Call the bank about the loan");
    await user.click(within(panel).getByRole("button", { name: "Done" }));
    expect(within(panel).getByText("Call the bank about the loan")).toBeInTheDocument();
    expect(within(panel).getAllByRole("listitem")).toHaveLength(1);
  });

  it("fills the text area with 'Try This Example' and switches to the method the example suits", async () => {
    const { user } = renderPage();
    const examples = screen.getAllByRole("button", { name: "Try This Example" });
    expect(examples.length).toBeGreaterThanOrEqual(3);

    await user.click(
      screen.getByRole("button", { name: "Try This Example", description: "Markdown checklist" }),
    );
    expect(textArea()).toHaveValue(EXTRACTION_EXAMPLES[0]?.content);
    expect((textArea() as HTMLTextAreaElement).value).toContain("- [ ] Fix the checkout bug #urgent");
    expect(screen.getByRole("tab", { name: "Pattern" })).toHaveAttribute("aria-selected", "true");
    expect(textArea()).toHaveFocus();

    await user.click(
      screen.getByRole("button", { name: "Try This Example", description: "E-mail from a client" }),
    );
    expect((textArea() as HTMLTextAreaElement).value).toContain(
      "Could you please send me the revised contract",
    );
    expect(screen.getByRole("tab", { name: "AI Analysis" })).toHaveAttribute("aria-selected", "true");
  });

  it("extracts tasks from the meeting-notes example with the pattern method", async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole("button", { name: "Try This Example", description: "Meeting notes" }));
    await user.click(extractButton());

    const items = await within(await screen.findByRole("region", { name: /Extracted Tasks/ })).findAllByRole(
      "listitem",
    );
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(items.some((item) => item.textContent?.includes("Status: Completed"))).toBe(true);
  });

  it("refetches the premium limit after each extraction", async () => {
    let usage: PremiumLimit = { current_usage: 3, usage_limit: 20 };
    let limitRequests = 0;
    server.use(
      premiumLimitHandler(() => {
        limitRequests += 1;
        return usage;
      }),
    );
    extractAnswers([buildExtractedTask({ source: { type: "Llm", origin: "builtin" } })]);
    const { user } = renderPage();
    expect(await screen.findByText("3 / 20")).toBeInTheDocument();
    expect(limitRequests).toBe(1);

    await user.click(screen.getByRole("tab", { name: "AI Analysis" }));
    await enterText(user, "Please call the bank.");
    usage = { current_usage: 4, usage_limit: 20 };
    await user.click(extractButton());

    expect(await screen.findByText("4 / 20")).toBeInTheDocument();
    expect(limitRequests).toBe(2);
    // The session user's count agrees with /premium/limit, for the shell's usage badge.
    await waitFor(() => expect(useSessionStore.getState().user?.llm_usage_count).toBe(4));
  });
});
