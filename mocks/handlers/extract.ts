import { EXTRACT_MAX_CHARS, extractRequestSchema, type ExtractedTaskJson } from "@contract/extract";
import { apiRoutes } from "@contract/routes";
import type { TaskPriority } from "@contract/tasks";
import { http, HttpResponse } from "msw";

/** An extracted task as our server sends it; override what the test is about. */
export function buildExtractedTask(overrides: Partial<ExtractedTaskJson> = {}): ExtractedTaskJson {
  return {
    title: "Review the proposal",
    description: null,
    priority: "medium",
    status: "pending",
    due_date: null,
    tags: [],
    source: { type: "Manual" },
    recurrence: null,
    ...overrides,
  };
}

const PRIORITY_TAGS = new Set<TaskPriority>(["urgent", "high", "medium", "low"]);
const MARKED_LINE = /^\s*(?:[-*+]|\d+[.)])?\s*(\[[ xX]\]|TODO:|DONE:)\s*(.+)$/i;

/**
 * A deliberately small stand-in for the server's pattern method (checkboxes, TODO:/DONE:,
 * hashtags): enough for a demo and for screens to show realistic results. The real rules and
 * their corpus live in the server.
 */
function fakePatternExtraction(content: string): ExtractedTaskJson[] {
  return content.split(/\r?\n/).flatMap((line) => {
    const [, marker, text] = MARKED_LINE.exec(line) ?? [];
    if (!marker || !text) return [];
    let priority: TaskPriority = "medium";
    const tags: string[] = [];
    for (const [, word = ""] of text.matchAll(/#([\w-]+)/g)) {
      const lower = word.toLowerCase();
      if (PRIORITY_TAGS.has(lower as TaskPriority)) priority = lower as TaskPriority;
      else tags.push(word);
    }
    const title = text
      .replace(/#[\w-]+/g, "")
      .replace(/\s+/g, " ")
      .trim();
    const done = /x/i.test(marker) || marker.toUpperCase() === "DONE:";
    return title
      ? [buildExtractedTask({ title, priority, tags, status: done ? "completed" : "pending" })]
      : [];
  });
}

/** A stand-in for the built-in AI engine: sentences asking for action become tasks. */
function fakeAiExtraction(content: string): ExtractedTaskJson[] {
  return content
    .split(/(?<=[.!?])\s+|\r?\n/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => /\b(please|can you|need to|don't forget|action item)\b/i.test(sentence))
    .map((sentence) =>
      buildExtractedTask({
        title: sentence
          .replace(/^(please|can you|we need to|need to|don't forget to)\s+/i, "")
          .replace(/[.?!]$/, ""),
        priority: /\b(urgent|asap)\b/i.test(sentence) ? "urgent" : "medium",
        source: { type: "Llm", origin: "builtin" },
      }),
    );
}

export const extractHandlers = [
  http.post(apiRoutes.extractText.path, async ({ request }) => {
    const parsed = extractRequestSchema.safeParse(await request.json());
    if (!parsed.success) {
      return HttpResponse.json(
        { message: parsed.error.issues[0]?.message ?? "Invalid request" },
        { status: 400 },
      );
    }
    const { content, strategy } = parsed.data;
    if (!content.trim()) return HttpResponse.json({ message: "content must not be blank" }, { status: 400 });
    if (content.length > EXTRACT_MAX_CHARS) {
      return HttpResponse.json(
        { message: `content must be at most ${EXTRACT_MAX_CHARS} characters` },
        { status: 413 },
      );
    }
    return HttpResponse.json(strategy === "llm" ? fakeAiExtraction(content) : fakePatternExtraction(content));
  }),
];
