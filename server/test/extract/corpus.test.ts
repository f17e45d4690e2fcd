import { describe, expect, it } from "vitest";
import type { ExtractedTaskJson } from "@contract/extract";
import { analyseText } from "../../src/ai/builtin-engine";
import { extractWithPatterns } from "../../src/modules/extract/pattern-extractor";
import {
  CORPUS_NOW,
  CORPUS_TIME_ZONE,
  corpus,
  type CorpusCase,
  type ExpectedTask,
} from "../corpus/extraction-corpus";

/** The task as the corpus states it: defaults filled in, description only when the case names it. */
function expected(task: ExpectedTask) {
  return {
    title: task.title,
    priority: task.priority ?? "medium",
    status: task.status ?? "pending",
    due_date: task.due_date ?? null,
    tags: task.tags ?? [],
    ...(task.description !== undefined ? { description: task.description } : {}),
  };
}

function actual(task: ExtractedTaskJson, like: ExpectedTask | undefined) {
  return {
    title: task.title,
    priority: task.priority,
    status: task.status,
    due_date: task.due_date,
    tags: task.tags,
    ...(like?.description !== undefined ? { description: task.description } : {}),
  };
}

function contextOf(entry: CorpusCase) {
  return { timeZone: entry.timeZone ?? CORPUS_TIME_ZONE, now: new Date(entry.now ?? CORPUS_NOW) };
}

describe("the extraction corpus", () => {
  it("holds at least 40 realistic inputs", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(40);
  });

  describe("read by the pattern method", () => {
    it.each(corpus.map((entry) => [entry.name, entry] as const))("%s", (_name, entry) => {
      const tasks = extractWithPatterns(entry.text, contextOf(entry));
      expect(tasks.map((task, index) => actual(task, entry.pattern[index]))).toEqual(
        entry.pattern.map(expected),
      );
      for (const task of tasks) expect(task.source).toEqual({ type: "Manual", origin: "pattern" });
    });
  });

  describe("read by the built-in engine", () => {
    it.each(corpus.map((entry) => [entry.name, entry] as const))("%s", (_name, entry) => {
      const wanted = entry.builtin === "pattern" ? entry.pattern : entry.builtin;
      const tasks = analyseText(entry.text, contextOf(entry));
      expect(tasks.map((task, index) => actual(task, wanted[index]))).toEqual(wanted.map(expected));
      for (const task of tasks) expect(task.source).toEqual({ type: "Llm", origin: "builtin" });
    });
  });
});
