import OpenAI from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { z } from "zod";
import type { ExtractedTaskJson } from "@contract/extract";
import { DEFAULT_TASK_PRIORITY, TASK_LIMITS, TASK_PRIORITIES, type TaskSource } from "@contract/tasks";
import type { Config } from "../config";
import { normaliseRecurrence, RecurrenceError } from "../lib/recurrence";
import { dueDateFromInstant, zonedWallTimeToUtc } from "../modules/extract/date-phrases";
import { MORNING_HOUR } from "../modules/extract/date-language";
import { PLAN_PICKS_MAX } from "./plan-scoring";
import { AiProviderError, type AiProvider, type PlanCandidate, type PlanPick } from "./provider";

/**
 * The OpenAI-compatible provider: OpenAI, Ollama, vLLM, llama.cpp… at
 * AI_BASE_URL. It asks for a JSON object, validates it with zod, asks once more when the answer
 * is invalid, and gives up with AiProviderError (the route answers 502/504 and charges nothing).
 */

export const OPENAI_SOURCE: TaskSource = { type: "Llm", origin: "openai" };

type Result<T> = { ok: true; value: T } | { ok: false; problem: string };

// ---------------------------------------------------------------------------------------------
// The answers we accept.
// ---------------------------------------------------------------------------------------------

/** Dates come back as local wall time in the user's zone (easier for a model than UTC). */
const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A due date as the model wrote it, as ISO UTC; undefined when it is not a date we can read. */
function dueDateFromModel(value: string, timeZone: string): string | undefined {
  const text = value.trim();
  if (WITH_OFFSET.test(text)) {
    return dueDateFromInstant(new Date(text));
  }
  const match = LOCAL_DATE.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  if (year === undefined || month === undefined || day === undefined || !isRealDate(year, month, day))
    return undefined;
  if (hour !== undefined && (hour > 23 || (minute ?? 0) > 59)) return undefined;
  // A date without a time is due at the end of that day, as in the pattern method.
  const wall =
    hour === undefined
      ? { year, month, day, hour: 23, minute: 59, second: 59 }
      : { year, month, day, hour, minute: minute ?? 0, second: second ?? 0 };
  return dueDateFromInstant(zonedWallTimeToUtc(wall, timeZone));
}

const lowerCased = (value: unknown) => (typeof value === "string" ? value.trim().toLowerCase() : value);

const modelTaskSchema = z.object({
  title: z.string().trim().min(1, { error: "every task needs a title" }).max(TASK_LIMITS.titleMax),
  description: z
    .string()
    .nullish()
    .transform((value) =>
      value && value.trim() !== "" ? value.trim().slice(0, TASK_LIMITS.descriptionMax) : null,
    ),
  priority: z.preprocess(lowerCased, z.enum(TASK_PRIORITIES)).catch(DEFAULT_TASK_PRIORITY),
  status: z
    .preprocess(
      (value) => (lowerCased(value) === "inprogress" ? "in_progress" : lowerCased(value)),
      z.enum(["pending", "in_progress", "completed", "cancelled"]),
    )
    .catch("pending"),
  due_date: z.string().nullish(),
  recurrence: z.string().nullish().catch(null),
  tags: z
    .array(z.string())
    .nullish()
    .transform((tags) =>
      [...new Set((tags ?? []).map((tag) => tag.trim().replace(/^#/, "")).filter((tag) => tag.length > 0))]
        .filter((tag) => tag.length <= TASK_LIMITS.tagMax)
        .slice(0, TASK_LIMITS.tagsMax),
    ),
});

const extractionAnswerSchema = z.object({ tasks: z.array(modelTaskSchema).max(200) });

const planAnswerSchema = z.object({
  picks: z.array(
    z.object({
      task_id: z.union([z.string(), z.number()]).transform(String),
      reason: z.string().trim().min(1, { error: "every pick needs a reason" }).max(500),
    }),
  ),
});

function problemOf(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join(".") || "answer"}: ${issue.message}` : "it does not match the schema";
}

function parseJson(content: string): Result<unknown> {
  // Some local models wrap JSON in a Markdown fence even in JSON mode.
  const unfenced = content.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/i, "$1");
  try {
    return { ok: true, value: JSON.parse(unfenced) as unknown };
  } catch {
    return { ok: false, problem: "it is not valid JSON" };
  }
}

/** A rule the model proposed, if it is one a task can carry; anything else is dropped, not fatal. */
function modelRecurrence(rule: string | null | undefined): string | null {
  if (!rule) return null;
  try {
    return normaliseRecurrence(rule);
  } catch (error) {
    if (error instanceof RecurrenceError) return null;
    throw error;
  }
}

function readExtraction(content: string, timeZone: string): Result<ExtractedTaskJson[]> {
  const json = parseJson(content);
  if (!json.ok) return json;
  const parsed = extractionAnswerSchema.safeParse(json.value);
  if (!parsed.success) return { ok: false, problem: problemOf(parsed.error) };
  const tasks: ExtractedTaskJson[] = [];
  for (const [index, task] of parsed.data.tasks.entries()) {
    const dueDate = task.due_date ? dueDateFromModel(task.due_date, timeZone) : null;
    if (dueDate === undefined) {
      return {
        ok: false,
        problem: `tasks.${index}.due_date: "${task.due_date}" is not YYYY-MM-DD or YYYY-MM-DDTHH:mm`,
      };
    }
    tasks.push({
      title: task.title,
      description: task.description,
      priority: task.priority,
      status: task.status,
      due_date: dueDate,
      tags: task.tags,
      source: OPENAI_SOURCE,
      recurrence: dueDate ? modelRecurrence(task.recurrence) : null,
    });
  }
  return { ok: true, value: tasks };
}

function readPlan(content: string, candidates: PlanCandidate[]): Result<PlanPick[]> {
  const json = parseJson(content);
  if (!json.ok) return json;
  const parsed = planAnswerSchema.safeParse(json.value);
  if (!parsed.success) return { ok: false, problem: problemOf(parsed.error) };
  const known = new Set(candidates.map((candidate) => candidate.id));
  const picks: PlanPick[] = [];
  // Ids the model invented or repeated are dropped, not trusted.
  for (const pick of parsed.data.picks) {
    if (known.has(pick.task_id) && !picks.some((chosen) => chosen.task_id === pick.task_id)) picks.push(pick);
  }
  if (picks.length === 0 && parsed.data.picks.length > 0) {
    return { ok: false, problem: "none of the task_id values is one of the given tasks" };
  }
  return { ok: true, value: picks.slice(0, PLAN_PICKS_MAX) };
}

// ---------------------------------------------------------------------------------------------
// The prompts.
// ---------------------------------------------------------------------------------------------

function localNow(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone,
    weekday: "long",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(now);
}

function extractionPrompt(timeZone: string, now: Date, morningHour: number): string {
  return [
    "You extract actionable tasks from text for a personal task manager.",
    `The user's time zone is ${timeZone}; it is now ${localNow(now, timeZone)} there.`,
    `For this user "morning" with no hour written means ${String(morningHour).padStart(2, "0")}:00.`,
    'Answer with one JSON object only: {"tasks": [{"title": string, "description": string | null, "priority": "low" | "medium" | "high" | "urgent", "status": "pending" | "completed", "due_date": string | null, "recurrence": string | null, "tags": string[]}]}.',
    "Rules:",
    "- One task per distinct action the text asks for or commits to; ignore greetings, signatures and information that asks for nothing.",
    "- title: a short imperative phrase (at most 120 characters) without dates, hashtags, checkbox or TODO markers.",
    "- description: useful context from the text (who asked, details), or null.",
    '- due_date: only when the text names a deadline, as local time in the user\'s time zone, "YYYY-MM-DDTHH:mm", or "YYYY-MM-DD" when no time is named; otherwise null. Numbers and month names that are part of a title (e.g. "Review Q3 report", "Plan May Day party") are not deadlines.',
    '- priority: "urgent" for urgent/ASAP/immediately/critical, "high" for important/soon, "low" for no rush/eventually, otherwise "medium".',
    '- status: "completed" only for items marked done ([x], DONE:), otherwise "pending".',
    "- tags: the #hashtags of the task without '#', except #urgent/#high/#medium/#low which set the priority.",
    '- recurrence: only when the text says the task repeats ("every Monday", "daily", "each month on the 1st"), as an RFC 5545 RRULE value such as "FREQ=WEEKLY;BYDAY=MO" (DAILY, WEEKLY, MONTHLY or YEARLY, no DTSTART, no BYHOUR), with due_date its first date; otherwise null.',
    'If the text contains no tasks, answer {"tasks": []}.',
  ].join("\n");
}

const summaryAnswerSchema = z.object({ summary: z.string().trim().min(1).max(1_000) });

function readSummary(content: string): Result<string> {
  const json = parseJson(content);
  if (!json.ok) return json;
  const parsed = summaryAnswerSchema.safeParse(json.value);
  return parsed.success
    ? { ok: true, value: parsed.data.summary }
    : { ok: false, problem: problemOf(parsed.error) };
}

const SUMMARY_PROMPT = [
  "You write the summary of a person's weekly task review: two to four short, friendly, factual sentences.",
  "Say what was completed, what slipped (name one or two slipped tasks when given) and what the next week holds.",
  "Use only the numbers given; do not invent tasks. No greeting, no list, no Markdown.",
  'Answer with one JSON object only: {"summary": string}.',
].join("\n");

function planPrompt(timeZone: string, now: Date): string {
  return [
    "You plan a person's day from their open tasks.",
    `Their time zone is ${timeZone}; it is now ${localNow(now, timeZone)} there.`,
    `Choose the tasks to do today, best first, at most ${PLAN_PICKS_MAX}: overdue tasks first, then tasks due today, then by priority, then the ones waiting longest.`,
    'Answer with one JSON object only: {"picks": [{"task_id": string, "reason": string}]}, where task_id is the id of one of the given tasks and reason is one short sentence saying why.',
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------
// The conversation.
// ---------------------------------------------------------------------------------------------

function providerErrorOf(error: unknown): AiProviderError {
  if (error instanceof AiProviderError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError || error instanceof OpenAI.APIUserAbortError) {
    return new AiProviderError("The AI service did not answer in time", "timeout");
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return new AiProviderError(`The AI service could not be reached: ${error.message}`, "unavailable");
  }
  if (error instanceof OpenAI.APIError) {
    return new AiProviderError(
      `The AI service answered HTTP ${error.status ?? "?"}: ${error.message}`,
      "bad_response",
    );
  }
  throw error;
}

const ATTEMPTS = 2;

export function createOpenAiProvider(config: Config["ai"] & { baseUrl: string }): AiProvider {
  const client = new OpenAI({
    baseURL: config.baseUrl,
    // Local servers (Ollama, llama.cpp) need no key, but the SDK insists on one.
    apiKey: config.apiKey ?? "not-needed",
    timeout: config.timeoutMs,
    maxRetries: 0,
  });

  /** Asks until the answer reads, at most twice, all within one timeout. */
  async function ask<T>(
    messages: ChatCompletionMessageParam[],
    read: (content: string) => Result<T>,
  ): Promise<T> {
    const deadline = Date.now() + config.timeoutMs;
    const conversation = [...messages];
    let problem = "";
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new AiProviderError("The AI service did not answer in time", "timeout");
      let content: string;
      try {
        const completion = await client.chat.completions.create(
          {
            model: config.model,
            messages: conversation,
            response_format: { type: "json_object" },
            temperature: 0,
          },
          { timeout: remaining },
        );
        content = completion.choices[0]?.message?.content ?? "";
      } catch (error) {
        throw providerErrorOf(error);
      }
      const result = read(content);
      if (result.ok) return result.value;
      problem = result.problem;
      conversation.push(
        { role: "assistant", content },
        {
          role: "user",
          content: `That answer cannot be used: ${problem}. Answer again with only the JSON object described.`,
        },
      );
    }
    throw new AiProviderError(`The AI service returned an invalid answer: ${problem}`, "bad_response");
  }

  return {
    name: "openai",
    async extractTasks({ content, timeZone, now, morningHour = MORNING_HOUR }) {
      return ask(
        [
          { role: "system", content: extractionPrompt(timeZone, now, morningHour) },
          { role: "user", content },
        ],
        (answer) => readExtraction(answer, timeZone),
      );
    },
    async prioritise({ tasks, timeZone, now }) {
      if (tasks.length === 0) return [];
      const candidates = tasks.map((task) => ({
        id: task.id,
        title: task.title,
        description: task.description,
        status: task.status,
        priority: task.priority,
        due_date: task.due_date,
        created_at: task.created_at,
      }));
      return ask(
        [
          { role: "system", content: planPrompt(timeZone, now) },
          { role: "user", content: JSON.stringify({ tasks: candidates }) },
        ],
        (answer) => readPlan(answer, tasks),
      );
    },
    async summariseWeek(facts) {
      return ask(
        [
          { role: "system", content: SUMMARY_PROMPT },
          { role: "user", content: JSON.stringify(facts) },
        ],
        readSummary,
      );
    },
  };
}
