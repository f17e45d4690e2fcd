import { namesAnAssignment } from "./intent/clauses";

// ---------------------------------------------------------------------------------------------
// Reading a text: e-mails, chat logs, meeting notes.
// ---------------------------------------------------------------------------------------------

const HEADER_LINE = /^(?:from|to|cc|bcc|date|sent|subject|re|fw|fwd|reply-to)\s*:/i;
const QUOTED_LINE = /^\s*>/;
const WROTE_LINE = /^on\s.+\bwrote:\s*$/i;
const SIGNATURE_START = /^(?:--\s*|__+|sent from my\s.+)$/i;
const HEADING = /^\s*#{1,6}\s+/;
const ACTION_SECTION =
  /^\s*(?:#{1,6}\s*)?(?:\*\*|__)?(?:action\s+items?|next\s+steps|to-?dos?|to\s+do|follow[- ]ups?|tasks|ais)(?:\*\*|__)?\s*:?\s*(?:\*\*|__)?\s*$/i;
const SECTION_LABEL = /^\s*(?:\*\*|__)?[\p{L}][\p{L} ]{0,30}:(?:\*\*|__)?\s*$/u;
const BULLET = /^\s*(?:[-*+•‣◦]|\d{1,3}[.)])\s+/;
const CHAT_TIME = /^\s*\[?\d{1,2}:\d{2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?\]?\s*[-–]?\s*/i;
const CHAT_NICK = /^\s*<([^>\s]{1,30})>\s*/;
const SPEAKER = /^([\p{Lu}@][\p{L}\p{N}._'-]*(?:\s[\p{Lu}][\p{L}.'-]*)?)\s*:\s+/u;
/** "Anna: send the deck", "Bob to book the room", "@carol please…" in a list of actions */
export const OWNER = /^@?([\p{Lu}][\p{L}'-]*(?:\s[\p{Lu}][\p{L}'-]*)?)\s*(?::|\s[-–]|\s+to|\s+will)\s+/u;
export const MENTION = /^(?:@[\p{L}\p{N}._-]+[,:]?\s+)+/u;
/** "Saturday: return the books" is a day heading a list, not a speaker. */
const DAY_WORD = /^(?:today|tonight|tomorrow|weekend|(?:mon|tues|wednes|thurs|fri|satur|sun)day)$/i;
export const LABELS =
  /^(?:action\s+items?|to-?do|to\s+do|task|reminder|remember|note|ps|fyi|update|deadline)$/i;

export interface Unit {
  text: string;
  speaker?: string;
  /** An item under "Action items:" is a task even when it is not phrased as a request */
  forced: boolean;
  /** Who an assignment names ("Priya to send the contract"): the title says so */
  owner?: string;
  /** A day heading the clause ("Saturday: …"), its deadline when it names none itself */
  when?: string;
}

/** Paragraphs, list items and chat messages of the lines the pattern method left. */
export function unitsOf(lines: string[], usedLines: Set<number>): Unit[] {
  const units: Unit[] = [];
  let paragraph: string[] = [];
  let inActionSection = false;
  let inSignature = false;
  // Whitespace runs collapsed: the sentence rules never see a thousand spaces in a row.
  const push = (unit: Unit) => units.push({ ...unit, text: unit.text.replace(/\s+/g, " ").trim() });
  const flush = () => {
    if (paragraph.length > 0) push({ text: paragraph.join(" "), forced: false });
    paragraph = [];
  };
  lines.forEach((line, index) => {
    const trimmed = line.trim();
    if (usedLines.has(index) || trimmed === "") {
      flush();
      if (trimmed === "") inActionSection = false;
      if (trimmed === "") inSignature = false;
      return;
    }
    if (inSignature) return;
    if (SIGNATURE_START.test(trimmed)) {
      flush();
      inSignature = true;
      return;
    }
    if (HEADER_LINE.test(trimmed) || QUOTED_LINE.test(line) || WROTE_LINE.test(trimmed)) {
      flush();
      return;
    }
    if (ACTION_SECTION.test(trimmed)) {
      flush();
      inActionSection = true;
      return;
    }
    if (HEADING.test(line) || SECTION_LABEL.test(trimmed)) {
      flush();
      inActionSection = false;
      return;
    }
    if (BULLET.test(line)) {
      flush();
      push({ text: trimmed.replace(BULLET, ""), forced: inActionSection });
      return;
    }
    const chatTime = CHAT_TIME.exec(line);
    const nick = CHAT_NICK.exec(line);
    if (chatTime || nick) {
      flush();
      const message = line.slice((chatTime ?? nick)![0].length);
      const speakerMatch = nick ?? SPEAKER.exec(message);
      const text = nick ? message : message.slice(speakerMatch?.[0].length ?? 0);
      push({ text, speaker: speakerMatch?.[1], forced: false });
      return;
    }
    const speaker = SPEAKER.exec(trimmed);
    // "Marco: get quotes from two printers" is Marco's action item: read whole, it keeps his name.
    if (speaker && namesAnAssignment(trimmed)) {
      flush();
      push({ text: trimmed, forced: false });
      return;
    }
    if (speaker?.[1] && !LABELS.test(speaker[1]) && !DAY_WORD.test(speaker[1])) {
      flush();
      push({ text: trimmed.slice(speaker[0].length), speaker: speaker[1], forced: false });
      return;
    }
    paragraph.push(trimmed);
  });
  flush();
  return units;
}

/** Titles that differ only in case and punctuation are the same task. */
export function titleKey(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
