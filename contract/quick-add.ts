import { z } from "zod";
import { timeZoneSchema } from "./common";
import { taskPrioritySchema } from "./tasks";

export const QUICK_ADD_TEXT_MAX = 1000;

export const quickAddSpanKinds = ["date", "priority", "tag", "recurrence", "project"] as const;
export type QuickAddSpanKind = (typeof quickAddSpanKinds)[number];

export const parseTaskRequestSchema = /* @__PURE__ */ z.object({
  text: z.string().max(QUICK_ADD_TEXT_MAX, {
    error: `text must be at most ${QUICK_ADD_TEXT_MAX} characters`,
  }),
  timezone: timeZoneSchema.optional(),
});
export type ParseTaskRequest = z.infer<typeof parseTaskRequestSchema>;

/** A recognised part of the text: [start, end) in UTF-16 code units, as JavaScript counts them. */
export const quickAddSpanSchema = /* @__PURE__ */ z.object({
  start: z.number().int(),
  end: z.number().int(),
  kind: z.enum(quickAddSpanKinds),
});
export type QuickAddSpan = z.infer<typeof quickAddSpanSchema>;

export const parseTaskResponseSchema = /* @__PURE__ */ z.object({
  title: z.string(),
  /** null when the text names no priority (a task created from it gets the default) */
  priority: taskPrioritySchema.nullable(),
  due_date: z.string().nullable(),
  tags: z.array(z.string()),
  /** An RFC 5545 RRULE value such as FREQ=MONTHLY;INTERVAL=6, or null */
  recurrence: z.string().nullable(),
  /** The user's project named by `+Name` (case, spaces, hyphens and underscores ignored), or null */
  project_id: z.string().nullable(),
  /** The name after `+` when no project has it (offer to create it), else null */
  project_name: z.string().nullable(),
  spans: z.array(quickAddSpanSchema),
});
export type ParseTaskResponse = z.infer<typeof parseTaskResponseSchema>;
