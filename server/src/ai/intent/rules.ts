/**
 * What a sentence classifier cannot see: the kind of text around a request and who is to act.
 * Each rule is a plain reading a person would make of an e-mail.
 */

/** Legal disclaimers: "If you received this in error, please notify the sender and delete it". */
const DISCLAIMER =
  /\b(?:intended\s+(?:only\s+)?for\s+the\s+(?:use\s+of\s+the\s+)?(?:addressee|individual|recipient|named)|intended\s+recipient|received\s+this\s+(?:e-?mail|message|communication|transmission)?\s*in\s+error|confidential(?:ity)?\s+(?:notice|information|and\/or\s+privileged)|privileged\s+(?:and|or|\/)\s+confidential|(?:delete|destroy)\s+(?:this|the)\s+(?:e-?mail|message|original)|any\s+(?:review|dissemination|distribution|copying|use)\b.{0,60}\bprohibited|not\s+(?:an\s+)?offer\s+(?:to\s+buy|or\s+solicitation)|(?:do\s+not|don'?t)\s+consent\s+to\s+(?:internet\s+)?e-?mail|disclaimer)\b/i;

/** Marketing and list footers: "Click here to unsubscribe", "Visit our website for offers". */
const MARKETING =
  /\b(?:unsubscribe|opt[- ]out|to\s+be\s+removed\s+from|remove\s+(?:me|yourself)\s+from|mailing\s+list|click\s+(?:here|below|the\s+link)|(?:visit|see)\s+(?:us|our\s+(?:web\s*)?site)|limited\s+time|special\s+offer|free\s+(?:trial|shipping|gift)|order\s+now|act\s+now|call\s+(?:now|today|toll[- ]free)|buy\s+now|sign\s+up\s+(?:now|today)|subscribe\s+(?:now|today)|\$\d[\d,]*\s+(?:off|today)|save\s+(?:up\s+to\s+)?\d+\s*%)/i;

/** Automatic replies: "I am out of the office until Monday with limited access to e-mail". */
const AUTO_REPLY =
  /\b(?:out\s+of\s+(?:the\s+)?office|automatic\s+reply|auto(?:matic)?[- ]?reply|away\s+from\s+(?:the\s+|my\s+)?(?:office|desk)|limited\s+access\s+to\s+(?:e-?mail|my\s+e-?mail)|(?:will|shall)\s+(?:be\s+)?return(?:ing)?\s+(?:to\s+the\s+office\s+)?on|in\s+my\s+absence|if\s+you\s+are\s+contacting\s+me\b|(?:please\s+)?resend\s+(?:this|your)\s+(?:e-?mail|message)\s+to)\b/i;

/** Greetings, thanks and sign-offs: nothing to do. */
const COURTESY =
  /^(?:(?:many\s+|thanks\s+)?thanks?(?:\s+you)?(?:\s+(?:so|very)\s+much)?(?:\s+(?:again|in\s+advance|for\s+(?:your|the|all)\b.*))?|thx|cheers|regards|best(?:\s+regards|\s+wishes)?|kind\s+regards|sincerely|take\s+care|hi|hello|hey|dear\s+\S+|good\s+(?:morning|afternoon|evening)|(?:i\s+)?hope\s+(?:you|all|this|everything)\b.*|have\s+a\s+(?:great|good|nice|wonderful)\s+(?:day|weekend|week|evening|holiday|trip|time)\b.*|enjoy\b.*|congratulations\b.*|congrats\b.*|welcome\s+(?:aboard|back)\b.*)[\s,.!]*(?:[-–—]?\s*\p{Lu}[\p{L}'-]+[\s.!]*)?$/iu;

/** "Please let me know if you have any questions": an offer, not a request. */
const OPEN_OFFER =
  /^(?:please\s+)?(?:(?:do\s+not|don'?t)\s+hesitate\s+to\s+(?:call|contact|e-?mail)|(?:feel\s+free\s+to|you\s+can)\s+(?:call|contact|e-?mail|reach)|(?:call|contact|e-?mail)\s+me|let\s+me\s+know|give\s+me\s+a\s+call)\b.*\b(?:if\s+you\s+have\s+(?:any\s+)?(?:questions?|concerns?|comments?)|if\s+you\s+need\s+(?:anything|any\s+(?:more|further|additional)\s+(?:information|help))|should\s+you\s+have\s+(?:any\s+)?questions?|with\s+(?:any\s+)?questions)\b/i;

/** Politeness that asks for nothing: "Please find attached…", "Feel free to call me". */
const POLITE_FILLER =
  /^(?:(?:fyi|ps|p\.s\.|note)\s*[-–—:,]*\s*)?(?:please\s+)?(?:(?:do\s+not|don'?t)\s+hesitate\b|feel\s+free\b|find\s+(?:attached|enclosed|below)\b|see\s+(?:below|attached|our\s+(?:web\s*)?site)\b|note\s+that\b|keep\s+up\s+the\s+good\s+work\b|thanks\s+to\b|excuse\s+(?:me|my)\b|sorry\b|(?:please\s+)?let\s+(?:me|us)\s+know\s+if\s+you\s+(?:need|have|would\s+like|want)\s+(?:any(?:thing)?\s+)?(?:more|further|additional|else|other|questions?|help|details?|comments?)\b)/i;

/** "Thanks for the update, please send the slides": courtesy that carries a request. */
const ASKS = /\b(?:please|pls|kindly|(?:can|could|would|will)\s+you)\b/i;

/**
 * An open offer to help, anywhere in a sentence: "Should you have any questions, let me know",
 * "Call me if anyone has any questions", "Let me know if you need any more details".
 */
const OFFER_ANYWHERE =
  /\b(?:(?:if|should)\s+(?:you|anyone|anybody)\s+(?:have|has|need|needs|want|would\s+like)\s+(?:any(?:thing)?\s+)?(?:more\s+|further\s+|additional\s+|other\s+)?(?:questions?|concerns?|comments?|details?|information|help|else)|with\s+any\s+(?:questions?|concerns?|comments?)|if\s+(?:we|you)\s+(?:should|need\s+to|want\s+to|would\s+like\s+to)\s+(?:talk|speak|discuss\s+(?:this|it))\s+(?:further|more))\b/i;

/**
 * Answers the reader owes only if they choose to: "Let me know if you can't make it", "If you want to join, go ahead", "If I'm not in, leave me a message".
 */
const OPTIONAL_REPLY =
  /\blet\s+(?:me|us)\s+know\s+if\s+(?:you|anyone|anybody)\s+(?:can['’]?t|cannot|can\s+not|won['’]?t|will\s+not|are\s+unable\s+to|(?:do|does)\s+not|don['’]?t|doesn['’]?t)\s+(?:make|attend|come|join)\b|^if\s+you\s+(?:want|wish|would\s+like|['’]d\s+like|care)\s+to\b|^if\s+i['’]?m\s+not\s+(?:there|in|here|around|available)\b|^if\s+i\s+am\s+not\s+(?:there|in|here|around|available)\b/i;

/** Handing something over is no request: "Here is the data you asked for", "<<File: plan.pdf>>". */
const HANDING_OVER =
  /^(?:\p{Lu}[\p{L}'-]+,\s+)?(?:here\s+(?:is|are)|here['’]s|attached\s+(?:is|are)|enclosed\s+(?:is|are))\b|^<<[^>]*>>/iu;

/** "Janel, how is it going?": a greeting in the form of a question. */
const GREETING_QUESTION =
  /^(?:[\p{L}'-]+,\s*)?how\s+(?:are\s+you|are\s+things|is\s+(?:it|everything|life)\s+going|have\s+you\s+been|was\s+your\s+(?:weekend|trip|holiday|vacation|day))\b[^?]{0,30}\?$/iu;

/** "Start Date: 7/1 End Date: 7/31 Volume: 2,000": a record of labelled fields, not a sentence. */
const FIELD_LABEL = /(?:^|\s)\p{Lu}\p{L}*(?:\s\p{Lu}\p{L}*)?:\s/gu;

function isRecord(sentence: string): boolean {
  return (sentence.match(FIELD_LABEL)?.length ?? 0) >= 3 && !ASKS.test(sentence);
}

/**
 * What will happen to the reader is news, not a request: "Otherwise you will have problems",
 * "You'll receive the tickets by post" (but "you will need to sign" asks for something).
 */
const FORECAST_FOR_YOU =
  /\byou(?:\s+will|['’]ll)\s+(?:(?:probably|also|still|then)\s+)?(?:have|be|get|see|receive|find|notice|hear|like|love|enjoy)\b(?!\s+(?:to|able\s+to)\b)/i;

function isForecast(sentence: string): boolean {
  return FORECAST_FOR_YOU.test(sentence) && !ASKS.test(sentence) && !/\?\s*$/.test(sentence);
}

export function isBoilerplate(sentence: string): boolean {
  return (
    isForecast(sentence) ||
    GREETING_QUESTION.test(sentence.trim()) ||
    isRecord(sentence) ||
    OPTIONAL_REPLY.test(sentence.trim()) ||
    (HANDING_OVER.test(sentence.trim()) && !ASKS.test(sentence)) ||
    (OFFER_ANYWHERE.test(sentence) && !/\b(?:and|then)\s+(?:send|review|sign|call)\b/i.test(sentence)) ||
    POLITE_FILLER.test(sentence.trim()) ||
    DISCLAIMER.test(sentence) ||
    MARKETING.test(sentence) ||
    AUTO_REPLY.test(sentence) ||
    (COURTESY.test(sentence.trim()) && !ASKS.test(sentence)) ||
    OPEN_OFFER.test(sentence.trim())
  );
}

/**
 * The sender's own plans: "I will send the figures tomorrow", "I have to run to a meeting".
 * The reader is not asked to act (a question — "Will I see you there?" — is read as usual).
 */
const SENDERS_OWN =
  /^(?:\p{Lu}[\p{L}'-]+,\s+)?(?:(?:so|and|also|but|ok|okay|then|anyway|maybe|perhaps|probably|hopefully)[,\s]+)*(?:i|i['’]ll|i['’]m|i['’]ve)\b(?:\s+(?:also|just|still|really|then|probably|definitely|first))*\s*(?:(?:will|shall|'ll|['’]ll)\b|(?:am|['’]m)\s+(?:going\s+to|planning\s+to|about\s+to|working\s+on|sending|attaching|forwarding|leaving|out|in|off|on|at|travel+ing|heading|running)\b|(?:have|['’]ve)\s+(?:to|got\s+to)\b|need\s+to\b|must\b|plan\s+to\b|intend\s+to\b|hope\s+to\b|expect\s+to\b|(?:would|'d|['’]d)\s+(?:be\s+happy|be\s+glad|love|like)\s+to\b|(?:should|can|could)\s+(?:have|send|get|do|be)\b|just\s+(?:\p{L}+ed|left|sent|got|spoke|heard|had|made|met|saw|told|wrote|put)\b|(?:am|['’]m)\s+(?:so\s+|very\s+|really\s+)?(?:glad|happy|pleased|sorry|thrilled|excited)\b|(?:hope|look\s+forward|think|believe|guess)\b)/iu;

/**
 * "We will circulate the minutes", "We look forward to…": announcements of the sender's side.
 * "We will need to renew the lease" is an obligation the reader shares, not an announcement.
 */
const SENDERS_SIDE =
  /^(?:\p{Lu}[\p{L}'-]+,\s+)?(?:(?:so|and|also|but|maybe|perhaps)[,\s]+)*we\s+(?:(?:will|shall|['’]ll)(?!\s+(?:(?:also|still|probably|definitely)\s+)?(?:need|have)\s+to\b)|hope|look\s+forward|think|believe|(?:are|['’]re)\s+(?:trying|going|planning|working|hoping|looking))\b|^we['’](?:ll(?!\s+(?:(?:also|still|probably|definitely)\s+)?(?:need|have)\s+to\b)|re\s+(?:trying|going|planning|working|hoping|looking))\b/iu;

/**
 * What the sender did or saw, told as news: "I spoke with the landlord this morning", "I saw
 * Dave earlier and he wants to meet". A request in the same sentence ("…, please call him") wins.
 */
const SENDERS_REPORT =
  /^(?:\p{Lu}[\p{L}'-]+,\s+)?(?:(?:so|and|also|but|ok|okay|anyway)[,\s]+)*i\s+(?:(?:also|just|already|finally|briefly)\s+)?(?:saw|spoke|talked|met|heard|had|got|received|called|told|wrote|read|checked|looked|noticed|found|ran\s+into|bumped\s+into)\b/iu;

/**
 * The sender's own aims, told for the reader's information: "I want to make sure everyone knows
 * the office is closed", "I wanted to let you know the van is fixed".
 */
const SENDERS_AIM =
  /\bi\s+(?:want|wanted|would\s+like|['’]d\s+like)\s+to\s+(?:make\s+sure|ensure|point\s+out|mention|clarify|note|let\s+(?:you|everyone|everybody|all\s+of\s+you)\s+know)\b/i;

/**
 * A condition on the reader with the sender's side doing the work: "If you can get us the
 * figures, we can prepare the contract". What the sender will then do is no task of the reader's.
 */
const SENDERS_SIDE_IF =
  /^if\b[^,]{3,160},\s*(?:then\s+)?(?:we|i)\s+(?:can|could|will|would|shall|['’]ll|should\s+be\s+able\s+to)\b/i;

export function isSendersOwnPlan(sentence: string): boolean {
  const text = sentence.trim();
  if (text.endsWith("?")) return false;
  if (SENDERS_OWN.test(text) || SENDERS_SIDE.test(text)) return true;
  return (
    !ASKS.test(text) && (SENDERS_REPORT.test(text) || SENDERS_AIM.test(text) || SENDERS_SIDE_IF.test(text))
  );
}

/** Social events a question invites the reader to: "Can I take you to lunch?". */
const EVENT =
  /\b(lunch|dinner|breakfast|brunch|coffee|drinks?|a\s+beer|beers|happy\s+hour|golf|the\s+game|a\s+game|a\s+party|the\s+party|a\s+movie|a\s+show|a\s+concert|tennis|a\s+round)\b/i;
const INVITING =
  /^(?:(?:so|and|also|hey|hi)[,\s]+)*(?:can|could|may|shall)\s+(?:i|we)\s+(?:take|buy|treat|invite)\b|^(?:(?:so|and|also|hey|hi)[,\s]+)*(?:would|do|did|will)\s+you\s+(?:like|want|care|be\s+(?:interested|available|free|up\s+for))\b|^(?:(?:so|and|also|hey|hi)[,\s]+)*(?:are|is)\s+(?:you|anyone|anybody|everyone)\s+(?:free|available|interested|up\s+for|around|in)\b|^(?:(?:so|and|also|hey|hi)[,\s]+)*(?:want\s+to|wanna|how\s+about|what\s+about|care\s+to|shall\s+we|should\s+we|let['’]?s)\b/i;

/** The event an invitation names ("lunch"), or undefined when the sentence invites to nothing. */
export function invitationTo(sentence: string): string | undefined {
  const text = sentence.trim();
  if (!text.endsWith("?") && !/^let['’]?s\b/i.test(text)) return undefined;
  if (!INVITING.test(text)) return undefined;
  return EVENT.exec(text)?.[1]
    ?.toLowerCase()
    .replace(/^(?:a|the)\s+/, "");
}

/** "Thanks,\nDana" or "-Dana" at the end of an e-mail: who wrote it, for "Reply to Dana…". */
export function signedName(content: string): string | undefined {
  const lines = content
    .trim()
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const last = lines.at(-1) ?? "";
  const name = /^[-–—~]?\s*(\p{Lu}[\p{L}'-]{1,20}(?:\s\p{Lu}[\p{L}'-]{1,20})?)\s*$/u.exec(last)?.[1];
  if (name && lines.length > 1) return name.split(" ")[0];
  // A one-line body that ends in a sign-off: "… Let me know. Thanks, Dana"
  const inline = /(?:thanks|regards|cheers|best)[,!.]?\s+[-–—~]?\s*(\p{Lu}[\p{L}'-]{1,20})\s*\.?$/iu.exec(
    last,
  );
  return inline?.[1];
}
