import { z } from "zod";
import { taskJsonSchema, taskFromWire, type Task } from "./tasks";

/** A prioritised task carries the one-line reason it was picked. */
export const prioritisedTaskJsonSchema = /* @__PURE__ */ taskJsonSchema.extend({
  reason: z.string().nullable(),
});

export const dailyReportJsonSchema = /* @__PURE__ */ z.object({
  llm_prioritized_tasks: z.array(prioritisedTaskJsonSchema),
  remaining_tasks: z.array(taskJsonSchema),
  generated_at: z.string(),
  local_date: z.string(),
});
export type DailyReportJson = z.infer<typeof dailyReportJsonSchema>;

export const llmUsageInfoSchema = /* @__PURE__ */ z.object({
  current_usage: z.number().int(),
  usage_limit: z.number().int(),
  usage_percentage: z.number(),
});

export const dailyStatusJsonSchema = /* @__PURE__ */ z.object({
  can_use_llm: z.boolean(),
  cached_report: dailyReportJsonSchema.nullable(),
  cache_age_hours: z.number().nullable(),
  cache_is_valid: z.boolean(),
  llm_usage_info: llmUsageInfoSchema,
});
export type DailyStatusJson = z.infer<typeof dailyStatusJsonSchema>;

export const GENERATION_STATUSES = ["queued", "running", "completed", "failed"] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

export const generationStartResponseSchema = /* @__PURE__ */ z.object({ request_id: z.string() });

export const generationStatusJsonSchema = /* @__PURE__ */ z.object({
  status: z.enum(GENERATION_STATUSES),
  result: dailyReportJsonSchema.nullable(),
  error: z.string().nullable(),
});
export type GenerationStatusJson = z.infer<typeof generationStatusJsonSchema>;

// Polling and usage display
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

/** Reads a daily report tolerantly: each task through the task normaliser. */
export function dailyReportFromWire(value: unknown): DailyReport | null {
  if (typeof value !== "object" || value === null) return null;
  const raw = value as Record<string, unknown>;
  return {
    llm_prioritized_tasks: asList(raw.llm_prioritized_tasks).map((item) => ({
      ...taskFromWire(item),
      reason:
        typeof (item as { reason?: unknown }).reason === "string"
          ? (item as { reason: string }).reason
          : null,
    })),
    remaining_tasks: asList(raw.remaining_tasks).map(taskFromWire),
    generated_at: typeof raw.generated_at === "string" ? raw.generated_at : undefined,
    local_date: typeof raw.local_date === "string" ? raw.local_date : undefined,
  };
}

export interface DailyStatus {
  can_use_llm: boolean;
  cached_report: DailyReport | null;
  cache_age_hours: number | null;
  cache_is_valid: boolean;
  llm_usage_info: { current_usage: number; usage_limit: number; usage_percentage: number };
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

/** Reads the daily status tolerantly: missing parts read as "nothing yet". */
export function dailyStatusFromWire(value: unknown): DailyStatus {
  const raw = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  const usage = (
    typeof raw.llm_usage_info === "object" && raw.llm_usage_info !== null ? raw.llm_usage_info : {}
  ) as Record<string, unknown>;
  return {
    can_use_llm: raw.can_use_llm === true,
    cached_report: dailyReportFromWire(raw.cached_report),
    cache_age_hours: typeof raw.cache_age_hours === "number" ? raw.cache_age_hours : null,
    cache_is_valid: raw.cache_is_valid === true,
    llm_usage_info: {
      current_usage: numberOr(usage.current_usage, 0),
      usage_limit: numberOr(usage.usage_limit, 0),
      usage_percentage: numberOr(usage.usage_percentage, 0),
    },
  };
}

export interface GenerationProgress {
  status: string;
  result: DailyReport | null;
  error: string | null;
}

/** Reads a generation status tolerantly; only completed and failed are known outcomes. */
export function generationProgressFromWire(value: unknown): GenerationProgress {
  const raw = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  return {
    status: typeof raw.status === "string" ? raw.status : "unknown",
    result: dailyReportFromWire(raw.result),
    error: typeof raw.error === "string" ? raw.error : null,
  };
}
