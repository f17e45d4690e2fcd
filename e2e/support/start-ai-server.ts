import {
  linesAsTasks,
  startFakeOpenAiServer,
  type FakeResponder,
} from "../../server/test/fake-openai-server";

/**
 * Started by global setup (see ai-instance.ts): a fake OpenAI-compatible
 * endpoint on a free port, then the real server (dist-server/main.mjs) in this same process with
 * AI_BASE_URL pointing at it. One process, so the server's SIGTERM shutdown takes the fake with it.
 *
 * The fake answers as `linesAsTasks` does (each line of the text becomes a task; a plan picks the
 * first three tasks), and takes E2E_PLAN_DELAY_MS to answer a daily-plan request: a slow AI, as
 * the daily-plan journey needs to watch the loading state. Extractions answer at once.
 */
const planDelayMs = Number(process.env.E2E_PLAN_DELAY_MS ?? "0");

const isPlanAnswer = (answer: ReturnType<FakeResponder>): boolean =>
  "json" in answer && typeof answer.json === "object" && answer.json !== null && "picks" in answer.json;

const slowPlans: FakeResponder = (request) => {
  const answer = linesAsTasks(request);
  return isPlanAnswer(answer) ? { ...answer, delayMs: planDelayMs } : answer;
};

const fakeAi = await startFakeOpenAiServer({ fallback: slowPlans });
process.env.AI_BASE_URL = fakeAi.url;

// The compiled server, what `npm start` runs (global setup built it). It reads its configuration
// from process.env when it is loaded, so it is loaded now.
await import(new URL("../../dist-server/main.mjs", import.meta.url).href);
