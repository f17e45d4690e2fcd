import type { Config } from "../config";
import { createBuiltinEngine } from "./builtin-engine";
import { createOpenAiProvider } from "./openai-provider";
import type { AiProvider } from "./provider";
import { withCallMetrics } from "./provider-metrics";

/** AI_BASE_URL set: that OpenAI-compatible endpoint; unset: the built-in offline engine. */
export function createAiProvider(config: Config["ai"]): AiProvider {
  const { baseUrl } = config;
  return withCallMetrics(baseUrl ? createOpenAiProvider({ ...config, baseUrl }) : createBuiltinEngine());
}
