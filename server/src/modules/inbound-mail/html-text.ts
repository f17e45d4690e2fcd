import { convert } from "html-to-text";

/**
 * Turns the HTML of a mail that has no plain-text part into text with html-to-text. Quoted history
 * in HTML mail sits in a <blockquote> (Gmail, Apple Mail, Thunderbird, Outlook on the web), so it
 * is left out here rather than guessed at later; images and link targets are noise for task
 * extraction, and table cells become lines of their own.
 *
 * Only the first `maxChars` characters are read: the converter builds a whole document tree
 * before it writes a word, so a bound keeps a 10 MiB HTML body from costing seconds.
 */
export function htmlToText(html: string, maxChars: number): string {
  return convert(html.slice(0, maxChars), {
    wordwrap: false,
    selectors: [
      { selector: "blockquote", format: "skip" },
      { selector: "img", format: "skip" },
      { selector: "a", options: { ignoreHref: true } },
      { selector: "table", format: "block" },
      { selector: "tr", format: "block" },
      { selector: "td", format: "block" },
      { selector: "th", format: "block" },
    ],
  });
}
