import EmailForwardParser, { type EmailForwardResult } from "email-forward-parser";
import EmailReplyParser from "email-reply-parser";
import { extractFrom as planerExtract } from "planer";
import { EXTRACT_MAX_CHARS } from "@contract/extract";
import { htmlToText } from "./html-text";

/**
 * Turning an e-mail into the text tasks are made from, with maintained parsers:
 * - a forward (told by a localised subject prefix, or by a marker that only forwards use) gives
 *   the forwarder's note and the forwarded message, both read, and the forwarded sender/subject;
 * - anything else is a reply or a fresh mail: email-reply-parser drops quoted history and
 *   signatures, after planer where it is safe (see replyText) and after a cut at reply headers
 *   in languages the parsers do not know;
 * - a mail with only HTML is turned into text first, its blockquotes (quoted history) left out.
 */

/**
 * The parsers' regular expressions backtrack superlinearly on long lines (email-reply-parser
 * takes ~25 s on one 200,000-character line), so they only ever see a bounded text: the start of
 * the mail, twice what extraction reads (room for a forward's headers and a note), in lines of at
 * most MAX_LINE_CHARS. Any message up to the 10 MiB size limit is then cleaned in well under a
 * second, and nothing extraction would have read is lost (long lines are re-broken at a space).
 */
const MAX_TEXT_CHARS = 2 * EXTRACT_MAX_CHARS;
const MAX_LINE_CHARS = 1_000;
/** HTML carries several times its text in markup; this bounds html-to-text's document tree. */
const MAX_HTML_CHARS = 4 * MAX_TEXT_CHARS;
/** planer reads at most 1,000 lines and silently drops the rest: longer mail skips it. */
const PLANER_MAX_LINES = 1_000;

/**
 * Localised "forward" subject prefixes of Gmail, Outlook, Apple Mail, Thunderbird and Yahoo:
 * Fwd, Fw, WG (de), TR (fr), RV (es), I (it), VS (da), Vs (no), PD (pl), ENC (pt-br), VB (sv),
 * VL (fi), Doorst (nl), Videresend (no), Redir (ro), İLT (tr), with an optional "[tag] " before.
 */
const FORWARD_SUBJECT =
  /^\s*(?:\[[^\]]{0,40}\]\s*)?(?:fwd?|fw|wg|tr|rv|i|vs|pd|enc|vb|vl|doorst|videresend|redir\.?|İlt|ilt)\s*:/i;

/** Localised "reply" subject prefixes: Re, AW (de), SV (sv, da, no), Antw (nl), R/Rif (it)… */
const REPLY_SUBJECT =
  /^\s*(?:\[[^\]]{0,40}\]\s*)?(?:re|aw|sv|antw|antwort|odp|ynt|res|rif|r|réf|ref|atb|vá|回复|答复|回覆)\s*(?:\[\d+\])?\s*[:：]/i;

/** Any run of leading reply/forward prefixes, for the title of a task made from the subject. */
const SUBJECT_PREFIXES = new RegExp(
  `^(?:(?:${FORWARD_SUBJECT.source.slice(1)})|(?:${REPLY_SUBJECT.source.slice(1)}))+`,
  "i",
);

/**
 * Separators email-forward-parser knows that clients also put above a quoted *reply*: a line
 * naming the sender ('On …, "Ada" <ada@…> wrote:'), Outlook's rule of underscores and the
 * "-----Original Message-----" of Outlook, AOL and Yahoo. Under one of them, after text the
 * sender wrote, the mail is a reply unless the subject says it forwards. IONOS (Open-Xchange)
 * banners its *forwards* "---------- Original Message ----------", ten dashes a side like
 * Gmail's "Forwarded message": that one is not a reply separator.
 */
const REPLY_STYLE_SEPARATOR =
  /[<[(][^\s<>[\]()]+@[^\s<>[\]()]+[>\])].*:$|^_{10,}$|^(?!-{10} original message -{10}).*original message/i;

/**
 * The shape every client's reply header has, in any language: a line that names the sender's
 * address in brackets and ends with a colon ("29 грудня 2017 р. о 19:09 <ann@…> написав:").
 */
const REPLY_HEADER = /[<[(][^\s<>[\]()@]{1,64}@[^\s<>[\]()]{1,255}[>\])][^<>]*:$/;
const MAX_HEADER_CHARS = 300;

/** A rule of dashes, underscores or equals signs left at the end where quoted history was cut. */
const TRAILING_RULES = /(?:\n\s*[-_=*]{2,}\s*)+$/;

/** Between a forwarder's note and the forwarded message in what extraction reads (Gmail's line). */
const FORWARD_MARKER = "---------- Forwarded message ---------";

/** The library the forward parser reads a subject with; a subject we told as a forward is handed over in this form. */
const LIBRARY_FORWARD_PREFIX = "Fwd: ";

const forwardParser = new EmailForwardParser();
const replyParser = new EmailReplyParser();

export interface ForwardedOrigin {
  /** "Ada Lovelace <ada@example.com>", or whichever of the two is known */
  from: string | undefined;
  subject: string | undefined;
}

export interface CleanedMail {
  /** the subject without Re:/Fwd: prefixes: the forwarded message's own when there is one */
  subject: string;
  /** what extraction reads: the new text of a reply, or a forwarder's note and the forwarded body */
  body: string;
  /** who wrote the forwarded message and about what, when the mail is a forward */
  forwarded?: ForwardedOrigin;
}

function normaliseNewlines(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}

/** Breaks a line longer than `max` at the last space before the limit (or at the limit). */
function breakLongLine(line: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = line;
  while (rest.length > max) {
    const space = rest.lastIndexOf(" ", max);
    const cut = space > max / 2 ? space : max;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut).replace(/^ /, "");
  }
  pieces.push(rest);
  return pieces;
}

/** The start of the text, in lines no parser can choke on (see MAX_TEXT_CHARS). */
function boundForParsers(text: string): string {
  const head = normaliseNewlines(text.slice(0, MAX_TEXT_CHARS + 1));
  const complete =
    head.length <= MAX_TEXT_CHARS ? head : head.slice(0, head.lastIndexOf("\n") + 1 || MAX_TEXT_CHARS);
  return complete
    .split("\n")
    .flatMap((line) => (line.length > MAX_LINE_CHARS ? breakLongLine(line, MAX_LINE_CHARS) : [line]))
    .join("\n");
}

/** Collapses runs of blank lines and trailing spaces. */
function tidy(text: string): string {
  return text
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function withoutSubjectPrefixes(subject: string): string {
  return subject.replace(SUBJECT_PREFIXES, "").trim();
}

/**
 * Whether what planer cut off reads as quoted history: among its first lines (a reply header
 * spans up to four) one is quoted with ">", names a sender's address or is a banner such as
 * "-----Original Message-----". An appointment's "Date: / Time: / Address:" block, which planer
 * also takes for a header, has none of these.
 */
function cutLooksQuoted(text: string, kept: string): boolean {
  const keptLines = new Set(kept.split("\n").map((line) => line.trim()));
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !keptLines.has(line))
    .slice(0, 4)
    .some((line) => line.startsWith(">") || /\S@[^\s@]+\.\S/.test(line) || /^-{3,}.+-{3,}$/.test(line));
}

const isQuoted = (line: string | undefined) => line?.trimStart().startsWith(">") ?? false;

/** A reply header is one short line ending in a colon; longer lines are not tried at all. */
function isReplyHeader(line: string): boolean {
  return line.length <= MAX_HEADER_CHARS && line.endsWith(":") && REPLY_HEADER.test(line);
}

/**
 * Cuts at a reply header the parsers do not know (their lists cover a dozen languages): one that
 * starts a paragraph and is followed by nothing but ">"-quoted lines (and their wrapped
 * continuations). New text between quoted blocks is an inline answer, left to the parsers. A
 * header wrapped over two lines ("… <ann@example.com" then ">:") is read as one.
 */
function cutAtReplyHeader(text: string): string {
  const lines = text.split("\n");
  for (let index = 0; index < lines.length; index += 1) {
    if (index > 0 && lines[index - 1]!.trim() !== "") continue;
    const line = lines[index]!.trim();
    const headerLines = isReplyHeader(line)
      ? 1
      : /[<[(][^>\])]*$/.test(line) && isReplyHeader(`${line}${lines[index + 1]?.trim() ?? ""}`)
        ? 2
        : 0;
    if (headerLines === 0) continue;
    let next = index + headerLines;
    while (next < lines.length && lines[next]!.trim() === "") next += 1;
    if (!isQuoted(lines[next])) continue;
    // Scans on to the first new text; the next header can only come after it.
    while (
      next < lines.length &&
      (isQuoted(lines[next]) || lines[next]!.trim() === "" || isQuoted(lines[next - 1]))
    )
      next += 1;
    if (next === lines.length) return lines.slice(0, index).join("\n");
    index = next - 1;
  }
  return text;
}

/**
 * The new text of a reply or fresh mail: quoted history and signature removed. planer runs
 * first; on fresh mail it can take "Date: / Time: / Address:" lines, exactly what an appointment
 * to turn into a task says, for a quoted header block, so its cut is kept only when the subject
 * says the mail is a reply or the cut part reads as quoted history.
 */
function replyText(text: string, subjectSaysReply: boolean): string {
  let visible = cutAtReplyHeader(text);
  if (visible.split("\n", PLANER_MAX_LINES + 1).length <= PLANER_MAX_LINES) {
    const cut = planerExtract(visible, "text/plain");
    if (subjectSaysReply || cutLooksQuoted(visible, cut)) visible = cut;
  }
  const cleaned = tidy(replyParser.parseReply(visible)).replace(TRAILING_RULES, "");
  // A mail that is nothing but ">" quotation was sent on for what it quotes.
  const lines = text.split("\n").filter((line) => line.trim());
  const allQuoted = lines.length > 0 && lines.every((line) => /^\s*>/.test(line));
  return cleaned || (allQuoted ? tidy(text.replace(/^[ \t]*>+ ?/gm, "")) : "");
}

function formatMailbox(from: EmailForwardResult["email"]["from"]): string | undefined {
  const name = from.name?.trim();
  const address = from.address?.trim();
  if (name && address && name !== address) return `${name} <${address}>`;
  return address || name || undefined;
}

/**
 * The forward inside the text, if there is one. The subject decides first: a forward prefix
 * lets the parser also split on a bare "From:" header block. Without one, a separator that
 * forwards alone use counts, and so does a reply-style one with nothing written above it: a
 * message sent on without a word added was sent for what it carries. A reply-style separator
 * under new text leaves the mail to the reply cleaning.
 */
function findForward(text: string, subject: string): EmailForwardResult | undefined {
  if (FORWARD_SUBJECT.test(subject)) {
    const result = forwardParser.read(text, LIBRARY_FORWARD_PREFIX + withoutSubjectPrefixes(subject));
    return result.email.body === undefined ? undefined : result;
  }
  const result = forwardParser.read(text);
  if (!result.forwarded || result.email.body === undefined) return undefined;
  const afterNote = result.message ? text.indexOf(result.message) + result.message.length : 0;
  const separator = text
    .slice(Math.max(afterNote, 0))
    .split("\n")
    .map((line) => line.replace(/^[\s>\uFEFF]+/, "").trim())
    .find((line) => line !== "");
  const wroteSomething = Boolean(result.message?.trim());
  return wroteSomething && separator !== undefined && REPLY_STYLE_SEPARATOR.test(separator)
    ? undefined
    : result;
}

/**
 * The subject and text a mail's tasks are made from. `html` is read only when the mail has no
 * plain-text body.
 */
export function cleanMail(mail: { subject: string | undefined; text: string; html?: string }): CleanedMail {
  const subject = mail.subject?.trim() ?? "";
  const source = mail.text.trim() || !mail.html ? mail.text : htmlToText(mail.html, MAX_HTML_CHARS);
  const text = boundForParsers(source);

  const forward = findForward(text, subject);
  if (forward) {
    // The forwarder's note is often the instruction ("can you do this by Friday?"), so it is
    // read together with the forwarded message.
    const note = forward.message ? replyText(normaliseNewlines(forward.message), false) : "";
    // The forwarded message is taken whole, its own quoted thread included: that is what was sent
    // on to be acted upon.
    const forwardedBody = tidy(normaliseNewlines(forward.email.body ?? ""));
    const forwardedSubject = forward.email.subject?.trim() || undefined;
    return {
      subject: withoutSubjectPrefixes(forwardedSubject ?? subject),
      // The marker stays between them, so the reader knows what "this" in the note points at.
      body: note ? `${note}\n\n${FORWARD_MARKER}\n\n${forwardedBody}` : forwardedBody,
      forwarded: { from: formatMailbox(forward.email.from), subject: forwardedSubject },
    };
  }
  return {
    subject: withoutSubjectPrefixes(subject),
    body: replyText(text, REPLY_SUBJECT.test(subject)),
  };
}

/**
 * A task made from a forwarded message says where it came from, first in its description (so
 * the length limit never cuts it off).
 */
export function describeForwardedOrigin(
  description: string | null,
  forwarded: ForwardedOrigin | undefined,
): string | null {
  if (!forwarded || (!forwarded.from && !forwarded.subject)) return description;
  const origin = [
    `Forwarded message${forwarded.from ? ` from ${forwarded.from}` : ""}`,
    forwarded.subject ? `: "${forwarded.subject}"` : "",
  ].join("");
  return description ? `${origin}\n\n${description}` : origin;
}
