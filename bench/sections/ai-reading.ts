import { analyseText } from "../../server/src/ai/builtin-engine";
import {
  CORPUS_NOW,
  CORPUS_TIME_ZONE,
  readingCorpus,
  type ReadingKind,
} from "../../server/test/corpus/extraction-corpus";
import { f1Of, scoreCase, TITLE_OVERLAP } from "../../server/test/corpus/reading-score";
import { budgetRow, budgetsTable, type BenchSection } from "../lib/report";

/**
 * The built-in engine on the project's own reading corpus (notes, minutes, chats, e-mails and
 * promotions the project wrote, in server/test/corpus/extraction-corpus.ts): precision, recall and
 * F1 of the tasks it finds against the tasks a person would note down, by kind of text.
 */

const BUDGET_F1 = 0.85;

const aiReading: BenchSection = async () => {
  const context = { timeZone: CORPUS_TIME_ZONE, now: new Date(CORPUS_NOW) };
  const byKind = new Map<ReadingKind | "all", { texts: number; tp: number; fp: number; fn: number }>();
  const notes: string[] = [];
  for (const entry of readingCorpus) {
    const score = scoreCase(entry, analyseText(entry.text, context));
    for (const key of [entry.kind, "all"] as const) {
      const total = byKind.get(key) ?? { texts: 0, tp: 0, fp: 0, fn: 0 };
      byKind.set(key, {
        texts: total.texts + 1,
        tp: total.tp + score.tp,
        fp: total.fp + score.fp,
        fn: total.fn + score.fn,
      });
    }
    const firstLine = entry.text.split("\n")[0]?.slice(0, 50) ?? "";
    for (const missed of score.missed) notes.push(`missed in "${firstLine}…": ${missed.title}`);
    for (const invented of score.invented)
      notes.push(`not expected in "${firstLine}…": ${invented.title} (${invented.due_date ?? "no date"})`);
  }
  const all = f1Of(byKind.get("all") ?? { tp: 0, fp: 0, fn: 0 });
  const two = (value: number) => value.toFixed(2);
  return {
    title: "Built-in AI engine: the project's own reading corpus",
    tables: [
      {
        title: `Reading corpus (${readingCorpus.length} texts the project wrote)`,
        columns: ["kind", "texts", "expected", "found right", "not expected", "precision", "recall", "F1"],
        rows: [...byKind.entries()].map(([kind, counts]) => {
          const figures = f1Of(counts);
          return [
            kind,
            String(counts.texts),
            String(counts.tp + counts.fn),
            String(counts.tp),
            String(counts.fp),
            two(figures.precision),
            two(figures.recall),
            figures.f1.toFixed(3),
          ];
        }),
      },
      budgetsTable([
        budgetRow("F1 over every text", all.f1, { atLeast: BUDGET_F1 }, "", (value) => value.toFixed(3)),
      ]),
    ],
    notes: [
      `A found task matches an expected one when their titles share most words (Dice ≥ ${TITLE_OVERLAP}) and, where the corpus names a due date, the due dates are equal; one to one.`,
      ...notes.slice(0, Number(process.env.BENCH_NOTES ?? 30)),
      ...(notes.length > Number(process.env.BENCH_NOTES ?? 30)
        ? [`… and ${notes.length - Number(process.env.BENCH_NOTES ?? 30)} more`]
        : []),
    ],
  };
};

export default aiReading;
