import { describe, expect, it } from "vitest";
import { createTaskRequestSchema } from "@contract/tasks";
import { analyseText } from "../../src/ai/builtin-engine";
import {
  extractWithPatterns,
  isWhitespaceCode,
  takeHashtags,
  tidyTitle,
} from "../../src/modules/extract/pattern-extractor";
import { CORPUS_NOW, CORPUS_TIME_ZONE, corpus } from "../corpus/extraction-corpus";

const newYork = (now: string) => ({ timeZone: "America/New_York", now: new Date(now) });

describe("the pattern method, beyond the corpus", () => {
  it("reads 'by 5pm' written after five o'clock as five o'clock tomorrow", () => {
    const [task] = extractWithPatterns("- [ ] Pay rent by 5pm", newYork("2026-11-18T23:30:00.000Z")); // 18:30 local
    expect(task?.due_date).toBe("2026-11-19T22:00:00.000Z");
  });

  it("reads 'next friday' as the Friday of next week, whatever today is", () => {
    const due = (now: string) =>
      extractWithPatterns("- [ ] Send the proposal next friday", newYork(now))[0]?.due_date;
    expect(due("2026-11-18T15:00:00.000Z")).toBe("2026-11-28T04:59:59.000Z"); // Wednesday → 27 Nov
    expect(due("2026-11-23T15:00:00.000Z")).toBe("2026-12-05T04:59:59.000Z"); // Monday → 4 Dec
  });

  it("ends a description at a blank line or a line that is not indented", () => {
    const tasks = extractWithPatterns(
      "- [ ] Pack for the trip\n\tpassport\n\n\tnot part of it\n- [ ] Water plants\n  twice\nAfterwards a note",
      newYork(CORPUS_NOW),
    );
    expect(tasks.map((task) => [task.title, task.description])).toEqual([
      ["Pack for the trip", "passport"],
      ["Water plants", "twice"],
    ]);
  });

  it("keeps at most 20 tags of at most 50 characters, once each, and the highest priority hashtag", () => {
    const many = Array.from({ length: 25 }, (_, index) => `#tag${index}`).join(" ");
    const long = `#${"x".repeat(51)}`;
    const result = takeHashtags(`Plan it #low #Work #work #urgent ${long} ${many}`);
    expect(result.priority).toBe("urgent");
    expect(result.tags).toHaveLength(20);
    expect(result.tags.slice(0, 2)).toEqual(["Work", "tag0"]);
    expect(result.tags).not.toContain("x".repeat(51));
    expect(result.text.trim()).toBe("Plan it");
  });

  it("finds the hashtags the pattern /(^|[\\s([{,;])#(\\p{L}[\\p{L}\\p{N}_/-]*)/gu finds, and removes only them", () => {
    const pattern = /(^|[\s([{,;])#(\p{L}[\p{L}\p{N}_/-]*)/gu;
    const texts = [
      "#lead at the start",
      "a #b,#c;#d(#e)[#f]{#g}",
      "tabs\t#one and\u00a0#two and\u2003#three",
      "no#tag here, nor # this, nor #1st",
      "##double #a#b #c-d/ #e-/-/ x",
      "#𝐀lpha and #日本 and #Ünï and 🎉#x",
      "(#paren) [#square] {#curly}",
      "",
      "#",
    ];
    for (const text of texts) {
      const words = [...text.matchAll(pattern)].map((match) => (match[2] ?? "").replace(/[-/]+$/, ""));
      const { text: rest, tags } = takeHashtags(text);
      expect(rest, text).toBe(text.replace(pattern, "$1"));
      const unique = words.filter(
        (word, index) => words.findIndex((other) => other.toLowerCase() === word.toLowerCase()) === index,
      );
      expect(tags, text).toEqual(unique);
    }
  });

  it("knows the same whitespace as \\s", () => {
    const disagreeing: string[] = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      if (isWhitespaceCode(code) !== /\s/.test(String.fromCharCode(code)))
        disagreeing.push(code.toString(16));
    }
    expect(disagreeing).toEqual([]);
  });

  it("leaves issue numbers, C#, URLs and e-mail addresses alone", () => {
    const [task] = extractWithPatterns(
      "- [ ] Fix #42 in the C# client, see https://example.com/docs#setup or ask ops@example.com",
      newYork(CORPUS_NOW),
    );
    expect(task?.title).toBe(
      "Fix #42 in the C# client, see https://example.com/docs#setup or ask ops@example.com",
    );
    expect(task?.tags).toEqual([]);
  });

  it("finds nothing in plain prose", () => {
    expect(
      extractWithPatterns("Please call Bob tomorrow. We need to book the venue.", newYork(CORPUS_NOW)),
    ).toEqual([]);
  });
});

describe("a title's clean-up, written out by hand, does what its rules as regular expressions do", () => {
  /** The clean-up as a chain of replacements: slower, and the statement of what it does. */
  function byPatterns(text: string): string {
    let title = text
      .replace(/\(\s*\)|\[\s*\]|\{\s*\}/g, " ")
      .replace(/\s+/g, " ")
      .replace(/ ([,;:.!?)\]])/g, "$1")
      .replace(/([([]) /g, "$1")
      .replace(/[,;:]+(?=[,;:.!?])/g, "")
      .trim()
      .replace(/^[\s,;:\-–—]+/, "")
      .replace(/[ ,;:\-–—.]+$/, "");
    const words = title.split(" ");
    if (
      words.length > 1 &&
      ["by", "on", "at", "due", "before", "until"].includes(words.at(-1)!.toLowerCase())
    ) {
      title = words.slice(0, -1).join(" ");
    }
    const emphasis = /^(\*\*|__|~~|\*|_)(.+)\1$/.exec(title);
    return emphasis?.[2] ? emphasis[2].trim() : title;
  }

  const pieces = [
    " ",
    "  ",
    "\t",
    "\u00a0",
    "\u2003",
    "\u2028",
    "(",
    ")",
    "( )",
    "[]",
    "{ }",
    ",",
    ";",
    ":",
    ".",
    "!",
    "?",
  ];
  pieces.push(
    "-",
    "–",
    "—",
    "*",
    "**",
    "__",
    "~~",
    "_",
    "Pay",
    "rent",
    "by",
    "On",
    "due",
    "x",
    "é",
    "日本",
    "🎉",
  );

  it.each([
    "Review Q3 report  ",
    "  Call 3 suppliers   ",
    "Renew domain ( )  ",
    "Pay rent , ; by",
    "- – Send it .",
    "**Fix login**",
    "~~Old item~~ ",
    "Plan it (see [ ] notes ) !",
    "\tTabs\u00a0and\u2003spaces\n",
    "",
  ])("%j", (text) => {
    expect(tidyTitle(text)).toBe(byPatterns(text));
  });

  it("on 20,000 made-up titles", () => {
    let seed = 17;
    const next = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const disagreeing: string[] = [];
    for (let count = 0; count < 20_000; count += 1) {
      let text = "";
      for (let length = Math.floor(next() * 12); length > 0; length -= 1) {
        text += pieces[Math.floor(next() * pieces.length)];
      }
      if (tidyTitle(text) !== byPatterns(text)) disagreeing.push(text);
    }
    expect(disagreeing).toEqual([]);
  });
});

describe("every task extracted from the corpus can be saved as it is ('Add All Tasks to My List')", () => {
  const context = (entry: (typeof corpus)[number]) => ({
    timeZone: entry.timeZone ?? CORPUS_TIME_ZONE,
    now: new Date(entry.now ?? CORPUS_NOW),
  });
  it.each(corpus.map((entry) => [entry.name, entry] as const))("%s", (_name, entry) => {
    const tasks = [
      ...extractWithPatterns(entry.text, context(entry)),
      ...analyseText(entry.text, context(entry)),
    ];
    for (const task of tasks) {
      const parsed = createTaskRequestSchema.safeParse(task);
      expect(parsed.success, `${task.title}: ${parsed.error?.message}`).toBe(true);
    }
  });
});

describe("time on hostile input", () => {
  // 200,000 characters, four times the request limit: linear work takes milliseconds, while a
  // regular expression that backtracks quadratically would take minutes here.
  const size = 200_000;
  const hostile: [string, string][] = [
    ["one endless word", "x".repeat(size)],
    ["a run of dots", ".".repeat(size)],
    ["a request followed by endless spaces", `please call${" ".repeat(size)}Bob`],
    ["a checkbox with endless dashes", `- [ ] a${" -".repeat(size / 2)}b`],
    ["a checkbox with endless dots", `- [ ] a${". ".repeat(size / 2)}b`],
    ["endless 'can you'", "can you ".repeat(size / 8)],
    ["endless 'by'", `- [ ] ${"by ".repeat(size / 3)}`],
    ["endless emoji", "🎉".repeat(size / 2)],
  ];
  it.each(hostile)("reads %s in under 3 seconds with either method", (_name, text) => {
    const context = newYork(CORPUS_NOW);
    const started = performance.now();
    extractWithPatterns(text, context);
    analyseText(text, context);
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});

describe("repeat phrases, read by the pattern method and the built-in engine", () => {
  // Saturday 21 November 2026 in New York
  const context = newYork("2026-11-21T15:00:00.000Z");

  it.each([
    [
      "- [ ] Water the plants every Monday",
      "Water the plants",
      "FREQ=WEEKLY;BYDAY=MO",
      "2026-11-24T04:59:59.000Z",
    ],
    [
      "- [ ] Clean the gutters every other week",
      "Clean the gutters",
      "FREQ=WEEKLY;INTERVAL=2",
      "2026-11-22T04:59:59.000Z",
    ],
    ["TODO: Check the backups daily", "Check the backups", "FREQ=DAILY", "2026-11-22T04:59:59.000Z"],
    [
      "- [ ] Pay rent each month on the 1st",
      "Pay rent",
      "FREQ=MONTHLY;BYMONTHDAY=1",
      "2026-12-02T04:59:59.000Z",
    ],
    [
      "- [ ] Pay rent on the 1st of every month",
      "Pay rent",
      "FREQ=MONTHLY;BYMONTHDAY=1",
      "2026-12-02T04:59:59.000Z",
    ],
  ])("reads '%s' as %j repeating %s, first due on its first day", (line, title, rule, dueDate) => {
    const [task] = extractWithPatterns(line, context);
    expect(task).toMatchObject({ title, recurrence: rule, due_date: dueDate });
  });

  it("keeps a date the line names as the first due date", () => {
    const [task] = extractWithPatterns("- [ ] Send the report every Monday starting tomorrow", context);
    expect(task).toMatchObject({ recurrence: "FREQ=WEEKLY;BYDAY=MO", due_date: "2026-11-23T04:59:59.000Z" });
  });

  it("leaves 'daily' or 'weekly' opening a line in the title: there it names the thing", () => {
    const [task] = extractWithPatterns("- [ ] Weekly report for Dana", context);
    expect(task).toMatchObject({ title: "Weekly report for Dana", recurrence: null, due_date: null });
  });

  it("proposes the rule from the built-in engine's sentences too", () => {
    const tasks = analyseText(
      "Hi Sam,\n\nCould you please water the plants every Monday?\n\nThanks, Ana",
      context,
    );
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({
      recurrence: "FREQ=WEEKLY;BYDAY=MO",
      due_date: "2026-11-24T04:59:59.000Z",
    });
    expect(tasks[0]?.title).not.toMatch(/monday/i);
  });

  it("gives a rule only with a due date, so each task it proposes can be created", () => {
    const text =
      "- [ ] Stretch daily\n- [ ] Call mum every other Sunday\nPlease back up the server each week.";
    for (const task of [...extractWithPatterns(text, context), ...analyseText(text, context)]) {
      if (task.recurrence) expect(task.due_date).not.toBeNull();
    }
  });
});
