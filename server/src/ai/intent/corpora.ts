import { readFileSync } from "node:fs";
import path from "node:path";
import { splitSentences } from "./sentences";

/**
 * Readers of the two public data sets the request classifier learns from. Neither is part of the
 * project: the training script and the bench read them from a directory given at run time.
 *
 * - EmailIntent (Parakweet, Apache-2.0): `email-intent/train.tsv` and `test.tsv`, one sentence a
 *   line, "Yes" (asks for or proposes something) or "No", a tab, the sentence.
 * - MailEx (Srivastava et al., CC BY-SA 4.0): `mailex-actions.json`, whole e-mails whose request
 *   sentences are marked. Each sentence of a body is labelled 1 when it is one of the e-mail's
 *   requests, 0 otherwise (the sender's own commitments included: they are no task for the reader).
 */

export interface LabelledSentence {
  text: string;
  label: 0 | 1;
}

export interface MailExGold {
  sentence: string;
  optional: boolean;
}

export interface MailExCase {
  id: string;
  negative: boolean;
  body: string;
  gold: MailExGold[];
}

export function readEmailIntent(dataDir: string, part: "train" | "test"): LabelledSentence[] {
  const file = path.join(dataDir, "email-intent", `${part}.tsv`);
  return readFileSync(file, "utf8")
    .split(/\r?\n/)
    .flatMap((line): LabelledSentence[] => {
      const tab = line.indexOf("\t");
      if (tab < 0) return [];
      const label = line.slice(0, tab).trim();
      const text = line.slice(tab + 1).trim();
      if (!text || (label !== "Yes" && label !== "No")) return [];
      return [{ text, label: label === "Yes" ? 1 : 0 }];
    });
}

export function readMailEx(dataDir: string): MailExCase[] {
  const file = path.join(dataDir, "mailex-actions.json");
  const data = JSON.parse(readFileSync(file, "utf8")) as { cases: MailExCase[] };
  return data.cases.map(({ id, negative, body, gold }) => ({
    id,
    negative,
    body,
    gold: gold.map(({ sentence, optional }) => ({ sentence, optional })),
  }));
}

export function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[a-z0-9']+/g) ?? []);
}

/** Share of the smaller word set found in the other one. */
export function overlap(a: Set<string>, b: Set<string>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  if (small.size === 0) return 0;
  let shared = 0;
  for (const word of small) if (large.has(word)) shared += 1;
  return shared / small.size;
}

/** Sentences of an e-mail body the way the engine splits them. */
export function bodySentences(body: string): string[] {
  return body.split(/\n\s*\n/).flatMap((paragraph) => splitSentences(paragraph.replace(/\s+/g, " ").trim()));
}

/** Each sentence of each body, labelled by whether it is one of the e-mail's requests. */
export function mailExSentences(cases: readonly MailExCase[]): LabelledSentence[] {
  return cases.flatMap((mail) => {
    const requests = mail.gold.filter((gold) => !gold.optional).map((gold) => wordsOf(gold.sentence));
    return bodySentences(mail.body).map((text): LabelledSentence => {
      const words = wordsOf(text);
      const isRequest = requests.some((request) => overlap(words, request) >= 0.8);
      return { text, label: isRequest ? 1 : 0 };
    });
  });
}
