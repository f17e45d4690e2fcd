import { portFrom } from "./environment";
import type { ServerInstance } from "./instances";

/**
 * A second server instance for the AI journeys (issues 4 and 5): the same server and built SPA,
 * but with AI_BASE_URL pointing at a fake OpenAI-compatible endpoint (server/test/
 * fake-openai-server.ts) that `start-ai-server.ts` starts in the same process. It has its own
 * port and database, mails its verification codes to the run's SMTP sink, and a free AI quota of
 * two uses so that a journey reaches "Limit Reached" in two extractions.
 *
 * The default instance keeps the built-in offline engine, so both AI providers are driven end to
 * end. Specs pick this instance with `test.use({ baseURL: aiInstance.baseUrl })`.
 */
const port = portFrom("E2E_AI_PORT", 3102);

export const aiInstance = {
  port,
  baseUrl: `http://127.0.0.1:${port}`,
  /** AI_FREE_MONTHLY_LIMIT of this instance: two AI uses and the quota is spent. */
  freeMonthlyLimit: 2,
  /**
   * How long the fake AI takes to answer a daily-plan request: long enough for a person (and a
   * test) to see "AI is analyzing your tasks...", short enough to keep the journey quick. The
   * app asks at once and then every 1.5 s: both of its first two answers are still "pending", so
   * the loading state shows for at least 1.5 s (3 s as a rule), whatever the machine's speed.
   */
  planDelayMs: 1_500,
};

/** What global setup starts: the fake AI and this instance. */
export const aiInstanceServer: ServerInstance = {
  name: "ai-instance",
  script: "start-ai-server.ts",
  port,
  baseUrl: aiInstance.baseUrl,
  dataDirName: "ai-instance",
  env: {
    // The default instance owns the inbound SMTP port; this one needs no listener.
    INBOUND_SMTP_PORT: "0",
    // AI_BASE_URL is set by start-ai-server.ts once the fake AI listens (on a free port).
    AI_API_KEY: "e2e-fake-key",
    AI_FREE_MONTHLY_LIMIT: String(aiInstance.freeMonthlyLimit),
    E2E_PLAN_DELAY_MS: String(aiInstance.planDelayMs),
  },
};
