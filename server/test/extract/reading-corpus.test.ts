import { describe, expect, it } from "vitest";
import { BUILTIN_SOURCE } from "../../src/ai/builtin-engine";
import { readingCorpus } from "../corpus/extraction-corpus";
import { f1Of, scoreCase, titleOverlap } from "../corpus/reading-score";

const task = (title: string, due_date: string | null = null) => ({
  title,
  description: null,
  priority: "medium" as const,
  status: "pending" as const,
  due_date,
  tags: [],
  source: BUILTIN_SOURCE,
  recurrence: null,
});

describe("the reading corpus", () => {
  it("holds at least 40 texts, with notes, minutes, chats, e-mails and promotions among them", () => {
    expect(readingCorpus.length).toBeGreaterThanOrEqual(40);
    for (const kind of ["note", "minutes", "chat", "e-mail", "promotion"]) {
      expect(readingCorpus.filter((entry) => entry.kind === kind).length).toBeGreaterThanOrEqual(5);
    }
  });

  it("scores a title with most of the expected words as found, and a wrong due date as not", () => {
    expect(titleOverlap("Send Tom the budget", "Send the budget")).toBeGreaterThan(0.7);
    const entry = {
      kind: "note" as const,
      text: "",
      tasks: [{ title: "Pay the rent", due_date: "2026-12-01T04:59:59.000Z" }],
    };
    expect(scoreCase(entry, [task("Pay the rent", "2026-12-01T04:59:59.000Z")])).toMatchObject({
      tp: 1,
      fp: 0,
      fn: 0,
    });
    expect(scoreCase(entry, [task("Pay the rent")])).toMatchObject({ tp: 0, fp: 1, fn: 1 });
    expect(f1Of({ tp: 1, fp: 1, fn: 1 }).f1).toBeCloseTo(0.5);
  });
});
