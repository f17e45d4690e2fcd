import type { ExtractedTask, ExtractionStrategy } from "@contract/extract";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { useSessionStore } from "./session-store";

/** An extracted task as the results panel holds it: a local key, since nothing is saved yet. */
export interface ExtractionResult {
  key: string;
  task: ExtractedTask;
}

/** Where the results wait in this browser between visits (removed when the account signs out). */
export const EXTRACTION_STORAGE_KEY = "tasklane-extraction";

interface ExtractionState {
  content: string;
  strategy: ExtractionStrategy;
  results: ExtractionResult[];
  /** The account the results were extracted for. */
  ownerId: string | null;
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

const initialState = { content: "", strategy: "pattern", results: [], ownerId: null } satisfies Pick<
  ExtractionState,
  "content" | "strategy" | "results" | "ownerId"
>;

let nextKey = 0;
// Unique within one set of results, which a new extraction replaces whole (restored ones included).
const newKey = () => `extracted-${++nextKey}`;

/**
 * The Extract screen's draft and results. Results are held until the user adds them all or clears
 * them: across leaving the screen and across a reload (in this browser's storage, for the account
 * that extracted them), so seeing them again never costs another AI use. The pasted text itself
 * stays in memory only. Signing out (or another account signing in) resets all of it
 * (lib/account-state.ts), which also empties the storage. The strategy defaults to pattern.
 */
export const useExtractionStore = create<ExtractionState>()(
  persist(
    (set) => ({
      ...initialState,
      setContent: (content) => set({ content }),
      setStrategy: (strategy) => set({ strategy }),
      showResults: (tasks) =>
        set({
          results: tasks.map((task) => ({ key: newKey(), task })),
          ownerId: useSessionStore.getState().user?.id ?? null,
        }),
      updateResult: (key, changes) =>
        set((state) => ({
          results: state.results.map((result) =>
            result.key === key ? { key, task: { ...result.task, ...changes } } : result,
          ),
        })),
      removeResult: (key) =>
        set((state) => ({ results: state.results.filter((result) => result.key !== key) })),
      keepResults: (keys) =>
        set((state) => ({ results: state.results.filter((result) => keys.has(result.key)) })),
      clearResults: () => set({ results: [] }),
      reset: () => set(initialState),
    }),
    {
      name: EXTRACTION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ results: state.results, ownerId: state.ownerId }),
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<Pick<ExtractionState, "results" | "ownerId">>;
        // Only the signed-in account's own results come back.
        const owner = useSessionStore.getState().user?.id;
        if (!owner || saved.ownerId !== owner || !Array.isArray(saved.results)) return current;
        return { ...current, results: saved.results, ownerId: owner };
      },
    },
  ),
);
