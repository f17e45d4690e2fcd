import type { ExtractedTask, ExtractionStrategy } from "@contract/extract";
import { create } from "zustand";

/** An extracted task as the results panel holds it: a local key, since nothing is saved yet. */
export interface ExtractionResult {
  key: string;
  task: ExtractedTask;
}

interface ExtractionState {
  content: string;
  strategy: ExtractionStrategy;
  results: ExtractionResult[];
  setContent(content: string): void;
  setStrategy(strategy: ExtractionStrategy): void;
  /** A new extraction replaces what the panel held. */
  showResults(tasks: ExtractedTask[]): void;
  /** The user's own correction of one extracted task, before it is added. */
  updateResult(key: string, changes: Partial<ExtractedTask>): void;
  /** A task the user does not want (a junk line) leaves the panel. */
  removeResult(key: string): void;
  /** After "Add All": only the tasks that could not be created stay. */
  keepResults(keys: ReadonlySet<string>): void;
  clearResults(): void;
  reset(): void;
}

let nextKey = 0;

const initialState = { content: "", strategy: "pattern", results: [] } satisfies Pick<
  ExtractionState,
  "content" | "strategy" | "results"
>;

/**
 * The Extract screen's draft and results, in memory (not persisted: extracted text can be
 * private). Held outside the component so they survive navigating away and back: results are
 * held until the user adds them all or clears them. The strategy defaults to pattern.
 */
export const useExtractionStore = create<ExtractionState>()((set) => ({
  ...initialState,
  setContent: (content) => set({ content }),
  setStrategy: (strategy) => set({ strategy }),
  showResults: (tasks) => set({ results: tasks.map((task) => ({ key: `extracted-${++nextKey}`, task })) }),
  updateResult: (key, changes) =>
    set((state) => ({
      results: state.results.map((result) =>
        result.key === key ? { key, task: { ...result.task, ...changes } } : result,
      ),
    })),
  removeResult: (key) => set((state) => ({ results: state.results.filter((result) => result.key !== key) })),
  keepResults: (keys) =>
    set((state) => ({ results: state.results.filter((result) => keys.has(result.key)) })),
  clearResults: () => set({ results: [] }),
  reset: () => set(initialState),
}));
