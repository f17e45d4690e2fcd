import type { DailyStatus } from "@contract/daily";
import { describe, expect, it } from "vitest";
import { cachedBadge, emptyStateOf, limitReachedMessage, statusText } from "./daily-plan-view";

const status = (overrides: Partial<DailyStatus> = {}): DailyStatus => ({
  can_use_llm: true,
  cached_report: null,
  cache_age_hours: null,
  cache_is_valid: false,
  llm_usage_info: { current_usage: 2, usage_limit: 20, usage_percentage: 10 },
  ...overrides,
});

describe("the daily plan's texts", () => {
  it("writes the cache badge in whole hours", () => {
    expect(cachedBadge(0)).toBe("Updated just now");
    expect(cachedBadge(0.99)).toBe("Updated just now");
    expect(cachedBadge(1)).toBe("Cached 1h ago");
    expect(cachedBadge(2.9)).toBe("Cached 2h ago");
  });

  it("shows a status with its underscore replaced by a space", () => {
    expect(statusText("inprogress")).toBe("in progress");
    expect(statusText("pending")).toBe("pending");
  });

  it("picks the limit message when the usage is at the limit", () => {
    expect(
      emptyStateOf(
        status({
          can_use_llm: false,
          llm_usage_info: { current_usage: 20, usage_limit: 20, usage_percentage: 100 },
        }),
      ),
    ).toEqual({
      kind: "limit",
      text: limitReachedMessage(20, 20),
    });
    expect(limitReachedMessage(20, 20)).toBe(
      "Usage limit reached (20/20). Upgrade to Premium for unlimited AI tasks.",
    );
  });

  it("says no tasks are scheduled when AI is not available for another reason", () => {
    expect(emptyStateOf(status({ can_use_llm: false })).text).toBe("No tasks scheduled for today");
  });

  it("invites to generate when AI is available", () => {
    expect(emptyStateOf(status()).text).toBe(
      "Click 'Generate AI Tasks' to get your daily AI-prioritized tasks",
    );
  });
});
