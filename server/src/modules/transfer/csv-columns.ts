import type { CreateTaskRequest, TaskJson, TaskPriority } from "@contract/index";
import type { CsvDates } from "./csv-dates";

/**
 * A column of Tasklane's own CSV: its name, its text for a task on export, and, for a column the
 * import reads back by itself, the input it gives (tags, source and due date are read with their own rules).
 */
/** Project names by id; the Inbox is not among them (its tasks have no project in a file). */
export type ProjectNames = ReadonlyMap<string, string>;

interface CsvColumn {
  name: string;
  write(task: TaskJson, projects: ProjectNames, dates: CsvDates): string;
  read?(text: string): Partial<CreateTaskRequest>;
}

const orNull = (text: string) => (text.trim() === "" ? null : text);

/** The columns, in order: every field of a task (tags as a JSON array, so any tag survives). */
export const CSV_COLUMNS: readonly CsvColumn[] = [
  { name: "id", write: (task) => task.id },
  { name: "title", write: (task) => task.title },
  {
    name: "description",
    write: (task) => task.description ?? "",
    read: (text) => ({ description: orNull(text) }),
  },
  { name: "status", write: (task) => task.status, read: (text) => ({ status: orNull(text) ?? undefined }) },
  {
    name: "priority",
    write: (task) => task.priority,
    read: (text) => ({ priority: (orNull(text)?.toLowerCase() ?? undefined) as TaskPriority | undefined }),
  },
  // Read back by the import with its own rules: a plain date is due all day where the user lives.
  { name: "due_date", write: (task, _, dates) => (task.due_date ? dates.due(task.due_date) : "") },
  { name: "tags", write: (task) => JSON.stringify(task.tags) },
  { name: "source_type", write: (task) => task.source.type },
  { name: "source_origin", write: (task) => task.source.origin ?? "" },
  { name: "source_filename", write: (task) => task.source.filename ?? "" },
  { name: "created_at", write: (task, _, dates) => dates.moment(task.created_at) },
  { name: "updated_at", write: (task, _, dates) => dates.moment(task.updated_at) },
  {
    name: "completed_at",
    write: (task, _, dates) => (task.completed_at ? dates.moment(task.completed_at) : ""),
  },
  {
    name: "recurrence",
    write: (task) => task.recurrence ?? "",
    read: (text) => ({ recurrence: orNull(text) }),
  },
  {
    name: "duration_minutes",
    write: (task) => (task.duration_minutes === null ? "" : String(task.duration_minutes)),
    // Not a number reads as NaN, which the import refuses naming the field.
    read: (text) => ({ duration_minutes: orNull(text) === null ? null : Number(text.trim()) }),
  },
  // Read back by the import with its own rules: a day and time where the user lives.
  {
    name: "scheduled_start",
    write: (task, _, dates) => (task.scheduled_start ? dates.moment(task.scheduled_start) : ""),
  },
  // Read back by the import with their own rules: the project by name, the parent by the id column.
  { name: "project", write: (task, projects) => projects.get(task.project_id) ?? "" },
  { name: "parent_id", write: (task) => task.parent_id ?? "" },
  // Read back by the import: a parent's subtasks are created in this order.
  { name: "position", write: (task) => (task.position === null ? "" : String(task.position)) },
];

/** A cell the export kept from being read as a formula ('=…, '+…, '-…, '@…), as it was written. */
export function withoutFormulaEscape(fields: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [
      name,
      /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value,
    ]),
  );
}

/** The input a CSV row gives through the columns read back by themselves (fields by header name). */
export function inputFromCsvFields(fields: Readonly<Record<string, string>>): Partial<CreateTaskRequest> {
  return Object.assign({}, ...CSV_COLUMNS.map((column) => column.read?.(fields[column.name] ?? "")));
}
