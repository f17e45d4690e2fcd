import winkNLP from "wink-nlp";
import model from "wink-eng-lite-web-model";

/**
 * One sentence as the NLP pipeline reads it: wink-nlp's English model splits it into tokens and
 * tags each with its part of speech. Everything runs in process from the npm packages; nothing is
 * downloaded.
 */
export interface ReadSentence {
  text: string;
  /** Lower-cased word tokens (punctuation kept as its own token) */
  words: string[];
  /** Universal part-of-speech tags, one per token */
  tags: string[];
}

// Only the part-of-speech tagger runs: the features use nothing else (negation, entities and
// sentiment would each cost time on every sentence).
const nlp = winkNLP(model, ["pos"]);
const its = nlp.its;

/** Keeps sentences apart in one document: wink-nlp reads a blank line as whitespace of its own. */
const SEPARATOR = "\n\n";

/**
 * Several sentences read as one document, then cut back into sentences by where their tokens
 * start: wink-nlp costs about as much per document as per token, so an e-mail's sentences are
 * read in one go (three times faster than one document each). Each sentence must hold no blank
 * line of its own (the engine's sentences have their whitespace collapsed).
 */
export function readSentences(texts: readonly string[]): ReadSentence[] {
  if (texts.length === 0) return [];
  if (texts.length === 1) return [readOne(texts[0]!)];
  const joined = texts.join(SEPARATOR);
  const tokens = nlp.readDoc(joined).tokens();
  const values = tokens.out(its.value) as string[];
  const spaces = tokens.out(its.precedingSpaces) as string[];
  // Tokens and the spaces before them rebuild the text; should they ever not, each sentence is
  // read on its own rather than cut at the wrong places.
  const rebuilt = values.reduce(
    (length, value, index) => length + value.length + (spaces[index]?.length ?? 0),
    0,
  );
  if (rebuilt !== joined.length) return texts.map(readOne);
  const normals = tokens.out(its.normal) as string[];
  const tags = tokens.out(its.pos) as string[];
  const read: ReadSentence[] = [];
  let token = 0;
  let at = 0;
  let end = 0;
  for (const text of texts) {
    end += text.length;
    const sentence: ReadSentence = { text, words: [], tags: [] };
    while (token < values.length) {
      const start = at + (spaces[token]?.length ?? 0);
      if (start >= end) break;
      at = start + (values[token]?.length ?? 0);
      if (tags[token] !== "SPACE") {
        sentence.words.push(normals[token] ?? "");
        sentence.tags.push(tags[token] ?? "X");
      }
      token += 1;
    }
    read.push(sentence);
    end += SEPARATOR.length;
  }
  return read;
}

function readOne(text: string): ReadSentence {
  const tokens = nlp.readDoc(text).tokens();
  const tags = tokens.out(its.pos) as string[];
  const words = tokens.out(its.normal) as string[];
  const kept = tags.map((tag) => tag !== "SPACE");
  return {
    text,
    words: words.filter((_, index) => kept[index]),
    tags: tags.filter((_, index) => kept[index]),
  };
}

export function readSentence(text: string): ReadSentence {
  return readOne(text);
}

/** A token of a text with where it starts, for cutting the text at a token. */
export interface PlacedToken {
  /** Lower-cased */
  word: string;
  /** The dictionary form ("looked" → "look") */
  lemma: string;
  tag: string;
  start: number;
  end: number;
}

/** The tokens of a text with their positions and parts of speech (spaces left out). */
export function placedTokens(text: string): PlacedToken[] {
  const tokens = nlp.readDoc(text).tokens();
  const values = tokens.out(its.value) as string[];
  const tags = tokens.out(its.pos) as string[];
  // wink-nlp's types do not list lemma among the token properties out() takes; it does take it.
  const lemmas = tokens.out(its.lemma as never) as string[];
  const placed: PlacedToken[] = [];
  let at = 0;
  values.forEach((value, index) => {
    const start = text.indexOf(value, at);
    if (start < 0) return;
    at = start + value.length;
    if (tags[index] !== "SPACE")
      placed.push({
        word: value.toLowerCase(),
        lemma: lemmas[index] ?? value.toLowerCase(),
        tag: tags[index] ?? "X",
        start,
        end: at,
      });
  });
  return placed;
}
