import type { ParseTaskResponse } from "@contract/quick-add";
import type { CreateTaskRequest } from "@contract/tasks";
import { createProject } from "@/api/projects/project-queries";
import { parseQuickAdd } from "@/api/quick-add/quick-add-queries";

/**
 * The task a reading makes (the priority defaults on the server when none was named): in the
 * project its `+Name` found, else in `defaultProjectId` (the project's page it was typed on), else
 * the server's default, the Inbox.
 */
function taskFromReading(reading: ParseTaskResponse, defaultProjectId?: string): CreateTaskRequest {
  const projectId = reading.project_id ?? defaultProjectId;
  return {
    title: reading.title,
    ...(projectId ? { project_id: projectId } : {}),
    due_date: reading.due_date,
    tags: reading.tags,
    ...(reading.priority ? { priority: reading.priority } : {}),
    ...(reading.recurrence && reading.due_date ? { recurrence: reading.recurrence } : {}),
    ...(reading.duration_minutes !== null ? { duration_minutes: reading.duration_minutes } : {}),
  };
}

/**
 * The task a typed line makes, read by the server. A `+Name` no project has yet is a new project:
 * it is created first and the task goes into it (`newProject` names it, for the user to be told).
 */
export async function taskFromLine(
  line: string,
  defaultProjectId?: string,
): Promise<{ task: CreateTaskRequest; newProject?: string }> {
  const reading = await parseQuickAdd(line);
  if (reading.project_id || !reading.project_name)
    return { task: taskFromReading(reading, defaultProjectId) };
  const project = await createProject({ name: reading.project_name });
  return { task: taskFromReading({ ...reading, project_id: project.id }), newProject: project.name };
}

/** The text with one recognised part wrapped in quotes: the server then keeps it as words. */
export function keepAsText(text: string, span: { start: number; end: number }): string {
  return `${text.slice(0, span.start)}"${text.slice(span.start, span.end)}"${text.slice(span.end)}`;
}

/** One line of a pasted list: its text and how deep it is indented (0 at the top). */
export interface PastedLine {
  text: string;
  depth: number;
}

/** Bullets and check boxes a pasted list may start its lines with. */
const BULLET = /^(?:[-*•·‣◦]|\d+[.)]|\[[ xX]?\])\s+/;

/**
 * A pasted block as one task per line. Indentation makes subtasks: a line indented deeper than
 * the one above is its subtask (a tab counts as four spaces), at most `maxDepth` levels in all;
 * blank lines are left out, bullets and check boxes taken off.
 */
export function pastedLines(text: string, maxDepth: number): PastedLine[] {
  const lines: PastedLine[] = [];
  // The indentation of each level open above the current line.
  const levels: number[] = [];
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    const expanded = raw.replace(/\t/g, "    ");
    const content = expanded.trim().replace(BULLET, "").trim();
    if (!content) continue;
    const indent = expanded.length - expanded.trimStart().length;
    while (levels.length > 0 && indent < levels[levels.length - 1]!) levels.pop();
    if (levels.length === 0 || indent > levels[levels.length - 1]!) levels.push(indent);
    const depth = Math.min(levels.length - 1, maxDepth - 1, (lines[lines.length - 1]?.depth ?? -1) + 1);
    lines.push({ text: content, depth });
  }
  return lines;
}
