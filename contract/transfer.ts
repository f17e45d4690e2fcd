import { z } from "zod";
import { projectColorSchema } from "./projects";
import { taskEventJsonSchema } from "./analytics";
import { taskJsonSchema } from "./tasks";

export const EXPORT_FORMATS = ["json", "csv", "todotxt"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** How a CSV export writes dates: as the user chose in Settings, or ISO 8601 in UTC for programs. */
export const EXPORT_DATE_STYLES = ["user", "iso"] as const;
export type ExportDateStyle = (typeof EXPORT_DATE_STYLES)[number];

export const exportQuerySchema = /* @__PURE__ */ z.object({
  format: z.enum(EXPORT_FORMATS, { error: "format must be json, csv or todotxt" }).default("json"),
  dates: z
    .enum(EXPORT_DATE_STYLES, { error: "dates must be user or iso" })
    .default("user")
    .meta({
      description:
        "CSV only: `user` (default) writes dates in the user's date order and clock, in their time zone " +
        "(a task due all day as the day alone); `iso` writes ISO 8601 timestamps in UTC.",
    }),
});

/** The largest file the import accepts. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** A project in the JSON export; tasks name it by id, the import finds or creates it by name. */
export const exportedProjectSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  name: z.string(),
  color: projectColorSchema,
  is_inbox: z.boolean(),
  archived: z.boolean(),
});
export type ExportedProject = z.infer<typeof exportedProjectSchema>;

/**
 * Tasklane's own JSON export: every task with every field and its history (events, oldest first),
 * so an import elsewhere keeps when each task was created and completed, and the projects they are in.
 */
export const tasklaneExportSchema = /* @__PURE__ */ z.object({
  format: z.literal("tasklane"),
  version: z.literal(1),
  exported_at: z.string(),
  /** Absent in files exported before projects: their tasks go to the Inbox. */
  projects: z.array(exportedProjectSchema).optional(),
  tasks: z.array(taskJsonSchema.extend({ events: z.array(taskEventJsonSchema) })),
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
  /** Tasks already there (imported before, twice in the file, or in the account): none created */
  skipped: z.number().int(),
  errors: z.array(importErrorSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;
