import type { ParseTaskResponse, QuickAddSpan, QuickAddSpanKind, TaskPriority } from "@contract/index";
import { matchProjectName } from "@contract/projects";
import { firstOccurrence } from "../../lib/recurrence";
import {
  createDateReader,
  namesAMoment,
  RECURRENCE_PHRASES,
  recurrenceRule,
  tidyTitle,
  type DateContext,
} from "../extract";

// ---------------------------------------------------------------------------------------------
// Quick add: one line read into title, due date, tags, priority and recurrence. Every recognised
// part is reported as a span of the original text so a client can highlight it; a phrase in
// "quotes" is never read, so wrapping a wrongly read date in quotes keeps it as title words.
// ---------------------------------------------------------------------------------------------

const PRIORITY_RANK: Record<TaskPriority, number> = { low: 0, medium: 1, high: 2, urgent: 3 };

/** p1 is the most important, as in the task managers people come from. */
const P_LEVELS: Record<string, TaskPriority> = { "1": "urgent", "2": "high", "3": "medium", "4": "low" };

/** A token stands alone: whitespace or the text's edge on both sides. */
const PRIORITY_TOKEN = /(?<!\S)(?:!(low|medium|high|urgent)|[pP]([1-4]))(?!\S)/giu;
const TAG_TOKEN = /(?<![^\s([{,;])#(\p{L}[\p{L}\p{N}_/-]*)/gu;
/** todo.txt's project: `+Name`, one word; hyphens and underscores stand for spaces. */
const PROJECT_TOKEN = /(?<!\S)\+(\p{L}[\p{L}\p{N}_-]*)/gu;
/** Words after `+Name` that may continue a known project's name ("+Home renovation"). */
const FOLLOWING_WORDS = /^(?:\s+[\p{L}\p{N}_-]+){1,4}/u;

/** A project quick add can name: the user's own. */
export interface QuickAddProject {
  id: string;
  name: string;
  archived: boolean;
}

export interface QuickAddOptions {
  /** The user's projects, for `+Name`; without them every `+Name` is an unknown project. */
  projects?: readonly QuickAddProject[];
}
/** "…" or “…”: kept as text, the marks themselves dropped from the title. */
const QUOTED = /"([^"]*)"|“([^”]*)”/gu;

/** Date words the date reader leaves out of its phrase but that belong to it ("by", "due"). */
const CONNECTOR_BEFORE =
  /(?:^|\s)(?:(?:due(?:\s+(?:on|by))?|by|on|at|before|until|till|for)(?:\s+the)?\s+|@\s*)$/i;

interface Range {
  start: number;
  end: number;
}

const overlaps = (a: Range, b: Range) => a.start < b.end && b.start < a.end;

/** Reads a quick-add line where and when the user is (relative dates use `context`). */
export function parseQuickAdd(
  text: string,
  context: DateContext,
  options: QuickAddOptions = {},
): ParseTaskResponse {
  const quoted: Range[] = [];
  for (const match of text.matchAll(QUOTED)) {
    quoted.push({ start: match.index, end: match.index + match[0].length });
  }
  const spans: QuickAddSpan[] = [];
  const taken = (range: Range) =>
    quoted.some((quote) => overlaps(quote, range)) || spans.some((span) => overlaps(span, range));
  const add = (start: number, end: number, kind: QuickAddSpanKind): boolean => {
    if (taken({ start, end })) return false;
    spans.push({ start, end, kind });
    return true;
  };

  let recurrence: string | null = null;
  for (const match of text.matchAll(RECURRENCE_PHRASES)) {
    if (recurrence === null && add(match.index, match.index + match[0].length, "recurrence")) {
      recurrence = recurrenceRule(match[0]);
    }
  }

  let priority: TaskPriority | null = null;
  for (const match of text.matchAll(PRIORITY_TOKEN)) {
    if (!add(match.index, match.index + match[0].length, "priority")) continue;
    const named = match[1]?.toLowerCase() as TaskPriority | undefined;
    const level = named ?? P_LEVELS[match[2] ?? ""] ?? "medium";
    // Several priorities in one line: the highest wins.
    if (!priority || PRIORITY_RANK[level] > PRIORITY_RANK[priority]) priority = level;
  }

  const tags: string[] = [];
  for (const match of text.matchAll(TAG_TOKEN)) {
    const tag = (match[1] ?? "").replace(/[-/]+$/, "");
    if (!tag || !add(match.index, match.index + 1 + tag.length, "tag")) continue;
    if (!tags.some((known) => known.toLowerCase() === tag.toLowerCase())) tags.push(tag);
  }

  let project: { id: string | null; name: string } | undefined;
  for (const match of text.matchAll(PROJECT_TOKEN)) {
    const reading = readProject(text, match.index, match[1] ?? "", options.projects ?? []);
    if (!reading || !add(match.index, reading.end, "project")) continue;
    // One project per task: the first +Name; a later one stays in the title.
    project = reading;
    break;
  }

  // The date reader sees the text with every other part blanked out (same length, so its
  // positions are positions in the original text).
  const blanked = [...quoted, ...spans].reduce(
    (current, range) =>
      current.slice(0, range.start) + " ".repeat(range.end - range.start) + current.slice(range.end),
    text,
  );
  const reader = createDateReader(context);
  let dueDate: string | null = null;
  // The first reading that names a moment; a date no task may carry (the year 10000) is not
  // read at all, so its words stay in the title.
  const first = reader.parse(blanked).find(namesAMoment);
  const due = first ? reader.dueDateOf(first) : undefined;
  if (first && due) {
    const connector = CONNECTOR_BEFORE.exec(blanked.slice(0, first.index));
    const start = connector ? first.index - connector[0].trimStart().length : first.index;
    if (add(start, first.index + first.text.length, "date")) dueDate = due;
  }
  // "Water the plants every monday": a repeating task needs a due date, the rule's first day.
  if (recurrence !== null && dueDate === null) dueDate = firstOccurrence(recurrence, context);

  spans.sort((a, b) => a.start - b.start);
  return {
    title: titleOf(text, spans, quoted),
    priority,
    due_date: dueDate,
    tags,
    recurrence,
    project_id: project?.id ?? null,
    project_name: project && project.id === null ? project.name : null,
    spans,
  };
}

/**
 * `+Name` at `start`: the user's project it names, taking as many of the words after it as make
 * a known project's name ("+Home renovation"), the longest first; else the one word, as an
 * unknown project's name (offered for creation).
 */
function readProject(
  text: string,
  start: number,
  word: string,
  projects: readonly QuickAddProject[],
): { id: string | null; name: string; end: number } | undefined {
  const name = word.replace(/[-_]+$/, "");
  if (!name) return undefined;
  const wordEnd = start + 1 + name.length;
  const following = FOLLOWING_WORDS.exec(text.slice(wordEnd))?.[0] ?? "";
  const extra = following.match(/\s+[\p{L}\p{N}_-]+/gu) ?? [];
  for (let count = extra.length; count >= 0; count -= 1) {
    const words = extra.slice(0, count).join("");
    const known = matchProjectName(projects, name + words);
    if (known) return { id: known.id, name: known.name, end: wordEnd + words.length };
  }
  return { id: null, name, end: wordEnd };
}

/** The text without its recognised parts; quoted phrases stay, without their quote marks. */
function titleOf(text: string, spans: readonly Range[], quoted: readonly Range[]): string {
  const cuts = [
    ...spans.map((span) => ({ ...span, keep: "" })),
    ...quoted.map((quote) => ({ ...quote, keep: text.slice(quote.start + 1, quote.end - 1) })),
  ].sort((a, b) => a.start - b.start);
  // Nothing recognised: the title is the text as typed.
  if (cuts.length === 0) return text.replace(/\s+/g, " ").trim();
  let title = "";
  let position = 0;
  for (const cut of cuts) {
    title += `${text.slice(position, cut.start)} ${cut.keep} `;
    position = cut.end;
  }
  title += text.slice(position);
  return tidyTitle(title.replace(/\s+/g, " ")).trim();
}
