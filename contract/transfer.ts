import { z } from "zod";
import { taskJsonSchema } from "./tasks";

export const EXPORT_FORMATS = ["json", "csv", "todotxt"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const exportQuerySchema = /* @__PURE__ */ z.object({
  format: z.enum(EXPORT_FORMATS, { error: "format must be json, csv or todotxt" }).default("json"),
});

/** The largest file the import accepts. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** Tasklane's own JSON export: every task with every field. */
export const tasklaneExportSchema = /* @__PURE__ */ z.object({
  format: z.literal("tasklane"),
  version: z.literal(1),
  exported_at: z.string(),
  tasks: z.array(taskJsonSchema),
});
export type TasklaneExport = z.infer<typeof tasklaneExportSchema>;

export const importErrorSchema = /* @__PURE__ */ z.object({
  /** The line of the file (for JSON: the task's position in the list, from 1) */
  line: z.number().int(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

export const importResultSchema = /* @__PURE__ */ z.object({
  created: z.number().int(),
  /** Tasks already imported before (or twice in the file): nothing new is created for them */
  skipped: z.number().int(),
  errors: z.array(importErrorSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;
