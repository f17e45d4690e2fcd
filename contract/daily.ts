import { z } from "zod";
import { taskJsonSchema, taskFromWire, type Task } from "./tasks";

/** A prioritised task carries the one-line reason it was picked (issue 5). */
export const prioritisedTaskJsonSchema = taskJsonSchema.extend({ reason: z.string().nullable() });

export const dailyReportJsonSchema = z.object({
  llm_prioritized_tasks: z.array(prioritisedTaskJsonSchema),
  remaining_tasks: z.array(taskJsonSchema),
  generated_at: z.string(),
  local_date: z.string(),
});
export type DailyReportJson = z.infer<typeof dailyReportJsonSchema>;

export const llmUsageInfoSchema = z.object({
  current_usage: z.number().int(),
  usage_limit: z.number().int(),
  usage_percentage: z.number(),
});

export const dailyStatusJsonSchema = z.object({
  can_use_llm: z.boolean(),
  cached_report: dailyReportJsonSchema.nullable(),
  cache_age_hours: z.number().nullable(),
  cache_is_valid: z.boolean(),
  llm_usage_info: llmUsageInfoSchema,
});
export type DailyStatusJson = z.infer<typeof dailyStatusJsonSchema>;

export const GENERATION_STATUSES = ["queued", "running", "completed", "failed"] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

export const generationStartResponseSchema = z.object({ request_id: z.string() });

export const generationStatusJsonSchema = z.object({
  status: z.enum(GENERATION_STATUSES),
  result: dailyReportJsonSchema.nullable(),
  error: z.string().nullable(),
});
export type GenerationStatusJson = z.infer<typeof generationStatusJsonSchema>;

// spec §9
export const DAILY_POLL_INTERVAL_MS = 1_500;
export const DAILY_GENERATION_TIMEOUT_MS = 120_000;
export const DAILY_PRIORITISED_SHOWN = 3;
export const DAILY_REMAINING_SHOWN = 2;

export type PrioritisedTask = Task & { reason: string | null };

export interface DailyReport {
  llm_prioritized_tasks: PrioritisedTask[];
  remaining_tasks: Task[];
  generated_at?: string;
  local_date?: string;
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Reads a daily report tolerantly: each task through the task normaliser (spec §3–4). */
export function dailyReportFromWire(value: unknown): DailyReport | null {
  if (typeof value !== "object" || value === null) return null;
  const raw = value as Record<string, unknown>;
  return {
    llm_prioritized_tasks: asList(raw.llm_prioritized_tasks).map((item) => ({
      ...taskFromWire(item),
      reason:
        typeof (item as { reason?: unknown }).reason === "string" ? (item as { reason: string }).reason : null,
    })),
    remaining_tasks: asList(raw.remaining_tasks).map(taskFromWire),
    generated_at: typeof raw.generated_at === "string" ? raw.generated_at : undefined,
    local_date: typeof raw.local_date === "string" ? raw.local_date : undefined,
  };
}
