import type { ReadSentence } from "./reader";

/**
 * The features the request classifier sees in one sentence: its words, word pairs and word
 * triples as wink-nlp tokenises them (a question mark counts as a word: "you ?" is a cue), and
 * how the sentence opens after fillers, as parts of speech ("VERB DET NOUN" for "Send the file",
 * "AUX PRON VERB" for "Can you check"). Numbers, e-mail addresses and links are read as their kind.
 *
 * Character n-grams, the sentence's length and per-word cues (an imperative verb, "can you",
 * "I will" as features of their own) were measured too: they fit EmailIntent's training sentences
 * better but generalised worse to other e-mail, in cross-validation on the training data.
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

function shape(word: string): string {
  if (/^\d+([.,:/-]\d+)*$/.test(word)) return "<num>";
  if (/^[\w.+-]+@[\w-]+\.[\w.]+$/.test(word)) return "<email>";
  if (/^(https?:|www\.)/.test(word)) return "<url>";
  return word;
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

/** The sentence's distinct features, as strings ("w:send", "b:you_?", "op2:VERB_DET"…). */
export function featuresOf(sentence: ReadSentence): string[] {
  const { words, tags } = sentence;
  const features = new Set<string>();
  const tokens = words.map(shape).filter((word, index) => tags[index] !== "PUNCT" || word === "?");

  for (const token of tokens) features.add(`w:${token}`);
  const padded = ["<s>", ...tokens, "</s>"];
  for (let index = 0; index + 1 < padded.length; index += 1)
    features.add(`b:${padded[index]}_${padded[index + 1]}`);
  for (let index = 0; index + 2 < padded.length; index += 1)
    features.add(`t:${padded[index]}_${padded[index + 1]}_${padded[index + 2]}`);

  // How the sentence opens, after fillers: the strongest syntactic cue of a request.
  const start = openingIndex(sentence);
  const [t0, t1, t2] = [0, 1, 2].map((offset) => tags[start + offset] ?? "END");
  features.add(`op:${t0}`);
  features.add(`op2:${t0}_${t1}`);
  features.add(`op3:${t0}_${t1}_${t2}`);
  return [...features];
}

/** Slots of the hashed feature space: 2^18, so few of the ~20,000 trained features share one. */
export const FEATURE_BITS = 18;

/** FNV-1a, 32 bits: a feature's slot depends on its text alone. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/**
 * The sentence as the classifier reads it: the slots of its features in a hashed space of
 * 2^bits weights (feature hashing), so the model is an array of numbers with no feature names to
 * store or look up.
 */
export function featureSlots(sentence: ReadSentence, bits: number = FEATURE_BITS): Int32Array {
  const mask = (1 << bits) - 1;
  return Int32Array.from(new Set(featuresOf(sentence).map((feature) => hash(feature) & mask)));
}
