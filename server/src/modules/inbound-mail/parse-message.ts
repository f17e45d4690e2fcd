import { createHash } from "node:crypto";
import { simpleParser, type AddressObject } from "mailparser";

/** What Tasklane reads from a raw MIME message. */
export interface InboundMessage {
  /** Message-ID, or a hash of the raw message when it has none (still dedupes redelivery) */
  messageId: string;
  /** lower-cased sender address, "" when there is none */
  from: string;
  /** lower-cased addresses from Delivered-To, To and Cc, in that order */
  headerRecipients: string[];
  subject: string | undefined;
  /** the plain-text body, "" when the message has only HTML */
  text: string;
  /** the HTML body, read when there is no plain text */
  html: string | undefined;
  attachments: { filename: string }[];
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((group) =>
    group.value.flatMap((entry) => (entry.address ? [entry.address.toLowerCase()] : [])),
  );
}

function headerAddresses(value: unknown): string[] {
  if (!value) return [];
  if (typeof value === "string") {
    return [...value.matchAll(/[^\s<>,;"]+@[^\s<>,;"]+/g)].map((match) => match[0].toLowerCase());
  }
  if (Array.isArray(value)) return value.flatMap(headerAddresses);
  if (typeof value === "object" && value !== null && "value" in value)
    return addresses(value as AddressObject);
  return [];
}

/**
 * Mail is not refused for holding NUL characters (U+0000): they are dropped, since stored text
 * never holds one (PostgreSQL cannot store it) and a sender cannot be asked to fix the message.
 */
function withoutNul(text: string): string {
  return text.replaceAll("\u0000", "");
}

/**
 * Parses any MIME message — any charset and transfer encoding — with mailparser. Never throws on
 * junk: a message it cannot make sense of comes back with an empty body.
 */
export async function parseMessage(raw: Buffer): Promise<InboundMessage> {
  // HTML is turned into text by the mail cleaning, which leaves quoted history out.
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipHtmlToText: true });
  const messageId =
    withoutNul(parsed.messageId ?? "").trim() || `sha256:${createHash("sha256").update(raw).digest("hex")}`;
  return {
    messageId: messageId.slice(0, 500),
    from: addresses(parsed.from)[0] ?? "",
    headerRecipients: [
      ...headerAddresses(parsed.headers.get("delivered-to")),
      ...addresses(parsed.to),
      ...addresses(parsed.cc),
    ],
    subject: withoutNul(parsed.subject ?? "").trim() || undefined,
    text: withoutNul(parsed.text ?? ""),
    html: parsed.html ? withoutNul(parsed.html) : undefined,
    attachments: parsed.attachments
      .filter((attachment) => attachment.contentDisposition === "attachment" || attachment.filename)
      .map((attachment) => ({ filename: withoutNul(attachment.filename ?? "attachment").slice(0, 255) })),
  };
}
