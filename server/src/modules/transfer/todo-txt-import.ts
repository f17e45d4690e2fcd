import type { TaskPriority } from "@contract/index";
import { ruleText, type RuleParts } from "../../lib/recurrence";
import { TODO_TXT_PRIORITIES } from "./export-formats";
import { DATE, endOfDayIn, isRealDate } from "./import-dates";
import type { ImportContext, ImportProject, ImportRow } from "./import-formats";

// ---------------------------------------------------------------------------------------------
// todo.txt: `x` done, `(A)` priority, dates, +project / @context, key:value tags.
// ---------------------------------------------------------------------------------------------

const LETTER_PRIORITIES = Object.fromEntries(
  Object.entries(TODO_TXT_PRIORITIES).map(([priority, letter]) => [letter, priority as TaskPriority]),
);
const TODO_TXT_STATUSES = ["pending", "in_progress", "completed", "cancelled"];

/** `rec:` of todo.txt apps: every N days, weeks, months, years or business days (`+` is ignored). */
const REC_UNITS: Record<string, RuleParts["freq"]> = {
  d: "DAILY",
  w: "WEEKLY",
  m: "MONTHLY",
  y: "YEARLY",
};

function recRule(value: string): string | undefined {
  const match = /^\+?(\d{1,2})([dwmyb])$/i.exec(value);
  if (!match?.[1] || !match[2]) return undefined;
  const interval = Number(match[1]);
  const unit = match[2].toLowerCase();
  if (interval < 1 || (unit === "b" && interval !== 1)) return undefined;
  return ruleText(
    unit === "b"
      ? { freq: "WEEKLY", byday: ["MO", "TU", "WE", "TH", "FR"] }
      : { freq: REC_UNITS[unit], interval },
  );
}

/** Letters after D are less important still: low. */
function letterPriority(letter: string): TaskPriority {
  return LETTER_PRIORITIES[letter] ?? "low";
}

function readTodoTxtLine(text: string, line: number, context: ImportContext): ImportRow {
  let words = text.trim().split(/\s+/);
  let status: string | undefined;
  let priority: TaskPriority | undefined;
  if (words[0] === "x") {
    status = "completed";
    words = words.slice(1);
    // completion date, then creation date
    if (words[0] && DATE.test(words[0])) words = words.slice(1);
  } else if (words[0] && /^\([A-Z]\)$/.test(words[0])) {
    priority = letterPriority(words[0].charAt(1));
    words = words.slice(1);
  }
  if (words[0] && DATE.test(words[0])) words = words.slice(1);

  const titleWords: string[] = [];
  const tags: string[] = [];
  let project: ImportProject | undefined;
  let dueDate: string | null = null;
  let recurrence: string | null = null;
  for (const word of words) {
    const keyValue = /^(due|pri|status|rrule|rec):(.*)$/i.exec(word);
    if (keyValue) {
      const key = (keyValue[1] ?? "").toLowerCase();
      const value = keyValue[2] ?? "";
      if (key === "due") {
        if (!isRealDate(value)) return { line, error: `due: '${value}' is not a date (YYYY-MM-DD)` };
        dueDate = endOfDayIn(value, context.timeZone);
      } else if (key === "rrule") {
        recurrence = value;
      } else if (key === "rec") {
        recurrence = recRule(value) ?? null;
        if (!recurrence) return { line, error: `rec: '${value}' is not N followed by d, w, m, y (or 1b)` };
      } else if (key === "pri") {
        if (!/^[A-Z]$/.test(value)) return { line, error: `pri: '${value}' is not a letter A–Z` };
        priority = letterPriority(value);
      } else {
        if (!TODO_TXT_STATUSES.includes(value)) {
          return { line, error: `status: '${value}' is not pending, in_progress, completed or cancelled` };
        }
        status = value;
      }
    } else if (/^\+\S/.test(word)) {
      // The first +project is the task's project (underscores stand for spaces); a task is in one
      // project, so any other stays as a tag.
      if (project) tags.push(word.slice(1));
      else project = { name: word.slice(1).replaceAll("_", " ").trim() };
    } else if (/^#\S/.test(word)) {
      tags.push(word.slice(1));
    } else if (/^@\S/.test(word)) {
      tags.push(word);
    } else {
      titleWords.push(word);
    }
  }
  return {
    line,
    ...(project ? { project } : {}),
    task: {
      title: titleWords.join(" "),
      status,
      priority,
      due_date: dueDate,
      tags,
      source: context.source,
      recurrence,
    },
  };
}

export function readTodoTxt(text: string, context: ImportContext): ImportRow[] {
  return text
    .split(/\r\n|\r|\n/)
    .flatMap((content, index) =>
      content.trim() === "" ? [] : [readTodoTxtLine(content, index + 1, context)],
    );
}
