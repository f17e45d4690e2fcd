import { dailyReportFromWire } from "@contract/daily";
import { extractedTaskFromWire } from "@contract/extract";
import { FAKE_PASSWORD, seedAccount } from "@mocks/handlers/account";
import { buildDailyReport } from "@mocks/handlers/daily";
import { buildExtractedTask } from "@mocks/handlers/extract";
import { buildUser } from "@mocks/fixtures";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { useDailyPlanGenerationStore } from "@/stores/daily-plan-generation-store";
import { useExtractionStore } from "@/stores/extraction-store";
import { useSessionStore } from "@/stores/session-store";
import { renderApp } from "@/test/render-app";

const first = buildUser({
  id: "user-ada",
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@example.com",
});
const second = buildUser({
  id: "user-grace",
  first_name: "Grace",
  last_name: "Hopper",
  username: "grace",
  email: "grace@example.com",
});

beforeEach(() => {
  useDailyPlanGenerationStore.getState().reset();
  useExtractionStore.getState().reset();
});

describe("another account in the same tab", () => {
  it("shows no plan and no extraction of the account that signed out", async () => {
    // Ada generated a plan and extracted tasks in this tab.
    const report = dailyReportFromWire(buildDailyReport(1, 0));
    useDailyPlanGenerationStore.getState().end(report);
    useExtractionStore.getState().setContent("- [ ] Ada's private note");
    useExtractionStore
      .getState()
      .showResults([extractedTaskFromWire(buildExtractedTask({ title: "Ada's task" }))]);

    const { user, router, settled } = await renderApp("/daily", { user: first, token: "ada-token" });
    // What Ada has is on screen: the test can see it when it is there.
    expect(await screen.findByText("Priority 1")).toBeInTheDocument();
    await router.navigate("/extract");
    await settled();
    expect(await screen.findByText("Ada's task")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Account menu for Ada Lovelace" }));
    await user.click(within(await screen.findByRole("menu")).getByRole("menuitem", { name: "Log out" }));
    await settled();
    expect(await screen.findByRole("button", { name: "Sign In" })).toBeInTheDocument();

    // Grace signs in on the same tab.
    seedAccount(second);
    await user.type(screen.getByLabelText("Email"), second.email);
    await user.type(screen.getByLabelText("Password"), FAKE_PASSWORD);
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(useSessionStore.getState().user?.id).toBe(second.id));
    await settled();

    await router.navigate("/daily");
    await settled();
    expect(await screen.findByRole("heading", { name: "Daily Plan" })).toBeInTheDocument();
    expect(
      await screen.findByText("Click 'Generate AI Tasks' to get your daily AI-prioritized tasks"),
    ).toBeInTheDocument();
    expect(screen.queryByText("Priority 1")).not.toBeInTheDocument();

    await router.navigate("/extract");
    await settled();
    expect(await screen.findByRole("textbox", { name: "Text to extract tasks from" })).toHaveValue("");
    expect(screen.queryByText("Ada's task")).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: /Extracted Tasks/ })).not.toBeInTheDocument();
  });
});
