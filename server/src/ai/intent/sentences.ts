/** Abbreviations whose full stop ends no sentence: "Mr. Hull", "e.g. Friday". */
const ABBREVIATIONS = new Set([
  "e.g",
  "i.e",
  "mr",
  "mrs",
  "ms",
  "dr",
  "vs",
  "etc",
  "a.m",
  "p.m",
  "approx",
  "no",
  "st",
  "jr",
  "sr",
]);

/** Sentences of a paragraph, split after . ! ? followed by space (abbreviations excepted). */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let from = 0;
  // Only from the first mark of a run, so a long run of dots is not read again at every dot.
  for (const boundary of text.matchAll(/(?<![.!?])[.!?]+["')\]]*\s+/g)) {
    const end = boundary.index + boundary[0].length;
    const before = text.slice(from, boundary.index + 1);
    // "St." is an abbreviation, "the 1st." ends a sentence.
    const token = /(\S+)\.$/u.exec(before)?.[1];
    const lastWord = token && /^[\p{L}.]+$/u.test(token) ? token.toLowerCase() : undefined;
    if (lastWord && (ABBREVIATIONS.has(lastWord) || lastWord.length === 1)) continue;
    sentences.push(text.slice(from, end).trim());
    from = end;
  }
  sentences.push(text.slice(from).trim());
  return sentences.filter((sentence) => sentence.length > 0);
}
