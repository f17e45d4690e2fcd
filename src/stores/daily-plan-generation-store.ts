import type { DailyReport } from "@contract/daily";
import { create } from "zustand";

interface GenerationState {
  /** the request being polled; shared by the dashboard card and the Daily Plan page */
  requestId: string | null;
  startedAt: number | null;
  /** the last completed generation's report */
  result: DailyReport | null;
  begin(requestId: string, startedAt: number): void;
  end(result?: DailyReport | null): void;
  /** Forgets the request and the report (another account must not see them). */
  reset(): void;
}

const initialState = { requestId: null, startedAt: null, result: null } satisfies Pick<
  GenerationState,
  "requestId" | "startedAt" | "result"
>;

/** The daily-plan generation running or last completed in this tab, in memory only. */
export const useDailyPlanGenerationStore = create<GenerationState>()((set) => ({
  ...initialState,
  begin: (requestId, startedAt) => set({ requestId, startedAt }),
  end: (result) => set((state) => ({ requestId: null, startedAt: null, result: result ?? state.result })),
  reset: () => set(initialState),
}));
