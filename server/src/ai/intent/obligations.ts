/**
 * Two readings of what a sentence leaves the reader to do that the classifier gets wrong: a
 * sentence saying there is nothing to do ("so no action needed from you"), and a renewal stated
 * as a fact ("the licences expire on Dec 15 and must be renewed").
 */

/**
 * "No action needed from you", "you don't need to reply", "nothing to do on your side", "no need
 * to print it", "don't worry about the invoice", "for your information only".
 */
const NOTHING_TO_DO =
  /\b(?:no\s+(?:further\s+)?(?:action|reply|response|answer)\s+(?:is\s+|will\s+be\s+)?(?:needed|required|necessary|expected)|no\s+(?:further\s+)?action\s+(?:on\s+your\s+(?:side|part|end)|from\s+you|for\s+you)|nothing\s+(?:(?:else\s+)?(?:for\s+you\s+)?to\s+do|(?:is\s+)?(?:needed|required)\s+(?:from|of)\s+you)|no\s+need\s+(?:for\s+you\s+)?to|you\s+(?:(?:do\s+not|don['’]?t|won['’]?t|will\s+not)\s+(?:need|have)\s+to|needn['’]?t|need\s+not)|(?:don['’]?t|do\s+not)\s+(?:need\s+to\s+)?worry\s+about|for\s+your\s+information\s+only|fyi\s+only)\b/i;

/** A request before the negation still stands: "Please send the report; no need to print it". */
const ASKS_BEFORE = /\b(?:please|pls|kindly|(?:can|could|would|will)\s+you)\b/i;

/** Whether a sentence tells the reader there is nothing for them to do. */
export function saysNothingToDo(sentence: string): boolean {
  const found = NOTHING_TO_DO.exec(sentence);
  return found !== null && !ASKS_BEFORE.test(sentence.slice(0, found.index));
}

/** Words of a renewal: a sentence without one is no renewal ("the offer expires on Friday"). */
const RENEW_WORD = /\brenew(?:s|ed|al|ing)?\b/i;

/**
 * "The Figma licences expire on Dec 15 and must be renewed", "Your passport is due for renewal
 * in May", "The SSL certificate needs to be renewed by Jan 10": what is to be renewed comes first.
 */
const RENEWAL =
  /^(?:(?:also|and|but|just|fyi|reminder|heads[\s-]up|note|please\s+note|keep\s+in\s+mind)\b[,:!-]?\s+)*(?:that\s+)?(?<subject>[^,;:]{2,60}?)\s+(?:(?:will\s+)?expires?|expiring|(?:is|are)\s+(?:due|up)\s+for\s+renewal|(?:is|are)\s+due\s+to\s+(?:be\s+renewed|expire)|runs?\s+out|lapses?|(?:must|needs?\s+to|has\s+to|have\s+to|should)\s+be\s+renewed|needs?\s+renewing)\b/iu;

/** A subject that names nobody's thing: the sender's side, the reader or a pronoun. */
const NOT_A_THING = /^(?:i|we|you|they|he|she|it|this|that|which|what|who|there|everything|nothing)\b/i;
const DETERMINER = /^(?:the|our|your|my|their|his|her|its|this|that|these|those|all)\s/i;

/** What a sentence says must be renewed ("the Figma licences"), or undefined. */
export function renewalOf(sentence: string): string | undefined {
  if (!RENEW_WORD.test(sentence)) return undefined;
  const subject = RENEWAL.exec(sentence.trim())?.groups?.subject?.trim();
  if (!subject || NOT_A_THING.test(subject) || RENEW_WORD.test(subject)) return undefined;
  if (subject.split(/\s+/).length > 6) return undefined;
  return DETERMINER.test(subject) ? subject.charAt(0).toLowerCase() + subject.slice(1) : subject;
}
