import type { FastifyBaseLogger } from "fastify";
import { isValidTimeZone } from "../../../../contract/common";
import {
  EXTRACT_MAX_CHARS,
  type ExtractedTaskJson,
  type extractRequestSchema,
} from "../../../../contract/extract";
import type { z } from "zod";
import { AiProviderError } from "../../ai/provider";
import type { AppDeps } from "../../app-types";
import type { UserRow } from "../../db/schema";
import { badRequest, HttpError, payloadTooLarge } from "../../lib/http-error";
import { assertCanUseAi, chargeAiUse } from "../premium/quota";
import { extractWithPatterns } from "./pattern-extractor";

export type ExtractInput = z.output<typeof extractRequestSchema>;

/** spec §5: the same words the SPA's "No content" toast uses. */
export const BLANK_CONTENT_MESSAGE = "Please enter some text to extract tasks from.";
export const TOO_LONG_MESSAGE = `The text is too long: at most ${EXTRACT_MAX_CHARS.toLocaleString("en-US")} characters can be extracted at once.`;
export const AI_INVALID_ANSWER_MESSAGE = "The AI service returned an invalid answer. Please try again.";
export const AI_TIMEOUT_MESSAGE = "The AI service took too long to answer. Please try again.";
export const AI_UNAVAILABLE_MESSAGE = "The AI service is unavailable right now. Please try again later.";

/** A provider failure as the client sees it: nothing was charged (issue 4). */
function httpErrorOf(error: AiProviderError): HttpError {
  switch (error.kind) {
    case "timeout":
      return new HttpError(504, AI_TIMEOUT_MESSAGE, "ai_timeout");
    case "unavailable":
      return new HttpError(502, AI_UNAVAILABLE_MESSAGE, "ai_unavailable");
    case "bad_response":
      return new HttpError(502, AI_INVALID_ANSWER_MESSAGE, "ai_invalid_answer");
  }
}

/** The request's timezone when the override is on (spec §3), else the user's, else UTC. */
function timeZoneFor(input: ExtractInput, user: Pick<UserRow, "timezone">): string {
  if (input.timezone) return input.timezone;
  return isValidTimeZone(user.timezone) ? user.timezone : "UTC";
}

/**
 * POST /api/v1/extract/text: the tasks found in a text, not saved. The pattern method is free;
 * the AI method is refused at the limit and charges one use only once the provider has answered.
 */
export async function extractTasks(
  deps: Pick<AppDeps, "db" | "config" | "ai">,
  user: Pick<UserRow, "id" | "timezone">,
  input: ExtractInput,
  now: Date,
  log: FastifyBaseLogger,
): Promise<ExtractedTaskJson[]> {
  if (input.content.trim() === "") throw badRequest(BLANK_CONTENT_MESSAGE, "blank_content");
  if (input.content.length > EXTRACT_MAX_CHARS) throw payloadTooLarge(TOO_LONG_MESSAGE);
  const timeZone = timeZoneFor(input, user);

  if (input.strategy === "pattern") return extractWithPatterns(input.content, { timeZone, now });

  await assertCanUseAi(deps.db, deps.config, user, now);
  let tasks: ExtractedTaskJson[];
  try {
    tasks = await deps.ai.extractTasks({ content: input.content, timeZone, now });
  } catch (error) {
    if (!(error instanceof AiProviderError)) throw error;
    log.warn({ provider: deps.ai.name, kind: error.kind, reason: error.message }, "AI extraction failed");
    throw httpErrorOf(error);
  }
  // Charged only now, atomically: of two requests at the last unit only one is charged, the
  // other is refused with 403 like any request over the limit.
  await chargeAiUse(deps.db, deps.config, user.id, now);
  return tasks;
}
