import { analyseText } from "../../server/src/ai/builtin-engine";
import { extractWithPatterns } from "../../server/src/modules/extract/pattern-extractor";
import { EXTRACT_MAX_CHARS } from "../../contract/extract";
import { percentile } from "../lib/measure";
import {
  budgetRow,
  budgetsTable,
  formatBytes,
  formatCount,
  formatMs,
  type BenchSection,
} from "../lib/report";

/**
 * How long the pattern method takes over 1 MB of text, and, for scale, the
 * pattern method and the built-in engine over one request's worth (50,000 characters). Pure
 * functions, timed in-process: no HTTP, no database.
 */

const ONE_MB = 1024 * 1024;
const RUNS = 7;
/** The pattern method over 1 MB, median throughput (issue 14). */
const PATTERN_BUDGET_MB_PER_S = 30;
const context = { timeZone: "America/New_York", now: new Date("2026-11-18T15:00:00.000Z") };

/** Realistic pasted text: checklists with tags and dates, TODO lines, notes, e-mail and chat prose. */
const BLOCKS = [
  "## Sprint board\n- [ ] Review Q3 report #high #finance\n- [x] Plan May Day party\n- [ ] Call 3 suppliers by friday 5pm\n    ask about bulk discounts\n    - and shipping times\n",
  "TODO: Submit expense report tomorrow\nDONE: Book flights to Lisbon #travel\n* [ ] Renew domain due:2026-12-01 #urgent\n1. [ ] Send the proposal next friday\n",
  "Hi Sam,\n\nThanks for yesterday's call. Could you please send me the signed contract by Friday? Also, we need to book the venue for the Q1 offsite ASAP.\n\nBest regards,\nMaria\n",
  "[09:15] Bob: @carol can you review PR #42 today?\n[09:16] Carol: sure, will do\n[09:20] Alice: don't forget to update the changelog before the release\n",
  "The weather was lovely today. We went to the beach and had ice cream. Revenue for Q3 was up 12% and the team grew to 40 people.\n",
  "Action items:\n- Anna: send the deck to the board by next Tuesday\n- Bob to call 3 suppliers about pricing\n\n",
];

function textOf(size: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let index = 0; length < size; index += 1) {
    const block = BLOCKS[index % BLOCKS.length] ?? "";
    parts.push(block);
    length += block.length;
  }
  return parts.join("").slice(0, size);
}

function time(run: () => unknown[]): { median: number; worst: number; found: number } {
  let found = run().length; // warm-up (JIT, regex compilation)
  const samples: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const started = performance.now();
    found = run().length;
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 0.5), worst: samples.at(-1) ?? Number.NaN, found };
}

const patternExtraction: BenchSection = async () => {
  const large = textOf(ONE_MB);
  const request = textOf(EXTRACT_MAX_CHARS);
  const cases = [
    { name: "pattern method, 1 MB", text: large, run: () => extractWithPatterns(large, context) },
    { name: "pattern method, 50,000 chars", text: request, run: () => extractWithPatterns(request, context) },
    { name: "built-in AI engine, 50,000 chars", text: request, run: () => analyseText(request, context) },
  ];
  const measured = cases.map(({ name, text, run }) => {
    const figures = time(run);
    return { name, text, figures, megabytesPerSecond: text.length / ONE_MB / (figures.median / 1000) };
  });
  const [oneMb] = measured; // the pattern method over 1 MB, the budgeted case
  const throughput = (megabytesPerSecond: number) =>
    `${megabytesPerSecond.toFixed(megabytesPerSecond < 1 ? 2 : 1)} MB/s`;
  const rows = measured.map(({ name, text, figures, megabytesPerSecond }) => [
    name,
    formatBytes(text.length),
    formatCount(figures.found),
    formatMs(figures.median),
    formatMs(figures.worst),
    throughput(megabytesPerSecond),
  ]);
  return {
    title: "Task extraction",
    tables: [
      {
        title: "Extraction time",
        columns: ["input", "size", "tasks", "median", "worst", "throughput"],
        rows,
      },
      budgetsTable([
        budgetRow(
          "pattern method, 1 MB: throughput (median)",
          oneMb?.megabytesPerSecond ?? Number.NaN,
          { atLeast: PATTERN_BUDGET_MB_PER_S },
          "MB/s",
          throughput,
        ),
      ]),
    ],
    notes: [
      `Median and worst of ${RUNS} runs after one warm-up, in-process (no HTTP, no database).`,
      "Input: checklists with tags and dates, TODO/DONE lines, meeting notes, e-mail and chat prose, repeated.",
    ],
  };
};

export default patternExtraction;
