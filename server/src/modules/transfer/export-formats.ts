import { stringify } from "csv-stringify/sync";
import { formatInTimeZone } from "date-fns-tz";
import type { ProjectJson, TaskEventJson, TaskJson, TaskPriority, TasklaneExport } from "@contract/index";
import { CSV_COLUMNS, type ProjectNames } from "./csv-columns";
import type { CsvDates } from "./csv-dates";

export type { ProjectNames } from "./csv-columns";

/** Every task with every field and its history (events, oldest first), and the projects they are in (tasks name them by id). */
export function toTasklaneJson(
  tasks: readonly TaskJson[],
  projects: readonly ProjectJson[],
  histories: ReadonlyMap<string, TaskEventJson[]>,
  exportedAt: string,
): string {
  const document: TasklaneExport = {
    format: "tasklane",
    version: 1,
    exported_at: exportedAt,
    projects: projects.map(({ id, name, color, is_inbox, archived }) => ({
      id,
      name,
      color,
      is_inbox,
      archived,
    })),
    tasks: tasks.map((task) => ({ ...task, events: histories.get(task.id) ?? [] })),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * RFC 4180: a header row, CRLF line ends, fields quoted when they need it. A cell starting with
 * =, +, -, @, a tab or a carriage return gets a leading ' so a spreadsheet shows it as text
 * instead of running it as a formula (titles come from e-mail, anyone's words); the import reads
 * it back without the '.
 */
export function toCsv(tasks: readonly TaskJson[], projects: ProjectNames, dates: CsvDates): string {
  const rows = tasks.map((task) => CSV_COLUMNS.map((column) => column.write(task, projects, dates)));
  return stringify([CSV_COLUMNS.map((column) => column.name), ...rows], {
    record_delimiter: "\r\n",
    escape_formulas: true,
  });
}

/** todo.txt letters: (A) is the most important. */
export const TODO_TXT_PRIORITIES: Record<TaskPriority, string> = {
  urgent: "A",
  high: "B",
  medium: "C",
  low: "D",
};

/** A tag as one todo.txt word: "@home" stays a context, anything else is a #tag (+ is the project). */
function todoTxtTag(tag: string): string {
  const word = tag.replace(/\s+/g, "_");
  return word.startsWith("@") ? word : `#${word.replace(/^[#+]+/, "")}`;
}

/**
 * One todo.txt line per task: `x` and the completion date first for completed tasks (their
 * priority moves to a `pri:` tag, as the format asks), else `(A)`…`(D)`; then the creation date,
 * the title (lines joined), `due:` as the user's calendar date, the project as +Project (spaces
 * as underscores; none for the Inbox), tags as #tag (or @context),
 * `status:` for the states todo.txt has no mark for, and `rrule:` with a repeating task's rule (an
 * RRULE value has no spaces, so it stays one key:value word).
 */
export function toTodoTxt(tasks: readonly TaskJson[], timeZone: string, projects: ProjectNames): string {
  const localDate = (iso: string) => formatInTimeZone(new Date(iso), timeZone, "yyyy-MM-dd");
  const lines = tasks.map((task) => {
    const parts: string[] = [];
    const letter = TODO_TXT_PRIORITIES[task.priority];
    if (task.status === "completed") {
      parts.push("x", localDate(task.completed_at ?? task.updated_at));
    } else {
      parts.push(`(${letter})`);
    }
    parts.push(localDate(task.created_at), task.title.replace(/\s+/g, " "));
    if (task.due_date) parts.push(`due:${localDate(task.due_date)}`);
    const project = projects.get(task.project_id);
    if (project) parts.push(`+${project.trim().replace(/\s+/g, "_")}`);
    parts.push(...task.tags.map(todoTxtTag));
    if (task.status === "completed") parts.push(`pri:${letter}`);
    if (task.status === "in_progress" || task.status === "cancelled") parts.push(`status:${task.status}`);
    if (task.recurrence) parts.push(`rrule:${task.recurrence}`);
    return parts.join(" ");
  });
  return lines.length > 0 ? `${lines.join("\n")}\n` : "";
}
