import { apiPaths } from "@contract/api-paths";
import {
  planAcceptResponseSchema,
  planProposalSchema,
  type PlanAcceptRequest,
  type PlanProposal,
} from "@contract/planning";
import { useMutation } from "@tanstack/react-query";
import type { AppMutationMeta } from "@/lib/query-client";
import { apiClient } from "@/lib/api-client";
import { useDayPlanStore } from "@/stores/day-plan-store";
import { staleAfterTaskChange } from "../query-keys";

export type DayProposal = PlanProposal;

/** Accepting or undoing a plan moves tasks: a task change. */
function planChange(errorTitle: string): AppMutationMeta {
  return {
    invalidates: staleAfterTaskChange,
    errorTitle,
    errorMessage: "Please try again",
  };
}

async function propose(date: string): Promise<PlanProposal> {
  return planProposalSchema.parse((await apiClient.post<unknown>(apiPaths.proposePlan, { date })).data);
}

async function accept(request: PlanAcceptRequest): Promise<string> {
  const response = await apiClient.post<unknown>(apiPaths.acceptPlan, request);
  return planAcceptResponseSchema.parse(response.data).undo_token;
}

/** "2026-12-01" → "2026-12-02", by the calendar. */
function nextDay(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/** POST /api/v1/plan/propose: changes nothing; the proposal is kept for review (calendar and /daily). */
export function useProposePlan() {
  const keep = useDayPlanStore((state) => state.propose);
  return useMutation({
    mutationFn: (date: string) => propose(date),
    onSuccess: (plan, date) => keep(date, plan),
    meta: { errorTitle: "Could not plan the day", errorMessage: "Please try again" },
  });
}

export interface AcceptPlan {
  date: string;
  plan: PlanProposal;
  /**
   * When the day is overcommitted: move the tasks that did not fit to the next day (placed in its
   * free time by the planner), or leave them unscheduled.
   */
  overflow: "tomorrow" | "unscheduled";
}

/**
 * POST /api/v1/plan/accept with the proposal's blocks. With the overflow moved to tomorrow, the
 * planner proposes tomorrow and only the blocks of the tasks that did not fit today are accepted
 * there too; Undo then reverts both.
 */
export function useAcceptPlan() {
  const accepted = useDayPlanStore((state) => state.accept);
  return useMutation({
    mutationFn: async ({ date, plan, overflow }: AcceptPlan): Promise<string[]> => {
      const blocks = plan.blocks.map(({ task_id, start, end }) => ({ task_id, start, end }));
      const tokens = [await accept({ date, blocks })];
      const leftOver = new Set(plan.unscheduled.map((task) => task.task_id));
      if (overflow === "tomorrow" && leftOver.size > 0) {
        const tomorrow = nextDay(date);
        const next = await propose(tomorrow);
        const moved = next.blocks
          .filter((block) => leftOver.has(block.task_id))
          .map(({ task_id, start, end }) => ({ task_id, start, end }));
        if (moved.length > 0) tokens.push(await accept({ date: tomorrow, blocks: moved }));
      }
      return tokens;
    },
    onSuccess: (tokens, { date }) => accepted(date, tokens),
    meta: planChange("Could not apply the plan"),
  });
}

/** POST /api/v1/plan/undo for each accepted part, the last first: every task back as it was. */
export function useUndoPlan() {
  const forget = useDayPlanStore((state) => state.forgetUndo);
  return useMutation({
    mutationFn: async (tokens: string[]): Promise<void> => {
      for (const undo_token of [...tokens].reverse()) {
        await apiClient.post<unknown>(apiPaths.undoPlan, { undo_token });
      }
    },
    onSuccess: () => forget(),
    meta: planChange("Could not undo the plan"),
  });
}
