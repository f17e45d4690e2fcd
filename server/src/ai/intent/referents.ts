import { placedTokens } from "./reader";

/**
 * A title whose object is a pronoun ("Handle it", "Change it") names nothing on a task list. The
 * sentence before usually says what "it" is: a question about an action ("has anyone looked at
 * the broken export button?" → "Look at the broken export button") or the thing it talks about
 * ("Your password expires in 3 days" → "Change your password").
 */

const PRONOUN_OBJECT =
  /^(?<verb>\p{L}+(?:\s+(?:up|out|over|into|with|on|at|of|care\s+of))?)\s+(?<pronoun>it|this|that|them|these|those)\b(?<rest>[^.?!]{0,40})$/iu;

/** Whether a title acts on a pronoun alone: "Handle this", "Take care of it by Friday". */
export function actsOnPronoun(title: string): boolean {
  return PRONOUN_OBJECT.test(title.trim());
}

const ASKER = new Set(["anyone", "anybody", "someone", "somebody", "you", "u"]);
const ASKING_AUX = new Set([
  "has",
  "have",
  "did",
  "does",
  "do",
  "is",
  "are",
  "can",
  "could",
  "would",
  "will",
]);

const capitalise = (text: string) => text.replace(/\p{L}/u, (letter) => letter.toUpperCase());

/** The title with its pronoun replaced from the sentence before, or undefined when that says nothing. */
export function titleWithReferent(title: string, previous: string): string | undefined {
  const match = PRONOUN_OBJECT.exec(title.trim());
  if (!match?.groups) return undefined;
  const tokens = placedTokens(previous.replace(/\s*[?.!]+\s*$/, ""));
  // "Has anyone looked at the broken export button?": the action asked about.
  const [aux, asker, verb, next] = tokens;
  if (
    aux &&
    asker &&
    verb &&
    next &&
    ASKING_AUX.has(aux.word) &&
    ASKER.has(asker.word) &&
    verb.tag === "VERB"
  ) {
    return capitalise(`${verb.lemma} ${previous.slice(next.start).replace(/\s*[?.!]+\s*$/, "")}`);
  }
  // The first thing the sentence talks about: "Your password", "the printer on floor 2".
  const first = tokens.findIndex((token) => token.tag === "NOUN");
  if (first < 0) return undefined;
  let from = first;
  while (from > 0 && /^(?:DET|ADJ|NOUN|PROPN|NUM)$/.test(tokens[from - 1]!.tag)) from -= 1;
  if (from > 0 && /^(?:your|my|our|their|his|her)$/.test(tokens[from - 1]!.word)) from -= 1;
  let to = first;
  while (tokens[to + 1] && /^(?:NOUN|PROPN)$/.test(tokens[to + 1]!.tag)) to += 1;
  const phrase = previous
    .slice(tokens[from]!.start, tokens[to]!.end)
    .replace(/^(?:Your|My|Our|The|A|An)\b/, (word) => word.toLowerCase());
  const phraseWithArticle = /^(?:the|a|an|your|my|our|their|his|her|this|that)\s/i.test(phrase)
    ? phrase
    : `the ${phrase}`;
  return `${match.groups.verb} ${phraseWithArticle}${match.groups.rest ?? ""}`;
}
