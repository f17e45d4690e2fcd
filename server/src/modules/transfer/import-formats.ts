import { parse as parseCsv, type CsvError } from "csv-parse/sync";
import {
  MANUAL_SOURCE,
  isValidTimeZone,
  isoTimestampSchema,
  normaliseSource,
  type CreateTaskRequest,
  type TaskPriority,
  type TaskSource,
} from "@contract/index";
import { z } from "zod";
import { taskEventJsonSchema, type TaskEventJson } from "@contract/analytics";
import { formatNumericDate, type DateOrder } from "@contract/date-format";
import { parseQuickAdd } from "../quick-add";
import { inputFromCsvFields, withoutFormulaEscape } from "./csv-columns";
import { readLocalDate } from "./csv-dates";
import { endOfDayIn } from "./import-dates";
import { readTodoTxt } from "./todo-txt-import";

export type ImportFormat = "tasklane-json" | "tasklane-csv" | "todoist-csv" | "todotxt";

/** What a task of our JSON export brings of its past: kept by the import. */
export interface ImportedHistory {
  created_at?: string;
  completed_at?: string | null;
  completed_at_approximate?: boolean;
  events?: TaskEventJson[];
}

/** The project a task of the file names, found by name or created on import; none: the Inbox. */
export interface ImportProject {
  name: string;
  color?: string;
  archived?: boolean;
}

/**
 * One task of the file, or why its line cannot become one. `key` is the task's id in the file and
 * `parentKey` its parent's, for the import to rebuild the tree with the new ids. `exportedId` is
 * the id a Tasklane export gave the task: in the account it came from, the task is that one.
 */
export type ImportRow =
  | {
      line: number;
      task: CreateTaskRequest;
      project?: ImportProject;
      key?: string;
      parentKey?: string;
      exportedId?: string;
      history?: ImportedHistory;
      /** Its place among its parent's subtasks in the file: siblings are created in this order. */
      position?: number;
    }
  | { line: number; error: string };

export interface ImportContext {
  /** The user's zone: dates without a time are the end of that day there */
  timeZone: string;
  now: Date;
  /** Where tasks of a file without sources of its own came from */
  source: TaskSource;
  /** The uploaded file's name: a Todoist export is one project, named after its file */
  filename?: string;
  /** The order of day and month the user chose in Settings: a CSV's numeric dates read in it */
  dateOrder?: DateOrder;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The format by content, never by file name: JSON, a CSV header Tasklane or Todoist writes, else todo.txt. */
export function detectFormat(text: string): ImportFormat {
  const start = text.trimStart();
  if (start.startsWith("{") || start.startsWith("[")) return "tasklane-json";
  const firstLine = (start.split(/\r?\n/, 1)[0] ?? "").toLowerCase();
  const headers = firstLine.split(",").map((field) => field.trim().replace(/^"|"$/g, ""));
  if (headers.includes("type") && headers.includes("content")) return "todoist-csv";
  if (headers.includes("title")) return "tasklane-csv";
  return "todotxt";
}

// ---------------------------------------------------------------------------------------------
// Tasklane JSON: our export ({ format, tasks }) or a bare array of tasks.
// ---------------------------------------------------------------------------------------------

function readJson(text: string): ImportRow[] {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    return [{ line: 1, error: `The file is not valid JSON (${(error as Error).message})` }];
  }
  const items = Array.isArray(document) ? document : isRecord(document) ? document.tasks : undefined;
  if (!Array.isArray(items)) return [{ line: 1, error: "The JSON has no list of tasks" }];
  const projects = exportedProjects(isRecord(document) ? document.projects : undefined);
  return items.map((item: unknown, index): ImportRow => {
    const line = index + 1;
    if (!isRecord(item)) return { line, error: "A task must be an object" };
    const project = typeof item.project_id === "string" ? projects.get(item.project_id) : undefined;
    const history = historyOf(item);
    if (typeof history === "string") return { line, error: history };
    return {
      line,
      history,
      // Every field a task takes on input, as exported, checked by the create schema; a reminder
      // is left behind (its time has passed or belongs to the old installation's jobs), and the
      // project and parent are ids of the old installation: found again by name and by key.
      task: {
        ...withoutIds(item),
        source: item.source === undefined ? MANUAL_SOURCE : normaliseSource(item.source),
      } as CreateTaskRequest,
      ...(project ? { project } : {}),
      ...idsOf(item),
      ...(typeof item.position === "number" ? { position: item.position } : {}),
    };
  });
}

/** A task's history may be long, but not unbounded. */
const IMPORTED_EVENTS_MAX = 1_000;
const importedEventsSchema = /* @__PURE__ */ z.array(taskEventJsonSchema).max(IMPORTED_EVENTS_MAX, {
  error: `events: at most ${IMPORTED_EVENTS_MAX} events per task`,
});

/** created_at, completed_at and the events of an exported task; a message when they are malformed. */
function historyOf(item: Record<string, unknown>): ImportedHistory | string {
  const history: ImportedHistory = {};
  for (const field of ["created_at", "completed_at"] as const) {
    const value = item[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== "string" || Number.isNaN(Date.parse(value)))
      return `${field}: must be an ISO timestamp`;
    history[field] = value;
  }
  if (item.completed_at_approximate === true) history.completed_at_approximate = true;
  if (item.events !== undefined) {
    const events = importedEventsSchema.safeParse(item.events);
    if (!events.success) {
      const issue = events.error.issues[0];
      const path = issue?.path.length ? `events.${issue.path.join(".")}` : "events";
      return issue?.message.startsWith("events:") ? issue.message : `${path}: ${issue?.message ?? "invalid"}`;
    }
    history.events = events.data;
  }
  return history;
}

function withoutIds(item: Record<string, unknown>): Record<string, unknown> {
  const { remind_at: _reminder, project_id: _project, parent_id: _parent, ...fields } = item;
  return fields;
}

function idsOf(item: Record<string, unknown>): { key?: string; parentKey?: string; exportedId?: string } {
  const asKey = (value: unknown) =>
    typeof value === "string" || typeof value === "number" ? String(value) : undefined;
  const key = asKey(item.id);
  const parentKey = asKey(item.parent_id);
  return { ...(key ? { key, exportedId: key } : {}), ...(parentKey ? { parentKey } : {}) };
}

/** The export's projects by their old id; the Inbox is left out (its tasks go to the Inbox). */
function exportedProjects(value: unknown): Map<string, ImportProject> {
  const projects = new Map<string, ImportProject>();
  if (!Array.isArray(value)) return projects;
  for (const item of value) {
    if (!isRecord(item) || typeof item.id !== "string" || typeof item.name !== "string") continue;
    if (item.is_inbox === true) continue;
    projects.set(item.id, {
      name: item.name,
      ...(typeof item.color === "string" ? { color: item.color } : {}),
      ...(typeof item.archived === "boolean" ? { archived: item.archived } : {}),
    });
  }
  return projects;
}

// ---------------------------------------------------------------------------------------------
// CSV (RFC 4180): our own columns, or Todoist's export.
// ---------------------------------------------------------------------------------------------

interface CsvRecord {
  line: number;
  fields: Record<string, string>;
}

/** Records keyed by lower-cased header; a row with the wrong field count or a broken quote is an error. */
function readCsvRecords(text: string): { records: CsvRecord[]; errors: ImportRow[] } {
  const errors: ImportRow[] = [];
  let lastLine = 1;
  const parsed: { record: string[]; startLine: number }[] = [];
  parseCsv(text, {
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (error: CsvError | undefined) => {
      errors.push({
        line: lastLine + 1,
        error:
          error?.code === "CSV_QUOTE_NOT_CLOSED"
            ? "A quoted field is never closed"
            : `The line is not valid CSV (${error?.message ?? "unreadable"})`,
      });
    },
    on_record: (record: string[], context) => {
      parsed.push({ record, startLine: lastLine + 1 });
      lastLine = context.lines;
      return record;
    },
  });
  const [header, ...rows] = parsed;
  const names = (header?.record ?? []).map((name) => name.trim().toLowerCase());
  const records: CsvRecord[] = [];
  for (const row of rows) {
    if (row.record.length !== names.length) {
      errors.push({
        line: row.startLine,
        error: `Expected ${names.length} fields like the header, found ${row.record.length}`,
      });
      continue;
    }
    records.push({
      line: row.startLine,
      fields: Object.fromEntries(names.map((name, index) => [name, row.record[index] ?? ""])),
    });
  }
  return { records, errors };
}

/** Tags as our export writes them (a JSON array) or as people type them ("work, home"). */
function readTagList(value: string): string[] | undefined {
  const text = value.trim();
  if (text === "") return [];
  if (text.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(text);
      return Array.isArray(parsed) ? parsed.map(String) : undefined;
    } catch {
      return undefined;
    }
  }
  return text.split(",").map((tag) => tag.trim());
}

const emptyToNull = (value: string | undefined) =>
  value === undefined || value.trim() === "" ? null : value;

/**
 * A due date cell as spreadsheets and people write it: empty; a calendar day ("2026-12-10", or
 * numeric in the user's chosen order), due all that day where the user lives; a day and time
 * without a zone ("2026-12-10 09:30", "10/12/2026 9:30 AM"), that time there; or an ISO timestamp
 * with its offset, as the export writes with `dates=iso`.
 */
function readDueCell(
  text: string,
  timeZone: string,
  dateOrder: DateOrder | undefined,
): { dueDate: string | null } | { error: string } {
  const value = text.trim();
  if (value === "") return { dueDate: null };
  const local = readLocalDate(value, timeZone, dateOrder);
  if (local) return { dueDate: "day" in local ? endOfDayIn(local.day, timeZone) : local.instant };
  if (isoTimestampSchema.safeParse(value).success) return { dueDate: value };
  return { error: `due_date: ${notADate(value, dateOrder)}` };
}

/** The planned start: a day and time in the user's zone, or an ISO timestamp with its offset. */
function readScheduledCell(
  text: string,
  timeZone: string,
  dateOrder: DateOrder | undefined,
): { scheduledStart: string | null } | { error: string } {
  const value = text.trim();
  if (value === "") return { scheduledStart: null };
  const local = readLocalDate(value, timeZone, dateOrder);
  if (local && "instant" in local) return { scheduledStart: local.instant };
  if (!local && isoTimestampSchema.safeParse(value).success) return { scheduledStart: value };
  return { error: `scheduled_start: ${notADate(value, dateOrder)}` };
}

function notADate(value: string, dateOrder: DateOrder | undefined): string {
  const numeric = dateOrder && dateOrder !== "ymd" ? ` or ${formatNumericDate("2026-12-10", dateOrder)}` : "";
  return `'${value.slice(0, 40)}' is not a date (2026-12-10${numeric}) or a date and time (2026-12-10 09:30)`;
}

function readTasklaneCsv(text: string, context: ImportContext): ImportRow[] {
  const { records, errors } = readCsvRecords(text);
  const rows = records.map(({ line, fields: written }): ImportRow => {
    const fields = withoutFormulaEscape(written);
    const tags = readTagList(fields.tags ?? "");
    if (!tags) return { line, error: "tags: must be a JSON array or a comma-separated list" };
    const due = readDueCell(fields.due_date ?? "", context.timeZone, context.dateOrder);
    if ("error" in due) return { line, error: due.error };
    const scheduled = readScheduledCell(fields.scheduled_start ?? "", context.timeZone, context.dateOrder);
    if ("error" in scheduled) return { line, error: scheduled.error };
    const sourceType = emptyToNull(fields.source_type);
    const project = emptyToNull(fields.project);
    const key = emptyToNull(fields.id);
    const parentKey = emptyToNull(fields.parent_id);
    const position = Number.parseInt(fields.position ?? "", 10);
    return {
      line,
      ...(project ? { project: { name: project } } : {}),
      ...(key ? { key, exportedId: key } : {}),
      ...(parentKey ? { parentKey } : {}),
      ...(Number.isInteger(position) ? { position } : {}),
      task: {
        ...inputFromCsvFields(fields),
        due_date: due.dueDate,
        scheduled_start: scheduled.scheduledStart,
        title: fields.title ?? "",
        tags,
        source: sourceType
          ? normaliseSource({
              type: sourceType,
              origin: emptyToNull(fields.source_origin) ?? undefined,
              filename: emptyToNull(fields.source_filename) ?? undefined,
            })
          : context.source,
      },
    };
  });
  return [...rows, ...errors];
}

/** Todoist's PRIORITY column: 1 is p1, the highest. An empty cell keeps our default. */
const TODOIST_PRIORITIES: Record<string, TaskPriority> = {
  "1": "urgent",
  "2": "high",
  "3": "medium",
  "4": "low",
};
const TODOIST_LABEL = /(?<!\S)@([\p{L}\p{N}_-]+)/gu;

/** "Home Renovation.csv" is the project "Home Renovation": Todoist exports one project per file. */
export function projectOfFilename(filename: string | undefined): ImportProject | undefined {
  const name = (filename ?? "")
    .replace(/^.*[\\/]/, "")
    .replace(/\.[^.]*$/, "")
    .replace(/\s+/g, " ")
    .trim();
  return name ? { name } : undefined;
}

/**
 * Todoist's CSV: a row per task, section or note (a comment, which belongs to the task above it
 * and is added to that task's description). Sections and empty rows are structure. A note with no
 * task above it, or a row of a type Todoist does not write, is reported as skipped. INDENT makes
 * subtasks: rows come in order, and a task of INDENT n + 1 is a subtask of the last task of
 * INDENT n above it. The file is one project, named after the file.
 */
function readTodoistCsv(text: string, context: ImportContext): ImportRow[] {
  const { records, errors } = readCsvRecords(text);
  const rows: ImportRow[] = [];
  const project = projectOfFilename(context.filename);
  /** The key of the last task at each indent (index 0: INDENT 1). */
  const lastAtIndent: string[] = [];
  let taskAbove: CreateTaskRequest | undefined;
  for (const { line, fields } of records) {
    const type = (fields.type ?? "").trim().toLowerCase();
    const content = fields.content ?? "";
    if (type === "note") {
      const note = content.trim();
      if (note === "") continue;
      if (taskAbove) {
        taskAbove.description = taskAbove.description ? `${taskAbove.description}\n\n${note}` : note;
      } else {
        rows.push({ line, error: "note: skipped, no task above it to add it to" });
      }
      continue;
    }
    if (type !== "task") {
      taskAbove = undefined;
      // A section starts its own list: nothing in it nests under a task of the one before.
      if (type === "section") lastAtIndent.length = 0;
      if (type !== "section" && (type !== "" || content.trim() !== "")) {
        rows.push({ line, error: `type: skipped, '${type.slice(0, 40)}' is not task, section or note` });
      }
      continue;
    }
    taskAbove = undefined;
    const tags = [...content.matchAll(TODOIST_LABEL)].map((match) => match[1] ?? "");
    const title = content.replace(TODOIST_LABEL, " ").replace(/\s+/g, " ").trim();
    const priorityCell = (fields.priority ?? "").trim();
    const priority = priorityCell === "" ? undefined : TODOIST_PRIORITIES[priorityCell];
    if (priorityCell !== "" && !priority) {
      rows.push({ line, error: `priority: '${priorityCell}' is not 1, 2, 3 or 4` });
      continue;
    }
    let dueDate: string | null = null;
    let recurrence: string | null = null;
    const dateText = (fields.date ?? "").trim();
    if (dateText !== "") {
      const zone = (fields.timezone ?? "").trim();
      const reading = parseQuickAdd(dateText, {
        timeZone: zone && isValidTimeZone(zone) ? zone : context.timeZone,
        now: context.now,
      });
      if (!reading.due_date) {
        rows.push({ line, error: `date: cannot read '${dateText.slice(0, 60)}'` });
        continue;
      }
      // A repeating date ("every monday") is due on the rule's first day and keeps the rule.
      dueDate = reading.due_date;
      recurrence = reading.recurrence;
    }
    taskAbove = {
      title,
      description: emptyToNull(fields.description),
      priority,
      due_date: dueDate,
      tags,
      source: context.source,
      recurrence,
    };
    const indent = Math.max(1, Math.trunc(Number((fields.indent ?? "").trim()) || 1));
    const key = `line-${line}`;
    // The nearest task above at a smaller indent: an indent that skips a level still nests.
    const parentKey = lastAtIndent.slice(0, indent - 1).findLast((candidate) => candidate !== undefined);
    lastAtIndent.length = indent - 1;
    lastAtIndent[indent - 1] = key;
    rows.push({
      line,
      task: taskAbove,
      key,
      ...(parentKey ? { parentKey } : {}),
      ...(project ? { project } : {}),
    });
  }
  return [...rows, ...errors];
}

/** Every task the file holds (or the reason a line cannot be one), in file order. */
export function readImportFile(
  text: string,
  context: ImportContext,
): { format: ImportFormat; rows: ImportRow[] } {
  const content = text.replace(/^\uFEFF/, "");
  const format = detectFormat(content);
  const readers: Record<ImportFormat, () => ImportRow[]> = {
    "tasklane-json": () => readJson(content),
    "tasklane-csv": () => readTasklaneCsv(content, context),
    "todoist-csv": () => readTodoistCsv(content, context),
    todotxt: () => readTodoTxt(content, context),
  };
  const rows = readers[format]().sort((a, b) => a.line - b.line);
  return { format, rows };
}
