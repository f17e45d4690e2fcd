import { stringify } from "csv-stringify/sync";
import { formatInTimeZone } from "date-fns-tz";
import type { TaskEventJson, TaskJson, TaskPriority, TasklaneExport } from "@contract/index";
import { CSV_COLUMNS } from "./csv-columns";

/** Every task with its history (events, oldest first). */
export function toTasklaneJson(
  tasks: readonly TaskJson[],
  histories: ReadonlyMap<string, TaskEventJson[]>,
  exportedAt: string,
): string {
  const document: TasklaneExport = {
    format: "tasklane",
    version: 1,
    exported_at: exportedAt,
    tasks: tasks.map((task) => ({ ...task, events: histories.get(task.id) ?? [] })),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** RFC 4180: a header row, CRLF line ends, fields quoted when they need it. */
export function toCsv(tasks: readonly TaskJson[]): string {
  const rows = tasks.map((task) => CSV_COLUMNS.map((column) => column.write(task)));
  return stringify([CSV_COLUMNS.map((column) => column.name), ...rows], { record_delimiter: "\r\n" });
}

/** todo.txt letters: (A) is the most important. */
export const TODO_TXT_PRIORITIES: Record<TaskPriority, string> = {
  urgent: "A",
  high: "B",
  medium: "C",
  low: "D",
};

/** A tag as one todo.txt word: "@home" stays a context, anything else becomes a +project. */
function todoTxtTag(tag: string): string {
  const word = tag.replace(/\s+/g, "_");
  return word.startsWith("@") || word.startsWith("+") ? word : `+${word}`;
}

/**
 * One todo.txt line per task: `x` and the completion date first for completed tasks (their
 * priority moves to a `pri:` tag, as the format asks), else `(A)`…`(D)`; then the creation date,
 * the title (lines joined), `due:` as the user's calendar date, tags as +project / @context,
 * `status:` for the states todo.txt has no mark for, and `rrule:` with a repeating task's rule (an
 * RRULE value has no spaces, so it stays one key:value word).
 */
export function toTodoTxt(tasks: readonly TaskJson[], timeZone: string): string {
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
    parts.push(...task.tags.map(todoTxtTag));
    if (task.status === "completed") parts.push(`pri:${letter}`);
    if (task.status === "in_progress" || task.status === "cancelled") parts.push(`status:${task.status}`);
    if (task.recurrence) parts.push(`rrule:${task.recurrence}`);
    return parts.join(" ");
  });
  return lines.length > 0 ? `${lines.join("\n")}\n` : "";
}
