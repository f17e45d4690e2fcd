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
  /** the plain-text body; HTML turned into text when there is no plain part */
  text: string;
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
 * Parses any MIME message — any charset and transfer encoding — with mailparser. Never throws on
 * junk: a message it cannot make sense of comes back with an empty body.
 */
export async function parseMessage(raw: Buffer): Promise<InboundMessage> {
  const parsed = await simpleParser(raw, { skipImageLinks: true });
  const messageId = parsed.messageId?.trim() || `sha256:${createHash("sha256").update(raw).digest("hex")}`;
  return {
    messageId: messageId.slice(0, 500),
    from: addresses(parsed.from)[0] ?? "",
    headerRecipients: [
      ...headerAddresses(parsed.headers.get("delivered-to")),
      ...addresses(parsed.to),
      ...addresses(parsed.cc),
    ],
    subject: parsed.subject?.trim() || undefined,
    text: parsed.text ?? "",
    attachments: parsed.attachments
      .filter((attachment) => attachment.contentDisposition === "attachment" || attachment.filename)
      .map((attachment) => ({ filename: (attachment.filename ?? "attachment").slice(0, 255) })),
  };
}
