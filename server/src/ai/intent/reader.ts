import winkNLP from "wink-nlp";
import model from "wink-eng-lite-web-model";

/**
 * One sentence as the NLP pipeline reads it: wink-nlp's English model splits it into tokens and
 * tags each with its part of speech and whether a negation governs it. Everything runs in
 * process from the npm packages; nothing is downloaded.
 */
export interface ReadSentence {
  text: string;
  /** Lower-cased word tokens (punctuation kept as its own token) */
  words: string[];
  /** Universal part-of-speech tags, one per token */
  tags: string[];
  /** True where a negation ("not", "never", "n't") governs the token */
  negated: boolean[];
}

const nlp = winkNLP(model, ["pos", "negation"]);
const its = nlp.its;

export function readSentence(text: string): ReadSentence {
  const tokens = nlp.readDoc(text).tokens();
  return {
    text,
    words: tokens.out(its.normal) as string[],
    tags: tokens.out(its.pos) as string[],
    negated: (tokens.out(its.negationFlag) as unknown as boolean[]).map(Boolean),
  };
}
