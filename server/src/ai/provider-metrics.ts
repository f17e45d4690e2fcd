import { aiCallDuration } from "../lib/metrics";
import { AiProviderError, type AiProvider } from "./provider";

/** The provider, each call counted and timed (GET /metrics) by operation and outcome. */
export function withCallMetrics(provider: AiProvider): AiProvider {
  const timed =
    <I, O>(operation: string, call: (input: I) => Promise<O>) =>
    async (input: I): Promise<O> => {
      const end = aiCallDuration.startTimer({ provider: provider.name, operation });
      try {
        const result = await call(input);
        end({ outcome: "ok" });
        return result;
      } catch (error) {
        end({ outcome: error instanceof AiProviderError ? error.kind : "error" });
        throw error;
      }
    };
  return {
    name: provider.name,
    extractTasks: timed("extract_tasks", (input) => provider.extractTasks(input)),
    prioritise: timed("prioritise", (input) => provider.prioritise(input)),
    summariseWeek: timed("summarise_week", (input) => provider.summariseWeek(input)),
  };
}
