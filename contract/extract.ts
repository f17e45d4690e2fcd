import { z } from "zod";
import { isoTimestampSchema, timeZoneSchema, withoutNul } from "./common";
import {
  normalisePriority,
  normaliseSource,
  normaliseStatus,
  taskPrioritySchema,
  taskSourceSchema,
  wireTaskStatusSchema,
  type Task,
} from "./tasks";

/** Longer content is refused with 413. */
export const EXTRACT_MAX_CHARS = 50_000;

export const EXTRACTION_STRATEGIES = ["pattern", "llm"] as const;
export type ExtractionStrategy = (typeof EXTRACTION_STRATEGIES)[number];

export const extractRequestSchema = /* @__PURE__ */ z.object({
  content: withoutNul(z.string({ error: "content is required" }), "content"),
  strategy: z.enum(EXTRACTION_STRATEGIES, { error: "strategy must be pattern or llm" }).default("pattern"),
  timezone: timeZoneSchema.optional(),
});
export type ExtractRequest = z.input<typeof extractRequestSchema>;

/** An extracted task exactly as our server sends it (not saved). */
export const extractedTaskJsonSchema = /* @__PURE__ */ z.object({
  title: z.string(),
  description: z.string().nullable(),
  priority: taskPrioritySchema,
  status: wireTaskStatusSchema,
  due_date: isoTimestampSchema.nullable(),
  tags: z.array(z.string()),
  source: taskSourceSchema,
  /** "every Monday", "daily"…: the RRULE value proposed for the task (its due date is the first date), or null */
  recurrence: z.string().nullable(),
});
export type ExtractedTaskJson = z.infer<typeof extractedTaskJsonSchema>;
export const extractResponseSchema = /* @__PURE__ */ z.array(extractedTaskJsonSchema);

/** What extraction proposes of a task (a task's other fields come when it is added). */
export type ExtractedTask = Pick<
  Task,
  "title" | "description" | "priority" | "status" | "due_date" | "tags" | "source" | "recurrence"
>;

/** Reads an extracted task tolerantly: source type "Llm" means AI. */
export function extractedTaskFromWire(value: unknown): ExtractedTask {
  const raw = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  return {
    title: typeof raw.title === "string" ? raw.title : "",
    description: typeof raw.description === "string" ? raw.description : null,
    priority: normalisePriority(raw.priority),
    status: normaliseStatus(raw.status),
    due_date: typeof raw.due_date === "string" ? raw.due_date : null,
    tags: Array.isArray(raw.tags) ? raw.tags.filter((tag): tag is string => typeof tag === "string") : [],
    source: normaliseSource(raw.source),
    recurrence: typeof raw.recurrence === "string" ? raw.recurrence : null,
  };
}

export function isAiExtracted(task: Pick<ExtractedTask, "source">): boolean {
  return task.source.type === "Llm";
}
