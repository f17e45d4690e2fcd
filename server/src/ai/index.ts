import type { Config } from "../config";
import type { AiProvider } from "./provider";
import { AiProviderError } from "./provider";

/** Temporary until the extraction work lands: the built-in engine and the OpenAI provider. */
export function createAiProvider(config: Config["ai"]): AiProvider {
  void config;
  const unavailable = async (): Promise<never> => {
    throw new AiProviderError("AI is not available yet", "unavailable");
  };
  return { name: "builtin", extractTasks: unavailable, prioritise: unavailable };
}
