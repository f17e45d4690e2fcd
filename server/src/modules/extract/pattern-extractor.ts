import type { ExtractedTaskJson } from "@contract/extract";
import {
  DEFAULT_TASK_PRIORITY,
  TASK_LIMITS,
  TASK_PRIORITIES,
  type TaskPriority,
  type TaskSource,
} from "@contract/tasks";
import { firstOccurrence } from "../../lib/recurrence";
import { createDateReader, takeDatePhrase, type DateContext, type DateReader } from "./date-phrases";
import { takeRecurrencePhrase } from "./recurrence-phrases";

/** The contract's limits, read once (each task needs them). */
const {
  titleMax: TITLE_MAX,
  tagsMax: TAGS_MAX,
  tagMax: TAG_MAX,
  descriptionMax: DESCRIPTION_MAX,
} = TASK_LIMITS;
const PRIORITIES: readonly string[] = TASK_PRIORITIES;
const DEFAULT_PRIORITY = DEFAULT_TASK_PRIORITY;

/** A source type other than "Llm" reads as the pattern method. */
export const PATTERN_SOURCE: TaskSource = { type: "Manual", origin: "pattern" };

/**
 * A task line: a checkbox (`- [ ]`, `* [x]`, `1. [ ]`, `[X]`, ☐, ☑) and/or a
 * `TODO:` / `DONE:` keyword in any case, with or without a bullet or number in front. Groups:
 * 1 the box, 2 the keyword after a box, 3 the keyword without one, 4 the rest.
 * Numbered, not named: named groups cost an object per match, which is most of what reading a
 * long checklist allocates.
 */
const TASK_LINE =
  /^[ \t]*(?:(?:[-*+•]|\d{1,3}[.)])[ \t]+)?(?:(\[[ xX✓✔]?\]|[☐☑☒])(?:[ \t]*(?:\*\*|__)?(todo|done)(?:\*\*|__)?[ \t]*:(?:\*\*|__)?)?|(?:\*\*|__)?(todo|done)(?:\*\*|__)?[ \t]*:(?:\*\*|__)?)[ \t]*(.*)$/iu;

const CHECKED_BOXES = new Set(["[x]", "[X]", "[✓]", "[✔]", "☑", "☒"]);

/**
 * A hashtag: `#` at the start or after a blank or one of `([{,;`, then a letter and letters,
 * digits, `_`, `/` or `-`. takeHashtags finds each `#` and reads the word after it with this
 * sticky pattern, which is what `/(^|[\s([{,;])#(\p{L}[\p{L}\p{N}_/-]*)/gu` would find (without a
 * match object per hashtag).
 */
const TAG_WORD = /\p{L}[\p{L}\p{N}_/-]*/uy;

/** Whether a UTF-16 code unit is one that `\s` matches. */
export function isWhitespaceCode(code: number): boolean {
  if (code < 0xa0) return code === 32 || (code >= 9 && code <= 13);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Whether a `#` at `index` may open a hashtag: at the start, or after a blank or one of `([{,;`. */
function opensHashtag(text: string, index: number): boolean {
  if (index === 0) return true;
  const code = text.charCodeAt(index - 1);
  return code === 40 || code === 91 || code === 123 || code === 44 || code === 59 || isWhitespaceCode(code);
}

/** Without the trailing `-` and `/` ("#a-b/" is the tag "a-b"). */
function withoutTrailingDashes(word: string): string {
  let end = word.length;
  while (end > 0 && (word.charCodeAt(end - 1) === 45 || word.charCodeAt(end - 1) === 47)) end -= 1;
  return end === word.length ? word : word.slice(0, end);
}

const PRIORITY_RANK: Record<TaskPriority, number> = { low: 0, medium: 1, high: 2, urgent: 3 };

function isPriority(word: string): word is TaskPriority {
  return PRIORITIES.includes(word);
}

export interface Hashtags {
  text: string;
  tags: string[];
  /** From #urgent / #high / #medium / #low; the highest wins when several are given */
  priority: TaskPriority | undefined;
}

/** Priority hashtags set the priority, every other #word is a tag; all leave the text. */
export function takeHashtags(text: string): Hashtags {
  const tags: string[] = [];
  let hash = text.indexOf("#");
  // Most lines have no hashtag.
  if (hash === -1) return { text, tags, priority: undefined };
  let priority: TaskPriority | undefined;
  let rest = "";
  let copied = 0;
  while (hash !== -1) {
    TAG_WORD.lastIndex = hash + 1;
    if (!opensHashtag(text, hash) || !TAG_WORD.test(text)) {
      hash = text.indexOf("#", hash + 1);
      continue;
    }
    const end = TAG_WORD.lastIndex;
    rest += text.slice(copied, hash);
    copied = end;
    const tag = withoutTrailingDashes(text.slice(hash + 1, end));
    const lower = tag.toLowerCase();
    if (isPriority(lower)) {
      if (!priority || PRIORITY_RANK[lower] > PRIORITY_RANK[priority]) priority = lower;
    } else if (
      tags.length < TAGS_MAX &&
      tag.length <= TAG_MAX &&
      !tags.some((known) => known.toLowerCase() === lower)
    ) {
      tags.push(tag);
    }
    hash = text.indexOf("#", end);
  }
  return { text: copied === 0 ? text : rest + text.slice(copied), tags, priority };
}

/** `,` `;` `:` `-` `–` `—`: a title neither starts nor (with `.` and a space) ends with them. */
function isSeparatorCode(code: number): boolean {
  return code === 44 || code === 59 || code === 58 || code === 45 || code === 0x2013 || code === 0x2014;
}

/** Like a trailing /[ ,;:.–—-]+$/ replace, without the regex's quadratic time on long runs. */
function trimTrailingSeparators(text: string): string {
  let end = text.length;
  while (end > 0) {
    const code = text.charCodeAt(end - 1);
    if (code !== 32 && code !== 46 && !isSeparatorCode(code)) break;
    end -= 1;
  }
  return end === text.length ? text : text.slice(0, end);
}

/** Like a leading /^[\s,;:–—-]+/ replace. */
function trimLeadingSeparators(text: string): string {
  let start = 0;
  while (start < text.length) {
    const code = text.charCodeAt(start);
    if (!isWhitespaceCode(code) && !isSeparatorCode(code)) break;
    start += 1;
  }
  return start === 0 ? text : text.slice(start);
}

/**
 * Every run of whitespace as one space, as replacing /\s+/g with " " does (a lone space stays
 * as it is, nothing is copied when nothing changes); with `trim`, the runs at either end go.
 */
function collapseWhitespace(text: string, trim: boolean): string {
  let result = "";
  let copied = 0;
  let index = 0;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (!isWhitespaceCode(code)) {
      index += 1;
      continue;
    }
    let end = index + 1;
    while (end < text.length && isWhitespaceCode(text.charCodeAt(end))) end += 1;
    const atEdge = trim && (index === 0 || end === text.length);
    if (atEdge || end - index > 1 || code !== 32) {
      result += text.slice(copied, index) + (atEdge ? "" : " ");
      copied = end;
    }
    index = end;
  }
  return copied === 0 ? text : result + text.slice(copied);
}

/** Which clean-ups a title needs: a bracket that may be empty, punctuation to tidy. */
const OPEN_BRACKET = 1;
const PUNCTUATION = 2;

function cleanUpsOf(text: string): number {
  let found = 0;
  for (let index = 0; index < text.length; index += 1) {
    switch (text.charCodeAt(index)) {
      case 40: // (
      case 91: // [
      case 123: // {
        found |= OPEN_BRACKET | PUNCTUATION;
        break;
      case 44: // ,
      case 59: // ;
      case 58: // :
      case 46: // .
      case 33: // !
      case 63: // ?
      case 41: // )
      case 93: // ]
        found |= PUNCTUATION;
        break;
      default:
    }
  }
  return found;
}

const EMPTY_BRACKETS = /\(\s*\)|\[\s*\]|\{\s*\}/g;
const DANGLING_CONNECTORS = new Set(["by", "on", "at", "due", "before", "until"]);
/** The longest of DANGLING_CONNECTORS: a longer last word is not one of them. */
const DANGLING_CONNECTOR_MAX = 6;
const EMPHASIS_MARKS = new Set(["*", "_", "~"]);
const WHOLE_EMPHASIS = /^(\*\*|__|~~|\*|_)(.+)\1$/;

/** What is left of a title once markers, hashtags and dates are gone: no stray punctuation. */
export function tidyTitle(text: string): string {
  const cleanUps = cleanUpsOf(text);
  let spaced: string;
  if (cleanUps === 0) {
    // Most titles: only whitespace to collapse and trim.
    spaced = collapseWhitespace(text, true);
  } else {
    // Empty brackets become a space; then every run of whitespace one space.
    const withoutEmptyBrackets = cleanUps & OPEN_BRACKET ? text.replace(EMPTY_BRACKETS, " ") : text;
    spaced = collapseWhitespace(withoutEmptyBrackets, false)
      .replace(/ ([,;:.!?)\]])/g, "$1")
      .replace(/([([]) /g, "$1")
      .replace(/[,;:]+(?=[,;:.!?])/g, "")
      .trim();
  }
  let title = trimTrailingSeparators(trimLeadingSeparators(spaced));
  // A connector left dangling at the end ("Pay rent by") goes with its date.
  const lastSpace = title.lastIndexOf(" ");
  if (
    lastSpace >= 0 &&
    title.length - lastSpace - 1 <= DANGLING_CONNECTOR_MAX &&
    DANGLING_CONNECTORS.has(title.slice(lastSpace + 1).toLowerCase())
  ) {
    title = title.slice(0, lastSpace);
  }
  // Markdown emphasis around the whole title: **Fix login**, ~~Old item~~, __Call__
  const emphasis = EMPHASIS_MARKS.has(title.charAt(0)) ? WHOLE_EMPHASIS.exec(title) : null;
  if (emphasis?.[2]) title = emphasis[2].trim();
  return title;
}

/**
 * A title longer than the task limit is cut at the last word that fits, with no ellipsis (a saved
 * title is read as written); the whole text goes to the description.
 */
export function fitTitle(
  title: string,
  description: string | null,
  maxLength: number,
): [string, string | null] {
  if (title.length <= maxLength) return [title, description];
  const cut = title.slice(0, maxLength + 1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(" "), Math.floor(maxLength / 2)));
  const alreadyThere = description?.toLowerCase().includes(title.toLowerCase()) ?? false;
  const full = description && !alreadyThere ? `${title}\n\n${description}` : (description ?? title);
  return [trimTrailingSeparators(atWord.slice(0, maxLength)), full.slice(0, DESCRIPTION_MAX)];
}

/** The width of a line's leading spaces and tabs, a tab counting as four spaces. */
function leadingIndentWidth(line: string): number {
  let width = 0;
  for (let index = 0; index < line.length; index += 1) {
    const char = line.charCodeAt(index);
    if (char === 32) width += 1;
    else if (char === 9) width += 4;
    else break;
  }
  return width;
}

export interface PatternScan {
  tasks: ExtractedTaskJson[];
  /** The content's lines (CRLF and CR normalised) */
  lines: string[];
  /** Indexes of the lines that made tasks or their descriptions */
  usedLines: Set<number>;
}

interface OpenTask {
  task: ExtractedTaskJson;
  indent: number;
  /** Made when the first one comes: most tasks have none */
  descriptionLines: string[] | undefined;
}

function closeTask(open: OpenTask | undefined): void {
  const lines = open?.descriptionLines;
  if (!open || !lines) return;
  const minIndent = Math.min(...lines.map((line) => leadingIndentWidth(line)));
  const description = lines.map((line) => line.replace(/\t/g, "    ").slice(minIndent).trimEnd()).join("\n");
  const combined = open.task.description ? `${open.task.description}\n\n${description}` : description;
  open.task.description = combined.slice(0, DESCRIPTION_MAX);
}

/** The task a task line makes, or undefined when nothing is left of its title. */
function taskOf(match: RegExpExecArray, dates: DateReader): ExtractedTaskJson | undefined {
  const box = match[1];
  const rest = match[4] ?? "";
  const word = (match[2] ?? match[3] ?? "").toLowerCase();
  const completed = (box !== undefined && CHECKED_BOXES.has(box)) || word === "done";
  const hashtags = takeHashtags(rest);
  const repeat = takeRecurrencePhrase(hashtags.text);
  const undated = repeat ? repeat.rest : hashtags.text;
  const date = takeDatePhrase(undated, dates);
  let title = tidyTitle(date ? date.rest : undated);
  if (!title) return undefined;
  let description: string | null = null;
  if (title.length > TITLE_MAX) [title, description] = fitTitle(title, null, TITLE_MAX);
  return {
    title,
    description,
    priority: hashtags.priority ?? DEFAULT_PRIORITY,
    status: completed ? "completed" : "pending",
    due_date: date?.dueDate ?? (repeat ? firstOccurrence(repeat.rule, dates.context) : null),
    tags: hashtags.tags,
    source: PATTERN_SOURCE,
    recurrence: repeat?.rule ?? null,
  };
}

/** The text with every line ending as `\n`. */
function withNewlines(content: string): string {
  return content.includes("\r") ? content.replace(/\r\n?/g, "\n") : content;
}

/**
 * The tasks of a text whose lines end with `\n` (withNewlines), line by line; `used` (when given)
 * hears of every line that made a task or a description. Lines are cut one at a time, so a line
 * that makes nothing is garbage at once.
 */
function readTasks(text: string, dates: DateReader, used?: (index: number) => void): ExtractedTaskJson[] {
  const tasks: ExtractedTaskJson[] = [];
  let open: OpenTask | undefined;
  for (let start = 0, index = 0; start <= text.length; index += 1) {
    const newline = text.indexOf("\n", start);
    const end = newline === -1 ? text.length : newline;
    const line = text.slice(start, end);
    start = end + 1;
    const match = TASK_LINE.exec(line);
    if (match) {
      closeTask(open);
      open = undefined;
      const task = taskOf(match, dates);
      if (!task) continue;
      tasks.push(task);
      used?.(index);
      open = { task, indent: leadingIndentWidth(line), descriptionLines: undefined };
      continue;
    }
    // Indented lines under a task are its description; a blank or outdented line ends it.
    if (open && line.trim() !== "" && leadingIndentWidth(line) > open.indent) {
      (open.descriptionLines ??= []).push(line);
      used?.(index);
      continue;
    }
    closeTask(open);
    open = undefined;
  }
  closeTask(open);
  return tasks;
}

/**
 * The pattern method's reading of a text, with the lines it used (the built-in engine honours
 * these lines and reads the rest as prose).
 */
export function scanPatternTasks(content: string, dates: DateReader): PatternScan {
  const text = withNewlines(content);
  const lines = text.split("\n");
  const usedLines = new Set<number>();
  const tasks = readTasks(text, dates, (index) => usedLines.add(index));
  return { tasks, lines, usedLines };
}

/** The pattern method: markers only, never AI, never charged. */
export function extractWithPatterns(content: string, context: DateContext): ExtractedTaskJson[] {
  return readTasks(withNewlines(content), createDateReader(context));
}
