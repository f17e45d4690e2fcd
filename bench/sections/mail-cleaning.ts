import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cleanMail, type CleanedMail } from "../../server/src/modules/inbound-mail/clean-body";
import { percentile } from "../lib/measure";
import { formatBytes, formatMs, type BenchSection, type BenchTable } from "../lib/report";

/**
 * How well the server's e-mail cleaning reads real mail, on the public test suites of six mail
 * parsers (quoted replies, signatures, forwards from a dozen clients in two dozen languages), and
 * how long it takes on the largest message the server accepts. The corpus is read from the shared
 * folder beside the repository at run time and never copied into it.
 */

const CORPUS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../shared/corpora/mail-peers.json",
);
const TEN_MIB = 10 * 1024 * 1024;
const RUNS = 5;

interface ReplyCase {
  id: string;
  track: "reply";
  lang: string;
  subject?: string;
  body: string;
  expected: string | null;
  keep?: string[];
  drop?: string[];
  optional?: string[];
  contains?: string[];
  notContains?: string[];
}

interface ForwardCase {
  id: string;
  track: "forward";
  lang: string;
  subject?: string;
  body: string;
  expectForward: { forwarded: boolean; subject?: string; body?: string; message: string | null };
}

type MailCase = ReplyCase | ForwardCase;

/** Whitespace-insensitive: line breaks and runs of spaces count as one space. */
function flat(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * The tolerant measure of a reply: every line of the new text survives (anywhere in the output),
 * no quoted or signature line survives as a line of its own, and the suite's partial assertions
 * hold. Lines two suites disagree on are not counted either way.
 */
function replyPasses(testCase: ReplyCase, cleaned: CleanedMail): boolean {
  const output = flat(cleaned.body);
  const outputLines = new Set(cleaned.body.split("\n").map(flat));
  const optional = new Set((testCase.optional ?? []).map(flat));
  const keep = (testCase.keep ?? []).map(flat).filter((line) => line && !optional.has(line));
  const keepSet = new Set(keep);
  const drop = (testCase.drop ?? [])
    .map(flat)
    .filter((line) => line && !optional.has(line) && !keepSet.has(line));
  return (
    keep.every((line) => output.includes(line)) &&
    drop.every((line) => !outputLines.has(line)) &&
    (testCase.contains ?? []).every((part) => output.includes(flat(part))) &&
    (testCase.notContains ?? []).every((part) => !output.includes(flat(part)))
  );
}

/** A forward is found when it is told as one, with its subject, and its body is read. */
function forwardFound(testCase: ForwardCase, cleaned: CleanedMail): boolean {
  const expected = testCase.expectForward;
  if (!expected.forwarded) return cleaned.forwarded === undefined;
  return (
    cleaned.forwarded !== undefined &&
    flat(cleaned.subject) === flat(expected.subject ?? "") &&
    flat(cleaned.body).includes(flat(expected.body ?? ""))
  );
}

function noteKept(testCase: ForwardCase, cleaned: CleanedMail): boolean {
  const note = testCase.expectForward.message;
  return Boolean(note) && cleaned.forwarded !== undefined && flat(cleaned.body).includes(flat(note ?? ""));
}

function score(cases: MailCase[]): { rows: string[][]; misses: string[] } {
  const tally = { replies: [0, 0], foreign: [0, 0], exact: [0, 0], forwards: [0, 0], notes: [0, 0] };
  const misses: string[] = [];
  const count = (entry: number[], passed: boolean) => {
    entry[0]! += passed ? 1 : 0;
    entry[1]! += 1;
  };
  for (const testCase of cases) {
    const cleaned = cleanMail({ subject: testCase.subject, text: testCase.body });
    if (testCase.track === "reply") {
      const passed = replyPasses(testCase, cleaned);
      count(tally.replies, passed);
      if (testCase.lang !== "en") count(tally.foreign, passed);
      if (testCase.expected !== null) count(tally.exact, flat(cleaned.body) === flat(testCase.expected));
      if (!passed) misses.push(testCase.id);
    } else {
      const found = forwardFound(testCase, cleaned);
      count(tally.forwards, found);
      if (!found) misses.push(testCase.id);
      if (testCase.expectForward.message) count(tally.notes, noteKept(testCase, cleaned));
    }
  }
  const row = (name: string, [passed, total]: number[], budget: number | undefined) => [
    name,
    `${passed} / ${total}`,
    budget === undefined ? "—" : `≥ ${budget}`,
    budget === undefined ? "" : passed! >= budget ? "met" : "MISSED",
  ];
  return {
    rows: [
      row("replies passed (tolerant)", tally.replies, 180),
      row("  of which not in English", tally.foreign, undefined),
      row("replies exactly as the suite expects", tally.exact, undefined),
      row("forwards found (subject and body)", tally.forwards, 195),
      row("forwarder's notes kept", tally.notes, 22),
    ],
    misses,
  };
}

/** 10 MiB of prose without a single line break. */
function oneLongLine(): string {
  const words = "please review the attached quarterly figures before friday and call the supplier ";
  return words.repeat(Math.ceil(TEN_MIB / words.length)).slice(0, TEN_MIB);
}

/** 10 MiB of an ordinary long thread: replies on top, each quoting the one before. */
function ordinaryThread(): string {
  const parts: string[] = [];
  let length = 0;
  for (let index = 0; length < TEN_MIB; index += 1) {
    const block = [
      `Reply number ${index}: can you send the signed contract by Friday?`,
      "Thanks,",
      "Ada",
      "",
      `On Mon, 2 Nov 2026 at 09:${String(index % 60).padStart(2, "0")}, Bob Example <bob@example.com> wrote:`,
      "> Sure, I will book the meeting room for Tuesday at 10:00.",
      "> Regards, Bob",
      "",
    ].join("\n");
    parts.push(block);
    length += block.length;
  }
  return parts.join("").slice(0, TEN_MIB);
}

/** 10 MiB made to trip the parsers: brackets, "@" signs, quote marks and colons, no breaks. */
function hostileLine(): string {
  const noise = "> On <a@b@c@d.e (x@y.z) [p@q.r> wrote:: >> Fwd: ---- ";
  return noise.repeat(Math.ceil(TEN_MIB / noise.length)).slice(0, TEN_MIB);
}

/** A 10 MiB HTML-only newsletter, each item quoting the one before in a blockquote. */
function htmlNewsletter(): string {
  const item =
    "<div><p>Please <b>renew</b> the <a href='https://example.com/x'>licence</a> by Friday.</p>" +
    "<blockquote><p>Earlier: book the venue</p></blockquote><table><tr><td>Cell</td></tr></table></div>";
  return `<html><body>${item.repeat(Math.ceil(TEN_MIB / item.length))}</body></html>`.slice(0, TEN_MIB);
}

function timeCleaning(name: string, mail: { subject: string; text: string; html?: string }): string[] {
  cleanMail(mail); // warm-up
  const samples: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const started = performance.now();
    cleanMail(mail);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const worst = samples.at(-1) ?? Number.NaN;
  return [
    name,
    formatBytes(mail.text.length + (mail.html?.length ?? 0)),
    formatMs(percentile(samples, 0.5)),
    formatMs(worst),
    "< 1000 ms",
    worst < 1000 ? "met" : "MISSED",
  ];
}

const mailCleaning: BenchSection = async () => {
  const tables: BenchTable[] = [];
  const notes: string[] = [];
  if (existsSync(CORPUS)) {
    const corpus = JSON.parse(readFileSync(CORPUS, "utf8")) as { cases: MailCase[] };
    const { rows, misses } = score(corpus.cases);
    tables.push({
      title: "Cleaning the mail parsers' own test cases (server cleanMail)",
      columns: ["measure", "passed", "budget", ""],
      rows,
    });
    notes.push(
      "Replies (tolerant): every line of the new text kept, no quoted or signature line left as a line; lines the suites disagree on not counted.",
      "Forwards: told as a forward (or, for the 10 non-forwards, not), forwarded subject equal and forwarded body read; notes: the forwarder's note read as well.",
      `Missed: ${misses.join(", ") || "none"}.`,
    );
  } else {
    notes.push("Skipped the corpus scores: ../shared/corpora/mail-peers.json is absent.");
  }
  tables.push({
    title: "Time to clean the largest message accepted (10 MiB)",
    columns: ["message", "size", "median", "worst", "budget", ""],
    rows: [
      timeCleaning("one line, no line breaks", { subject: "Figures", text: oneLongLine() }),
      timeCleaning("ordinary reply thread", { subject: "Re: Contract", text: ordinaryThread() }),
      timeCleaning("hostile line of brackets and @", { subject: "Fwd: x", text: hostileLine() }),
      timeCleaning("HTML-only newsletter", { subject: "News", text: "", html: htmlNewsletter() }),
    ],
  });
  notes.push(
    `Median and worst of ${RUNS} runs after one warm-up, in-process (no MIME parsing, no database).`,
  );
  return { title: "E-mail cleaning", tables, notes };
};

export default mailCleaning;
