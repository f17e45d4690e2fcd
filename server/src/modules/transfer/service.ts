import { createHash } from "node:crypto";
import type { z } from "zod";
import {
  createTaskRequestSchema,
  type CreateTaskInput,
  type ExportFormat,
  type ImportError,
  type ImportResult,
} from "@contract/index";
import { inTransaction, type Db } from "../../db/database";
import type { UserRow } from "../../db/schema";
import { isoNow, type Clock } from "../../lib/clock";
import { recurrenceProblem } from "../../lib/recurrence";
import { createTasks, getTaskHistories, listTasks, type NewTaskInput } from "../tasks/service";
import { toCsv, toTasklaneJson, toTodoTxt } from "./export-formats";
import { readImportFile } from "./import-formats";
import { claimFingerprints } from "./repository";

export interface ExportFile {
  filename: string;
  contentType: string;
  body: string;
}

const EXPORT_TYPES: Record<ExportFormat, { extension: string; contentType: string }> = {
  json: { extension: "json", contentType: "application/json; charset=utf-8" },
  csv: { extension: "csv", contentType: "text/csv; charset=utf-8" },
  todotxt: { extension: "txt", contentType: "text/plain; charset=utf-8" },
};

/** GET /api/v1/export: every task of the user, in list order. */
export async function exportTasks(
  db: Db,
  clock: Clock,
  user: Pick<UserRow, "id" | "timezone">,
  format: ExportFormat,
): Promise<ExportFile> {
  const tasks = await listTasks(db, user.id, {});
  const now = clock.now();
  const body =
    format === "json"
      ? toTasklaneJson(
          tasks,
          await getTaskHistories(
            db,
            user.id,
            tasks.map((task) => task.id),
          ),
          now.toISOString(),
        )
      : format === "csv"
        ? toCsv(tasks)
        : toTodoTxt(tasks, user.timezone);
  const type = EXPORT_TYPES[format];
  const stem = format === "todotxt" ? "todo" : "tasklane-tasks";
  return {
    filename: `${stem}-${now.toISOString().slice(0, 10)}.${type.extension}`,
    contentType: type.contentType,
    body,
  };
}

/** "title: Title is required": the field named once. */
function issueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "The task is not valid";
  const field = issue.path.join(".");
  const named = !field || issue.message.toLowerCase().includes(field.replaceAll("_", " ").toLowerCase());
  return named ? issue.message : `${field}: ${issue.message}`;
}

/**
 * What makes two imported tasks the same: everything the user sees of them. Importing a file
 * again yields the same fingerprints, so nothing new is created.
 */
function fingerprintOf(task: CreateTaskInput): string {
  const identity = [
    task.title,
    task.description ?? null,
    task.status ?? "pending",
    task.priority,
    task.due_date ? new Date(task.due_date).toISOString() : null,
    task.tags,
    task.source ?? null,
    // Only a repeating task names its rule, so files imported before rules existed match still.
    ...(task.recurrence ? [task.recurrence] : []),
  ];
  return createHash("sha256").update(JSON.stringify(identity)).digest("hex");
}

/**
 * POST /api/v1/import: every valid line becomes a task, every bad one is reported and creates
 * nothing; a task already imported before (or twice in the file) is skipped. All in one
 * transaction, so a failure creates nothing at all.
 */
export async function importTasks(
  db: Db,
  clock: Clock,
  user: Pick<UserRow, "id" | "timezone">,
  file: { text: string; filename: string | undefined },
): Promise<ImportResult> {
  const now = clock.now();
  const { rows } = readImportFile(file.text, {
    timeZone: user.timezone,
    now,
    source: { type: "Document", origin: "import", ...(file.filename ? { filename: file.filename } : {}) },
  });
  const errors: ImportError[] = [];
  const candidates = new Map<string, NewTaskInput>();
  let skipped = 0;
  for (const row of rows) {
    if ("error" in row) {
      errors.push({ line: row.line, message: row.error });
      continue;
    }
    const parsed = createTaskRequestSchema.safeParse(row.task);
    if (!parsed.success) {
      errors.push({ line: row.line, message: issueMessage(parsed.error) });
      continue;
    }
    const problem = recurrenceProblem(parsed.data.recurrence, parsed.data.due_date);
    if (problem) {
      errors.push({ line: row.line, message: problem });
      continue;
    }
    const fingerprint = fingerprintOf(parsed.data);
    if (candidates.has(fingerprint)) skipped += 1;
    else candidates.set(fingerprint, { ...parsed.data, history: row.history });
  }
  const created = await inTransaction(db, async (trx) => {
    const claimed = await claimFingerprints(trx, user.id, [...candidates.keys()], isoNow(clock));
    const inputs = [...candidates]
      .filter(([fingerprint]) => claimed.has(fingerprint))
      .map(([, task]) => task);
    return (await createTasks(trx, clock, user.id, inputs)).length;
  });
  return { created, skipped: skipped + candidates.size - created, errors };
}
