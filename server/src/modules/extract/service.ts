import type { FastifyBaseLogger } from "fastify";
import { EXTRACT_MAX_CHARS, type ExtractedTaskJson, type extractRequestSchema } from "@contract/extract";
import type { z } from "zod";
import { AiProviderError } from "../../ai/provider";
import type { AppDeps } from "../../app-types";
import type { UserRow } from "../../db/schema";
import { AiTimeout, AiUnavailable, TooLarge, Validation, type DomainError } from "../../lib/domain-errors";
import { withAiUse } from "../premium/service";
import { userTimeZone } from "../../lib/time-zone";
import { userDateContext } from "./date-phrases";
import { extractWithPatterns } from "./pattern-extractor";

/** The pattern method on its own: free, offline (inbound mail falls back to it). */
export { extractWithPatterns };

export type ExtractInput = z.output<typeof extractRequestSchema>;

/** The same words the SPA's "No content" toast uses. */
export const BLANK_CONTENT_MESSAGE = "Please enter some text to extract tasks from.";
export const TOO_LONG_MESSAGE = `The text is too long: at most ${EXTRACT_MAX_CHARS.toLocaleString("en-US")} characters can be extracted at once.`;
export const AI_INVALID_ANSWER_MESSAGE = "The AI service returned an invalid answer. Please try again.";
export const AI_TIMEOUT_MESSAGE = "The AI service took too long to answer. Please try again.";
export const AI_UNAVAILABLE_MESSAGE = "The AI service is unavailable right now. Please try again later.";

/** A provider failure as the client sees it: nothing was charged. */
function domainErrorOf(error: AiProviderError): DomainError {
  switch (error.kind) {
    case "timeout":
      return new AiTimeout(AI_TIMEOUT_MESSAGE, "ai_timeout");
    case "unavailable":
      return new AiUnavailable(AI_UNAVAILABLE_MESSAGE, "ai_unavailable");
    case "bad_response":
      return new AiUnavailable(AI_INVALID_ANSWER_MESSAGE, "ai_invalid_answer");
  }
}

/** The request's timezone when the override is on, else the user's, else UTC. */
function timeZoneFor(input: ExtractInput, user: Pick<UserRow, "timezone">): string {
  if (input.timezone) return input.timezone;
  return userTimeZone(user);
}

/**
 * POST /api/v1/extract/text: the tasks found in a text, not saved. The pattern method is free;
 * the AI method is one AI use (withAiUse: refused at the limit, charged once the provider answered).
 */
export async function extractTasks(
  deps: Pick<AppDeps, "db" | "config" | "clock" | "ai">,
  user: Pick<UserRow, "id" | "timezone" | "morning_hour">,
  input: ExtractInput,
  now: Date,
  log: FastifyBaseLogger,
): Promise<ExtractedTaskJson[]> {
  if (input.content.trim() === "") throw new Validation(BLANK_CONTENT_MESSAGE, "blank_content");
  if (input.content.length > EXTRACT_MAX_CHARS) throw new TooLarge(TOO_LONG_MESSAGE);
  const context = userDateContext(user, now, timeZoneFor(input, user));

  if (input.strategy === "pattern") return extractWithPatterns(input.content, context);

  const { result } = await withAiUse(deps, user, async () => {
    try {
      return await deps.ai.extractTasks({ content: input.content, ...context });
    } catch (error) {
      if (!(error instanceof AiProviderError)) throw error;
      log.warn({ provider: deps.ai.name, kind: error.kind, reason: error.message }, "AI extraction failed");
      throw domainErrorOf(error);
    }
  });
  return result;
}
