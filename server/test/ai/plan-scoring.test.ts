import { describe, expect, it } from "vitest";
import { rankPlanCandidates } from "../../src/ai/plan-scoring";
import type { PlanCandidate } from "../../src/ai/provider";

// Wednesday 18 November 2026, 10:00 in New York.
const context = { timeZone: "America/New_York", now: new Date("2026-11-18T15:00:00.000Z") };

function candidate(overrides: Partial<PlanCandidate> & Pick<PlanCandidate, "id">): PlanCandidate {
  return {
    title: `Task ${overrides.id}`,
    description: null,
    status: "pending",
    priority: "medium",
    due_date: null,
    created_at: "2026-11-18T12:00:00.000Z",
    ...overrides,
  };
}

describe("the built-in engine's daily plan ranking", () => {
  it("puts overdue tasks first, then tasks due today, then the rest by priority", () => {
    const picks = rankPlanCandidates(
      [
        candidate({ id: "urgent-no-date", priority: "urgent" }),
        candidate({ id: "due-today", due_date: "2026-11-19T04:59:59.000Z" }),
        candidate({ id: "overdue", priority: "low", due_date: "2026-11-16T20:00:00.000Z" }),
        candidate({ id: "high-no-date", priority: "high" }),
      ],
      context,
    );
    expect(picks.map((pick) => pick.task_id)).toEqual([
      "overdue",
      "due-today",
      "urgent-no-date",
      "high-no-date",
    ]);
  });

  it("writes each reason from the facts: overdue days, due today, priority, waiting time", () => {
    const picks = rankPlanCandidates(
      [
        candidate({ id: "a", priority: "urgent", due_date: "2026-11-16T20:00:00.000Z" }),
        candidate({ id: "b", priority: "urgent", due_date: "2026-11-18T22:00:00.000Z" }),
        candidate({ id: "c", priority: "high", created_at: "2026-11-13T09:00:00.000Z" }),
        candidate({ id: "d", status: "in_progress", due_date: "2026-11-20T04:59:59.000Z" }),
        candidate({ id: "e", priority: "low" }),
      ],
      context,
    );
    expect(picks).toEqual([
      { task_id: "a", reason: "Overdue by 2 days, urgent" },
      { task_id: "b", reason: "Due today, urgent" },
      { task_id: "c", reason: "High priority, waiting for 5 days" },
      { task_id: "d", reason: "Due tomorrow, already in progress" },
      { task_id: "e", reason: "Low priority" },
    ]);
  });

  it("counts overdue hours when the deadline passed earlier today", () => {
    const [pick] = rankPlanCandidates(
      [candidate({ id: "x", due_date: "2026-11-18T12:30:00.000Z" })],
      context,
    );
    expect(pick).toEqual({ task_id: "x", reason: "Overdue by 2 hours" });
  });

  it("judges 'today' in the user's zone: 23:00 UTC is already tomorrow in Tokyo", () => {
    const dueAt = "2026-11-19T14:00:00.000Z"; // Thursday 23:00 in Tokyo, Thursday 09:00 in New York
    const tokyo = rankPlanCandidates([candidate({ id: "t", due_date: dueAt })], {
      timeZone: "Asia/Tokyo",
      now: new Date("2026-11-19T01:00:00.000Z"), // Thursday 10:00 in Tokyo
    });
    const newYork = rankPlanCandidates([candidate({ id: "t", due_date: dueAt })], {
      timeZone: "America/New_York",
      now: new Date("2026-11-19T01:00:00.000Z"), // Wednesday 20:00 in New York
    });
    expect(tokyo[0]?.reason).toBe("Due today");
    expect(newYork[0]?.reason).toBe("Due tomorrow");
  });

  it("leaves out completed and cancelled tasks and picks at most five", () => {
    const open = Array.from({ length: 7 }, (_, index) => candidate({ id: `open-${index}` }));
    const picks = rankPlanCandidates(
      [
        candidate({ id: "done", status: "completed", priority: "urgent" }),
        candidate({ id: "dropped", status: "cancelled", priority: "urgent" }),
        ...open,
      ],
      context,
    );
    expect(picks).toHaveLength(5);
    expect(picks.map((pick) => pick.task_id)).not.toContain("done");
    expect(picks.map((pick) => pick.task_id)).not.toContain("dropped");
  });

  it("breaks ties by age, oldest first, so the same tasks always give the same plan", () => {
    const picks = rankPlanCandidates(
      [
        candidate({ id: "newer", created_at: "2026-11-17T09:00:00.000Z" }),
        candidate({ id: "older", created_at: "2026-11-10T09:00:00.000Z" }),
      ],
      context,
    );
    expect(picks.map((pick) => pick.task_id)).toEqual(["older", "newer"]);
    expect(picks[0]?.reason).toBe("Waiting for 8 days");
  });
});
