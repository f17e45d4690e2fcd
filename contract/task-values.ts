import { z } from "zod";
import { withoutNul } from "./common";

// Status, priority and source of a task: the values and their tolerant readers.

export const TASK_STATUSES = ["pending", "inprogress", "completed", "cancelled"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const taskStatusSchema = /* @__PURE__ */ z.enum(TASK_STATUSES);

/** The statuses of a task still to do: "open" everywhere (lists, counts, plans, reminders). */
export const OPEN_STATUSES = ["pending", "inprogress"] as const satisfies readonly TaskStatus[];
export type OpenStatus = (typeof OPEN_STATUSES)[number];

/** Whether a task of this status is still to do. */
export function isOpenStatus(status: TaskStatus): status is OpenStatus {
  return status === "pending" || status === "inprogress";
}

/** What the server puts on the wire: work in progress is spelled in_progress. */
export const WIRE_TASK_STATUSES = ["pending", "in_progress", "completed", "cancelled"] as const;
export type WireTaskStatus = (typeof WIRE_TASK_STATUSES)[number];
export const wireTaskStatusSchema = /* @__PURE__ */ z.enum(WIRE_TASK_STATUSES);

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  pending: "Pending",
  inprogress: "In Progress",
  completed: "Completed",
  cancelled: "Cancelled",
};

export const TASK_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const taskPrioritySchema = /* @__PURE__ */ z.enum(TASK_PRIORITIES);
export const DEFAULT_TASK_PRIORITY: TaskPriority = "medium";

/** One of TASK_STATUSES (what taskStatusSchema accepts), checked without building a schema. */
function isTaskStatus(value: unknown): value is TaskStatus {
  return TASK_STATUSES.includes(value as TaskStatus);
}

/** in_progress reads as inprogress; anything unknown reads as pending. */
export function normaliseStatus(value: unknown): TaskStatus {
  if (value === "in_progress") return "inprogress";
  return isTaskStatus(value) ? value : "pending";
}

/** Accepts both spellings; undefined for anything else (the server answers 400). */
export function parseStatusInput(value: string): TaskStatus | undefined {
  const normalised = value.trim().toLowerCase();
  if (normalised === "in_progress") return "inprogress";
  return isTaskStatus(normalised) ? normalised : undefined;
}

export function toWireStatus(status: TaskStatus): WireTaskStatus {
  return status === "inprogress" ? "in_progress" : status;
}

/** An unknown priority reads as medium. */
export function normalisePriority(value: unknown): TaskPriority {
  return TASK_PRIORITIES.includes(value as TaskPriority) ? (value as TaskPriority) : DEFAULT_TASK_PRIORITY;
}

export const TASK_SOURCE_TYPES = ["Manual", "Llm", "Document", "Audio"] as const;
export type TaskSourceType = (typeof TASK_SOURCE_TYPES)[number];

export const taskSourceSchema = /* @__PURE__ */ z.object({
  type: z.enum(TASK_SOURCE_TYPES),
  origin: withoutNul(z.string(), "origin").optional(),
  filename: withoutNul(z.string(), "filename").optional(),
});
export type TaskSource = z.infer<typeof taskSourceSchema>;

export const MANUAL_SOURCE: TaskSource = { type: "Manual" };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function optionalString(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function sourceOf(type: TaskSourceType, details: Record<string, unknown>): TaskSource {
  const source: TaskSource = { type };
  const origin = optionalString(details.origin);
  const filename = optionalString(details.filename);
  if (origin !== undefined) source.origin = origin;
  if (filename !== undefined) source.filename = filename;
  return source;
}

/**
 * The source arrives flat ({type, origin, filename}) or wrapped in a single key
 * ({"Llm": {"origin": "email"}}, or the bare string "Manual"); unknown forms read as Manual.
 */
export function normaliseSource(value: unknown): TaskSource {
  const isKnownType = (key: unknown): key is TaskSourceType =>
    TASK_SOURCE_TYPES.includes(key as TaskSourceType);
  if (typeof value === "string") return isKnownType(value) ? { type: value } : MANUAL_SOURCE;
  if (!isRecord(value)) return MANUAL_SOURCE;
  if (isKnownType(value.type)) return sourceOf(value.type, value);
  const keys = Object.keys(value);
  if (keys.length === 1) {
    const key = keys[0];
    if (isKnownType(key)) {
      const details = value[key];
      return sourceOf(key, isRecord(details) ? details : {});
    }
  }
  return MANUAL_SOURCE;
}
