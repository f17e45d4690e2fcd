import type { ExtractedTaskJson } from "@contract/extract";
import type { ReadingCase, ReadingTask } from "./extraction-corpus";

/**
 * How the reading corpus is scored. A found task matches an expected one when their titles share
 * most of their words (Dice coefficient of the two word sets ≥ 0.7, words lower-cased, split on
 * anything but letters, digits and apostrophes) and, where the corpus names a due date, the found
 * task has that due date. Pairs are made one to one, best overlap first.
 */

export const TITLE_OVERLAP = 0.7;

const words = (title: string) => new Set(title.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []);

export function titleOverlap(a: string, b: string): number {
  const left = words(a);
  const right = words(b);
  if (left.size + right.size === 0) return 1;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  return (2 * shared) / (left.size + right.size);
}

export interface CaseScore {
  tp: number;
  fp: number;
  fn: number;
  /** Expected tasks nothing matched, and found tasks that matched nothing */
  missed: ReadingTask[];
  invented: ExtractedTaskJson[];
}

export function scoreCase(entry: ReadingCase, found: ExtractedTaskJson[]): CaseScore {
  const pairs: { expected: number; found: number; overlap: number }[] = [];
  entry.tasks.forEach((expected, expectedIndex) => {
    found.forEach((task, foundIndex) => {
      const overlap = titleOverlap(expected.title, task.title);
      const dueMatches = expected.due_date === undefined || expected.due_date === task.due_date;
      if (overlap >= TITLE_OVERLAP && dueMatches)
        pairs.push({ expected: expectedIndex, found: foundIndex, overlap });
    });
  });
  pairs.sort((a, b) => b.overlap - a.overlap);
  const usedExpected = new Set<number>();
  const usedFound = new Set<number>();
  for (const pair of pairs) {
    if (usedExpected.has(pair.expected) || usedFound.has(pair.found)) continue;
    usedExpected.add(pair.expected);
    usedFound.add(pair.found);
  }
  return {
    tp: usedExpected.size,
    fp: found.length - usedFound.size,
    fn: entry.tasks.length - usedExpected.size,
    missed: entry.tasks.filter((_, index) => !usedExpected.has(index)),
    invented: found.filter((_, index) => !usedFound.has(index)),
  };
}

export function f1Of({ tp, fp, fn }: { tp: number; fp: number; fn: number }) {
  const precision = tp / Math.max(1, tp + fp);
  const recall = tp / Math.max(1, tp + fn);
  return {
    precision,
    recall,
    f1: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0,
  };
}
