import type { ReadSentence } from "./reader";

/**
 * The features the request classifier sees in one sentence: its words and word pairs, character
 * trigrams of its words (so "sched", "confirm" and misspellings generalise), and the syntax that
 * tells a request from a statement — how it opens (an imperative verb, "can you", "I will"), the
 * parts of speech of its first tokens, a question mark, who is addressed, negation, length.
 */

/** Openers that carry no meaning for the decision: "So, please send…", "Hi Dana, can you…". */
const FILLERS = new Set([
  "so",
  "and",
  "also",
  "but",
  "then",
  "ok",
  "okay",
  "hi",
  "hey",
  "hello",
  "oh",
  "well",
  "now",
  "again",
  "btw",
  "just",
  "fyi",
  "ps",
]);

const SECOND_PERSON = new Set(["you", "your", "yours", "u", "ya", "yourself"]);
const FIRST_PERSON = new Set(["i", "we", "me", "my", "our", "us"]);

function shape(word: string): string {
  if (/^\d+([.,:/-]\d+)*$/.test(word)) return "<num>";
  if (/^[\w.+-]+@[\w-]+\.[\w.]+$/.test(word)) return "<email>";
  if (/^(https?:|www\.)/.test(word)) return "<url>";
  return word;
}

function lengthBucket(count: number): string {
  if (count <= 3) return "1-3";
  if (count <= 6) return "4-6";
  if (count <= 12) return "7-12";
  if (count <= 25) return "13-25";
  return "26+";
}

/** The index of the first token that is neither a filler word nor punctuation. */
function openingIndex(sentence: ReadSentence): number {
  const { words, tags } = sentence;
  let index = 0;
  while (
    index < words.length &&
    (tags[index] === "PUNCT" || FILLERS.has(words[index] ?? "") || tags[index] === "INTJ")
  ) {
    // "please" is tagged as an interjection but is itself the strongest cue: keep it.
    if (words[index] === "please") break;
    index += 1;
  }
  return index;
}

export function featuresOf(sentence: ReadSentence): string[] {
  const { words, tags, negated } = sentence;
  const features = new Set<string>(["bias"]);
  const tokens = words.map(shape);
  const content = tokens.filter((_, index) => tags[index] !== "PUNCT");

  for (const token of content) features.add(`w:${token}`);
  const padded = ["<s>", ...content, "</s>"];
  for (let index = 0; index + 1 < padded.length; index += 1)
    features.add(`b:${padded[index]}_${padded[index + 1]}`);
  for (const token of content) {
    if (token.startsWith("<") || token.length < 4) continue;
    const framed = `^${token}$`;
    for (let index = 0; index + 3 <= framed.length; index += 1)
      features.add(`c:${framed.slice(index, index + 3)}`);
  }

  // How the sentence opens, after fillers: the strongest syntactic cue of a request.
  const start = openingIndex(sentence);
  const first = tokens[start] ?? "</s>";
  const second = tokens[start + 1] ?? "</s>";
  const t0 = tags[start] ?? "END";
  const t1 = tags[start + 1] ?? "END";
  const t2 = tags[start + 2] ?? "END";
  features.add(`o:${first}`);
  features.add(`o2:${first}_${second}`);
  features.add(`op:${t0}`);
  features.add(`op2:${t0}_${t1}`);
  features.add(`op3:${t0}_${t1}_${t2}`);
  if (t0 === "VERB") features.add(`imperative:${first}`);
  if (t0 === "AUX" && SECOND_PERSON.has(second)) features.add("modal-you");
  if (t0 === "AUX" && FIRST_PERSON.has(second)) features.add("modal-me");
  if (t0 === "PRON" && FIRST_PERSON.has(first) && (t1 === "AUX" || t1 === "VERB"))
    features.add(`me-${t1 === "AUX" ? second : "verb"}`);

  const last = words.at(-1) ?? "";
  if (last === "?" || words.includes("?")) features.add("question");
  if (last === "!") features.add("exclaim");
  if (words.some((word) => SECOND_PERSON.has(word))) features.add("addresses-you");
  if (words.some((word) => FIRST_PERSON.has(word))) features.add("speaks-i");
  if (negated.some(Boolean)) features.add("negation");
  features.add(`len:${lengthBucket(content.length)}`);
  if (tags.includes("VERB") === false && tags.includes("AUX") === false) features.add("no-verb");
  return [...features];
}
