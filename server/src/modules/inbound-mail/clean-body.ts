/**
 * Turning an e-mail body into the text that matters (issue 6): the forwarded message when there
 * is one, without quoted history or signature. Pure functions over plain text.
 */

const FORWARD_MARKERS = [
  /^-{2,}\s*Forwarded message\s*-{2,}\s*$/i, // Gmail
  /^-{2,}\s*Original Message\s*-{2,}\s*$/i, // Outlook
  /^Begin forwarded message:\s*$/i, // Apple Mail
  /^-{2,}\s*Weitergeleitete Nachricht\s*-{2,}\s*$/i,
  /^-{2,}\s*Message transféré\s*-{2,}\s*$/i,
];

/** Header lines inside a forwarded block: "From: …", "Sent: …", "*Subject:* …" (Outlook bold). */
const FORWARD_HEADER = /^\*?(From|Sent|Date|To|Cc|Subject|Reply-To)\*?:\s*(.*)$/i;

const REPLY_INTRO = [
  /^On .{1,200}wrote:\s*$/i, // Gmail, Apple Mail
  /^Am .{1,200}schrieb .{0,200}:\s*$/i,
  /^Le .{1,200}a écrit\s*:\s*$/i,
];

const SIGNATURE_STARTS = [
  /^-- ?$/, // the standard delimiter (RFC 3676)
  /^Sent from my (iPhone|iPad|Android|phone|mobile device|Galaxy)/i,
  /^Get Outlook for (iOS|Android)/i,
  /^Sent from (Mail|Outlook) for Windows/i,
];

export interface ForwardedMessage {
  subject: string | undefined;
  body: string;
}

function normaliseNewlines(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}

/**
 * The forwarded message inside a body, if there is one: what follows the marker line and the
 * header block after it (From/Date/Subject/To). The subject is the forwarded one.
 */
export function findForwardedMessage(body: string, subjectSaysForward = false): ForwardedMessage | undefined {
  const lines = normaliseNewlines(body).split("\n");
  let markerIndex = lines.findIndex((line) => FORWARD_MARKERS.some((marker) => marker.test(line.trim())));
  if (markerIndex === -1 && subjectSaysForward) {
    // Outlook forwards with a rule of underscores, or just the header block: "From: …" then "Sent: …"
    markerIndex = lines.findIndex(
      (line, index) =>
        /^\*?From\*?:\s/i.test(line.trim()) && /^\*?(Sent|Date)\*?:\s/i.test(lines[index + 1]?.trim() ?? ""),
    );
    if (markerIndex > 0 && /^_{10,}$/.test(lines[markerIndex - 1]!.trim())) markerIndex -= 1;
    else if (markerIndex !== -1) markerIndex -= 1; // the header block itself starts right after
  }
  if (markerIndex < -1 || (markerIndex === -1 && !subjectSaysForward)) return undefined;
  if (markerIndex === -1 && !lines.some((line) => FORWARD_HEADER.test(line.trim()))) return undefined;
  let index = markerIndex + 1;
  let subject: string | undefined;
  let sawHeader = false;
  while (index < lines.length) {
    const line = lines[index]!.trim();
    const header = FORWARD_HEADER.exec(line);
    if (header) {
      sawHeader = true;
      if (header[1]!.toLowerCase() === "subject") subject = header[2]!.trim() || undefined;
      index += 1;
      continue;
    }
    if (line === "" && !sawHeader) {
      index += 1;
      continue;
    }
    break;
  }
  return { subject, body: lines.slice(index).join("\n").trim() };
}

/**
 * Drops quoted history: "> " lines and everything from a reply introduction ("On … wrote:") or an
 * Outlook reply header block ("From: …" followed by "Sent:") onwards.
 */
export function stripQuotedReply(body: string): string {
  const lines = normaliseNewlines(body).split("\n");
  const kept: string[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    const trimmed = line.trim();
    if (REPLY_INTRO.some((intro) => intro.test(trimmed))) break;
    // A reply intro wrapped over two lines: "On Tue, 3 Nov 2026 at 10:00, Ada Lovelace <ada@…>\nwrote:"
    if (/^On\s/i.test(trimmed) && /^wrote:\s*$/i.test(lines[index + 1]?.trim() ?? "")) break;
    if (/^-{2,}\s*Original Message\s*-{2,}$/i.test(trimmed)) break;
    if (/^\*?From\*?:\s/i.test(trimmed) && /^\*?(Sent|Date)\*?:\s/i.test(lines[index + 1]?.trim() ?? ""))
      break;
    if (/^_{10,}$/.test(trimmed) && /^\*?From\*?:\s/i.test(lines[index + 1]?.trim() ?? "")) break;
    if (trimmed.startsWith(">")) continue;
    kept.push(line);
  }
  return kept.join("\n");
}

/** Cuts the signature: from the "-- " delimiter or a "Sent from my iPhone" line onwards. */
export function stripSignature(body: string): string {
  const lines = normaliseNewlines(body).split("\n");
  const start = lines.findIndex((line) =>
    SIGNATURE_STARTS.some((signature) => signature.test(line.trimEnd())),
  );
  return (start === -1 ? lines : lines.slice(0, start)).join("\n");
}

/** Collapses runs of blank lines and trailing spaces. */
function tidy(text: string): string {
  return normaliseNewlines(text)
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function stripForwardPrefix(subject: string): string {
  return subject.replace(/^\s*((fwd?|fw|wg|tr|re|aw)\s*:\s*)+/i, "").trim();
}

export interface CleanedMail {
  subject: string;
  body: string;
}

/**
 * The subject and body a task is made from: a forwarded message's own subject and body when the
 * mail forwards one, else the mail's; quoted replies and signatures removed; "Fwd:"/"Re:" gone.
 */
export function cleanMail(subject: string | undefined, body: string): CleanedMail {
  const forwarded = findForwardedMessage(body, /^\s*(fwd?|fw|wg|tr)\s*:/i.test(subject ?? ""));
  const content = forwarded ? forwarded.body : body;
  const cleaned = tidy(stripSignature(stripQuotedReply(content)));
  return {
    subject: stripForwardPrefix(forwarded?.subject ?? subject ?? ""),
    body: cleaned,
  };
}
