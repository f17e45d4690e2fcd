import type { PlanProposal } from "@contract/planning";
import { create } from "zustand";

interface DayPlanState {
  /** The proposal shown (on /calendar and /daily) until it is accepted or dismissed. */
  proposal: { date: string; plan: PlanProposal } | null;
  /** The last accepted plan's undo tokens (today's, and tomorrow's when tasks were moved there). */
  accepted: { date: string; undoTokens: string[] } | null;
  propose(date: string, plan: PlanProposal): void;
  accept(date: string, undoTokens: string[]): void;
  dismiss(): void;
  forgetUndo(): void;
  /** Forgets both (another account must not see them). */
  reset(): void;
}

const initialState = { proposal: null, accepted: null } satisfies Pick<DayPlanState, "proposal" | "accepted">;

/**
 * The day plan being reviewed, in memory only: the calendar and the Daily Plan page show the same
 * proposal, and the same Undo, whichever asked for it.
 */
export const useDayPlanStore = create<DayPlanState>()((set) => ({
  ...initialState,
  propose: (date, plan) => set({ proposal: { date, plan } }),
  accept: (date, undoTokens) => set({ proposal: null, accepted: { date, undoTokens } }),
  dismiss: () => set({ proposal: null }),
  forgetUndo: () => set({ accepted: null }),
  reset: () => set(initialState),
}));
